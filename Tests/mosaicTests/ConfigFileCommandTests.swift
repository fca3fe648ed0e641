import Foundation
import MosaicTestSupport
import Testing

/// The configuration file and the `MOSAIC_*` variables from the command line: a bad one is one
/// line and exit status 2, and each is taken in its turn (flag, variable, file). The browser
/// opens no further than asking for a terminal, so the notes on standard error tell which
/// layout was chosen, and where.
@Suite struct ConfigFileCommandTests {
  /// A configuration folder holding `mosaic/config` with `text`; its path.
  func configHome(_ text: String) throws -> String {
    let file = try MosaicExecutable.temporaryFile(text, name: "config")
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let mosaic = folder.appendingPathComponent("mosaic")
    try FileManager.default.createDirectory(at: mosaic, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: file, toPath: mosaic.appendingPathComponent("config").path)
    return folder.path
  }

  @Test func aBadLineIsOneLineNamingTheFileTheLineAndTheKey() throws {
    let home = try configHome("# mine\nsmooth-scroll = true\nlayout = tabel\n")
    let result = try MosaicExecutable.run(
      [MosaicExecutable.demoData.appendingPathComponent("countries.csv").path],
      environment: ["XDG_CONFIG_HOME": home, "LANG": "C.UTF-8"])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines == [
        "mosaic: \(home)/mosaic/config:3: layout: no layout \"tabel\" (did you mean table?); "
          + "the layouts are grid, list, table, horizontal and cards"
      ])
    #expect(result.stdout == "")
  }

  @Test func anUnknownKeyIsOneLine() throws {
    let home = try configHome("smooth_scroll = true\n")
    let result = try MosaicExecutable.run(
      [], environment: ["XDG_CONFIG_HOME": home, "LANG": "C.UTF-8"])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines == [
        "mosaic: \(home)/mosaic/config:1: smooth_scroll: unknown key (did you mean smooth-scroll?); "
          + "the keys are layout, smooth-scroll, animation, na"
      ])
  }

  @Test func aBadVariableIsOneLine() throws {
    let result = try MosaicExecutable.run(
      [], environment: ["XDG_CONFIG_HOME": "/nonexistent", "MOSAIC_LAYOUT": "tabel"])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(result.stderrLines.first?.hasPrefix("mosaic: MOSAIC_LAYOUT=tabel: no layout") == true)
    let smooth = try MosaicExecutable.run(
      [], environment: ["XDG_CONFIG_HOME": "/nonexistent", "MOSAIC_SMOOTH_SCROLL": "maybe"])
    #expect(smooth.status == 2, "\(smooth)")
    #expect(smooth.stderrLines.count == 1, "\(smooth)")
  }

  /// The note an option the layout ignores gets names where the layout was chosen.
  @Test func theFlagOverTheVariableOverTheFile() throws {
    let home = try configHome("layout = list\n")
    let base = ["XDG_CONFIG_HOME": home, "LANG": "C.UTF-8"]
    let notTerminal =
      "mosaic: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
    let note = " ignores --columns, which sets the grid's columns (v switches to the grid)"
    let file = try MosaicExecutable.run(["--columns", "3"], environment: base)
    #expect(
      file.stderrLines == [
        "mosaic: note: layout = list in \(home)/mosaic/config" + note, notTerminal,
      ]
    )
    let variable = try MosaicExecutable.run(
      ["--columns", "3"], environment: base.merging(["MOSAIC_LAYOUT": "table"]) { $1 })
    #expect(variable.stderrLines == ["mosaic: note: MOSAIC_LAYOUT=table" + note, notTerminal])
    let flag = try MosaicExecutable.run(
      ["--columns", "3", "--layout", "horizontal"],
      environment: base.merging(["MOSAIC_LAYOUT": "table"]) { $1 })
    #expect(flag.stderrLines == ["mosaic: note: --layout horizontal" + note, notTerminal])
    let cards = try MosaicExecutable.run(
      ["--columns", "3", "--layout", "cards"], environment: base)
    #expect(cards.stderrLines == [notTerminal], "cards use --columns")
  }

  @Test func smoothScrollIsForTheBrowser() throws {
    let result = try MosaicExecutable.run([
      MosaicExecutable.demoData.appendingPathComponent("countries.csv").path, "--smooth-scroll",
      "--output", "-",
    ])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines.first?.hasPrefix("mosaic: --smooth-scroll is for the browser") == true)
  }
}
