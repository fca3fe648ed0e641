import Foundation
import MosaicTestSupport
import Testing

/// The table as the default for tabular data, the settings that override it, and the table's
/// whole columns through a resize, end to end in tmux on generated data (issue 22).
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxTableDefaultsTests {
  /// A 19-column flights-like CSV in a scratch folder; its path.
  func flights(rows: Int = 200) throws -> String {
    try MosaicExecutable.temporaryFile(WideFlights.csv(rows: rows), name: "flights.csv")
  }

  /// Whether `screen` shows cards (their borders) rather than the table's header row.
  func showsCards(_ screen: String) -> Bool {
    screen.contains("┏") || screen.contains("┌")
  }

  @Test func a19ColumnCSVOpensAsATableAndVReachesTheCards() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([try flights()], columns: 120, rows: 30)
    defer { tmux.kill() }
    let table = tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/200") }
    let header = table.split(separator: "\n")[0]
    #expect(header.contains("│ month"), "\(table)")
    for name in ["dep_time", "sched_dep_time", "arr_time", "arr_delay"] {
      #expect(header.contains(name), "\(name) in the header:\n\(table)")
    }
    #expect(header.hasSuffix("▶"), "more columns to the right:\n\(table)")
    #expect(!showsCards(table), "\(table)")
    tmux.sendKeys("v")
    let cards = tmux.waitFor("cards") { showsCards($0) }
    #expect(cards.contains("2013"), "\(cards)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func nestedJSONOpensAsCards() throws {
    let records = (0..<30).map {
      #"{"name":"item \#($0)","price":\#($0),"stock":3,"color":"red","size":"M","tags":["a","b"]}"#
    }
    let file = try MosaicExecutable.temporaryFile(
      "[" + records.joined(separator: ",\n") + "]\n", name: "nested.json")
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([file])
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "item 0")
    #expect(showsCards(screen), "nested JSON opens as cards:\n\(screen)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }

  @Test func theConfigFileTheVariableAndTheFlagInTurn() throws {
    let path = try flights(rows: 20)
    let home = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("mosaic"), withIntermediateDirectories: true)
    try "layout = cards  # not the table\n".write(
      to: home.appendingPathComponent("mosaic/config"), atomically: true, encoding: .utf8)
    let browse = TmuxBrowseTests()
    let cases: [(arguments: [String], environment: [String: String], cards: Bool, what: String)] = [
      ([path], ["XDG_CONFIG_HOME": home.path], true, "the file's cards"),
      (
        [path], ["XDG_CONFIG_HOME": home.path, "MOSAIC_LAYOUT": "table"], false,
        "the variable's table"
      ),
      (
        [path, "--layout", "cards"], ["XDG_CONFIG_HOME": home.path, "MOSAIC_LAYOUT": "table"], true,
        "the flag's cards"
      ),
      ([path, "--layout", "table"], ["XDG_CONFIG_HOME": home.path], false, "the flag's table"),
    ]
    for test in cases {
      let tmux = try browse.start(test.arguments, environment: test.environment)
      defer { tmux.kill() }
      let screen = tmux.waitFor(test.what) { $0.contains("1/20") }
      #expect(showsCards(screen) == test.cards, "\(test.what):\n\(screen)")
      #expect(screen.hasPrefix("year") != test.cards, "\(test.what):\n\(screen)")
      tmux.sendKeys("q")
      browse.expectExit(tmux)
    }
  }

  /// Whether the header row of `screen` starts its columns at the title's edge, each a whole
  /// name (the last may be cut with "…" before ▶).
  func headerIsWhole(_ screen: String) -> Bool {
    guard let header = screen.split(separator: "\n").first else { return false }
    let glyphs = Array(header)
    guard let rule = glyphs.firstIndex(where: { $0 == "│" || $0 == "◀" }),
      rule + 2 < glyphs.count, glyphs[rule + 1] == " ", glyphs[rule + 2] != " "
    else { return false }
    let words = String(glyphs[(rule + 2)...]).split(separator: " ").map(String.init)
    return words.enumerated().allSatisfy { index, word in
      var word = word
      if index == words.count - 1, word.hasSuffix("▶") { word.removeLast() }
      if word.isEmpty || WideFlights.names.contains(word) { return true }
      return index == words.count - 1 && word.hasSuffix("…")
    }
  }

  @Test func aResizeBringsTheFocusedColumnBackAndAWiderScreenIsFilled() throws {
    let browse = TmuxBrowseTests()
    let tmux = try browse.start([try flights()], columns: 120, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor("the table") { $0.hasPrefix("year") && $0.contains("1/200") }
    for _ in 1..<WideFlights.names.count { tmux.sendKeys("Right") }
    let wide = tmux.waitFor("the last column") {
      $0.split(separator: "\n").first?.hasSuffix("time_hour") == true
    }
    #expect(headerIsWhole(wide), "\(wide)")
    #expect(wide.split(separator: "\n")[0].contains("◀"), "columns off-screen on the left")
    tmux.resize(columns: 60, rows: 30)
    let narrow = tmux.waitFor("the focused column at 60 columns") {
      $0.split(separator: "\n").first.map { $0.count <= 60 && $0.hasSuffix("time_hour") } == true
    }
    #expect(headerIsWhole(narrow), "\(narrow)")
    tmux.resize(columns: 120, rows: 30)
    let again = tmux.waitFor("120 columns again") {
      $0.split(separator: "\n").first == wide.split(separator: "\n").first
    }
    #expect(headerIsWhole(again), "\(again)")
    tmux.sendKeys("q")
    browse.expectExit(tmux)
  }
}
