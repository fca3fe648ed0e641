import Foundation
import MosaicTestSupport
import Testing

/// Each generated completion script, loaded into its own shell, offers what a user pressing
/// Tab after `mosaic` expects: file names and every browsing option at the top level (browsing
/// needs no subcommand name), option values, a database's tables and the demos' names.
@Suite struct CompletionScriptTests {
  /// A folder holding the files a user would complete: two data files (one with a space in
  /// its name) and a SQLite database with two tables and a view.
  private static func folder() throws -> ScratchDirectory {
    let folder = try ScratchDirectory("completion")
    try folder.write("name,region\nPeru,Americas\n", to: "countries.csv")
    try folder.write("{\"a\": 1}\n", to: "with space.jsonl")
    let database = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/sh"), timeout: 30)
      .run([
        "-c",
        "sqlite3 \(TmuxSession.shellQuoted(folder.path("flights.db"))) "
          + "'CREATE TABLE flights(a); CREATE TABLE planes(b); CREATE VIEW late AS SELECT 1;'",
      ])
    #expect(database.status == 0, "\(database)")
    return folder
  }

  private static var program: URL {
    get throws {
      try #require(TestExecutable.url(named: "mosaic"), "mosaic not built")
    }
  }

  private static func script(_ shell: String, in folder: ScratchDirectory) throws -> String {
    let result = try MosaicExecutable.run(["--generate-completion-script", shell])
    #expect(result.status == 0, "\(result)")
    try folder.write(result.stdout, to: "completion.\(shell)")
    return folder.path("completion.\(shell)")
  }

  /// The candidates bash's completion function leaves for each line (the last word being
  /// completed), from the folder.
  private static func bashCandidates(_ lines: [[String]]) throws -> [[String]] {
    let folder = try folder()
    let script = try script("bash", in: folder)
    var commands = [
      "source \(TmuxSession.shellQuoted(script))", "cd \(TmuxSession.shellQuoted(folder.url.path))",
    ]
    for words in lines {
      let quoted = (["mosaic"] + words).map(TmuxSession.shellQuoted).joined(separator: " ")
      commands.append(
        "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); COMP_LINE=\"${COMP_WORDS[*]}\"; "
          + "COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _mosaic; "
          + "printf '%s\\n' \"${COMPREPLY[@]}\" | sort | paste -sd '|'")
    }
    let bin = try program.deletingLastPathComponent().path
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/bin/bash"), timeout: 60)
      .run(["-c", commands.joined(separator: "\n")], environment: ["PATH": "\(bin):/usr/bin:/bin"])
    #expect(result.status == 0 && !result.timedOut, "\(result)")
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(
      lines.count
    )
    .map { $0.isEmpty ? [] : $0.split(separator: "|").map(String.init) }
  }

  @Test func bashCompletesFilesOptionsValuesTablesAndDemos() throws {
    let lines: [[String]] = [
      ["cou"], ["wi"], ["--lay"], ["--layout", ""], ["--layout", "=", "ta"], ["demo", ""],
      ["flights.db", "--table", ""], ["countries.csv", ""], ["countries.csv", "--fo"],
      ["help", ""], ["--output-format", "j"], [""],
    ]
    let candidates = try Self.bashCandidates(lines)
    try #require(candidates.count == lines.count, "\(candidates)")
    #expect(candidates[0] == ["countries.csv"])
    #expect(candidates[1] == ["with space.jsonl"], "a name with a space stays one candidate")
    #expect(candidates[2] == ["--layout"])
    #expect(candidates[3] == ["cards", "grid", "horizontal", "list", "table"])
    #expect(candidates[4] == ["table"], "--layout=ta completes after the '='")
    #expect(candidates[5].contains("grid") && candidates[5].contains("million"))
    #expect(candidates[6] == ["flights", "late", "planes"], "the database's tables and views")
    #expect(candidates[7] == [], "a browse takes one file")
    #expect(candidates[8] == ["--follow"])
    #expect(candidates[9].contains("demo") && candidates[9].contains("keys"))
    #expect(candidates[10] == ["json", "jsonl"])
    for word in ["countries.csv", "flights.db", "with space.jsonl", "demo", "layout", "inspect"] {
      #expect(candidates[11].contains(word), "mosaic <Tab> offers \(word): \(candidates[11])")
    }
  }

