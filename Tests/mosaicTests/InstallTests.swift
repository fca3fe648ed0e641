import Foundation
import MosaicTestSupport
import Testing

/// `make install PREFIX=…` as the README gives it: the program, its man page and its
/// completions land under the prefix, the installed program runs from any directory (the demo
/// data is in the binary), and `make uninstall` takes it all away again.
///
/// The tests install the binary this build made (`MOSAIC=…`) rather than letting make run a
/// release build inside the test run; everything else is the Makefile's own install step.
@Suite(
  .serialized,
  .enabled(
    if: CommandLookup.isInstalled("make") && CommandLookup.isInstalled("python3"),
    "needs make and python3"))
struct InstallTests {
  /// What `make install` puts under the prefix.
  static let installed = [
    "bin/mosaic", "share/man/man1/mosaic.1", "share/bash-completion/completions/mosaic",
    "share/zsh/site-functions/_mosaic", "share/fish/vendor_completions.d/mosaic.fish",
  ]

  /// A fresh directory under the temporary directory.
  static func temporaryDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Runs `make TARGET VARIABLES…` in the package, with a watchdog.
  static func make(_ arguments: [String]) throws -> ProcessRunner.Result {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 120)
      .run(["make", "-C", TestExecutable.packageRoot().path] + arguments)
    #expect(!result.timedOut, "make \(arguments) hung: \(result)")
    return result
  }

  /// Installs this build's `mosaic` under a new prefix; returns the prefix.
  static func install() throws -> URL {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let prefix = try temporaryDirectory("prefix")
    let result = try make([
      "install", "PREFIX=\(prefix.path)", "MOSAIC=\(executable.path)",
      "GENERATED=\(prefix.path)/generated",
    ])
    #expect(result.status == 0, "\(result)")
    return prefix
  }

  @Test func installPutsTheProgramManPageAndCompletionsUnderThePrefix() throws {
    let prefix = try Self.install()
    defer { try? FileManager.default.removeItem(at: prefix) }
    for path in Self.installed {
      let file = prefix.appendingPathComponent(path).path
      #expect(FileManager.default.fileExists(atPath: file), "\(path) not installed")
    }
    #expect(
      FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/mosaic").path)
    )
    // The man page comes from the parser: it has every browsing option and subcommand.
    let page = try String(
      contentsOf: prefix.appendingPathComponent("share/man/man1/mosaic.1"), encoding: .utf8)
    #expect(page.contains(".TH MOSAIC 1"))
    #expect(page.contains("mosaic 0.10.0"), "the page names the release")
    for option in ["group-by", "sort", "layout", "item-size", "columns", "no-animation"] {
      let roff = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
      #expect(page.contains(roff), "the man page lacks --\(option)")
    }
    for command in ["layout", "demo", "inspect"] {
      #expect(page.contains(".SS \"mosaic \(command)\"") || page.contains(".SS mosaic \(command)"))
    }
    // Each completion script offers the options and the subcommands.
    for path in Self.installed.dropFirst(2) {
      let script = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
      for word in ["--group-by", "--layout", "demo", "inspect"] {
        #expect(script.contains(word.hasPrefix("--") ? String(word.dropFirst(2)) : word), "\(path)")
      }
    }
  }

  /// The installed program, run from an empty directory with a bare PATH, answers --version,
  /// lays out a spec from standard input, and opens its bundled demo data (getting as far as
  /// asking for a terminal): nothing it needs lives in the build folder.
  @Test func theInstalledProgramRunsFromAnotherDirectory() throws {
    let prefix = try Self.install()
    defer { try? FileManager.default.removeItem(at: prefix) }
    let elsewhere = try Self.temporaryDirectory("elsewhere")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let runner = ProcessRunner(
      executable: prefix.appendingPathComponent("bin/mosaic"), timeout: 60)
    let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let version = try runner.run(
      ["--version"], environment: environment, currentDirectory: elsewhere)
    #expect(version.status == 0 && version.stdout == "mosaic 0.10.0\n", "\(version)")
    let spec = #"{"bounds": {"width": 80, "height": 32}, "sections": [{"items": 1}]}"#
    let layout = try runner.run(
      ["layout", "-"], input: Data(spec.utf8), environment: environment,
      currentDirectory: elsewhere)
    #expect(layout.status == 0 && layout.stdout.contains(#""kind": "cell""#), "\(layout)")
    let browse = try runner.run([], environment: environment, currentDirectory: elsewhere)
    #expect(!browse.timedOut)
    #expect(
      browse.status == 1
        && browse.stderrLines == [
          "mosaic: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
        ], "\(browse)")
  }

  /// The installed program in a real terminal, from another directory: the bundled periodic
  /// table on screen, `?` answered, `q` quits with status 0.
  @Test(.enabled(if: TmuxSession.shouldRun, "needs tmux"))
  func theInstalledProgramBrowsesInATerminal() throws {
    let prefix = try Self.install()
    defer { try? FileManager.default.removeItem(at: prefix) }
    let elsewhere = try Self.temporaryDirectory("elsewhere")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let program = TmuxSession.shellQuoted(prefix.appendingPathComponent("bin/mosaic").path)
    let tmux = try TmuxSession(
      command: "cd \(TmuxSession.shellQuoted(elsewhere.path)) && PATH=/usr/bin:/bin "
        + "\(program); echo mosaic-exit=$?; exec sleep 600",
      columns: 100, rows: 30, environment: ["TERM": "screen", "LANG": "C.UTF-8"])
    defer { tmux.kill() }
    let first = tmux.waitFor(text: "Hydrogen")
    #expect(first.contains("elements.json"), "\(first)")
    tmux.sendKeys("?")
    tmux.waitFor(text: "Keys")
    tmux.sendKeys("Escape")
    tmux.waitFor("the help to close") { !$0.contains("Keys") && $0.contains("Hydrogen") }
    tmux.sendKeys("q")
    let after = tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
    #expect(after.contains("mosaic-exit=0"), "\(after)")
  }

  @Test func uninstallRemovesWhatInstallPut() throws {
    let prefix = try Self.install()
    defer { try? FileManager.default.removeItem(at: prefix) }
    let result = try Self.make(["uninstall", "PREFIX=\(prefix.path)"])
    #expect(result.status == 0, "\(result)")
    for path in Self.installed {
      let file = prefix.appendingPathComponent(path).path
      #expect(!FileManager.default.fileExists(atPath: file), "\(path) left behind")
    }
  }
}