  @Test(.enabled(if: CommandLookup.isInstalled("fish"), "needs fish"))
  func fishCompletesFilesOptionsValuesTablesAndDemos() throws {
    let folder = try Self.folder()
    let script = try Self.script("fish", in: folder)
    let lines = [
      "mosaic cou", "mosaic --lay", "mosaic --layout ", "mosaic demo ",
      "mosaic flights.db --table ",
      "mosaic countries.csv ", "mosaic ",
    ]
    let commands =
      [
        "source \(TmuxSession.shellQuoted(script))",
        "cd \(TmuxSession.shellQuoted(folder.url.path))",
      ]
      + lines.map {
        "echo (complete -C \(TmuxSession.shellQuoted($0)) | cut -f1 | sort | string join '|')"
      }
    let bin = try Self.program.deletingLastPathComponent().path
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(
        ["fish", "--no-config", "-c", commands.joined(separator: "\n")],
        environment: ["PATH": "\(bin):/usr/bin:/bin", "HOME": folder.url.path])
    #expect(result.status == 0 && !result.timedOut, "\(result)")
    let candidates = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(lines.count).map { $0.isEmpty ? [] : $0.split(separator: "|").map(String.init) }
    try #require(candidates.count == lines.count, "\(result)")
    #expect(candidates[0] == ["countries.csv"])
    #expect(candidates[1] == ["--layout"])
    #expect(candidates[2] == ["cards", "grid", "horizontal", "list", "table"])
    #expect(candidates[3].contains("grid") && candidates[3].contains("million"))
    #expect(candidates[4] == ["flights", "late", "planes"])
    #expect(candidates[5] == [], "a browse takes one file")
    for word in ["countries.csv", "flights.db", "with space.jsonl", "demo", "layout"] {
      #expect(candidates[6].contains(word), "mosaic <Tab> offers \(word): \(candidates[6])")
    }
  }

  /// zsh completes only in an interactive shell: Tab is pressed in a real one, in tmux.
  @Test(
    .enabled(if: CommandLookup.isInstalled("zsh") && TmuxSession.shouldRun, "needs zsh and tmux"))
  func zshCompletesFilesOptionsValuesTablesAndDemos() throws {
    let folder = try Self.folder()
    let script = try Self.script("zsh", in: folder)
    let functions = try ScratchDirectory("zsh-functions")
    try FileManager.default.copyItem(atPath: script, toPath: functions.path("_mosaic"))
    let bin = try Self.program.deletingLastPathComponent().path
    try folder.write(
      "PS1='%% '\nfpath=(\(TmuxSession.shellQuoted(functions.url.path)) $fpath)\n"
        + "autoload -U compinit && compinit -u -D\nPATH=\(TmuxSession.shellQuoted(bin)):$PATH\n",
      to: ".zshrc")
    let tmux = try TmuxSession(
      command: "cd \(TmuxSession.shellQuoted(folder.url.path)) && exec zsh -d",
      environment: ["ZDOTDIR": folder.url.path, "HOME": folder.url.path, "TERM": "screen"],
      timeLimit: 300)
    defer { tmux.kill() }
    // Generous waits: on a loaded machine compinit and each Tab can take seconds.
    tmux.waitFor(text: "%", timeout: 60)
    func complete(_ line: String, expecting text: String) -> String {
      tmux.sendLiteral(line)
      tmux.sendKeys("Tab")
      let screen = tmux.waitFor(text: text, timeout: 45)
      tmux.sendKeys("C-c")
      // zsh may still be redrawing after Ctrl-C and drop a Ctrl-L sent at once: ask again.
      for _ in 0..<3 {
        tmux.sendKeys("C-l")
        let deadline = Date().addingTimeInterval(15)
        while tmux.capture().contains("mosaic") && Date() < deadline { usleep(50_000) }
        if !tmux.capture().contains("mosaic") { break }
      }
      tmux.waitFor("a clear screen", timeout: 15) { !$0.contains("mosaic") }
      return screen
    }
    #expect(complete("mosaic cou", expecting: "mosaic countries.csv").contains("countries.csv"))
    #expect(complete("mosaic --lay", expecting: "mosaic --layout").contains("--layout"))
    let layouts = complete("mosaic --layout ", expecting: "horizontal")
    #expect(layouts.contains("cards") && layouts.contains("table"), "\(layouts)")
    let tables = complete("mosaic flights.db --table ", expecting: "planes")
    #expect(tables.contains("flights") && tables.contains("late"), "\(tables)")
    let demos = complete("mosaic demo ", expecting: "million")
    #expect(demos.contains("sections"), "\(demos)")
  }
}
