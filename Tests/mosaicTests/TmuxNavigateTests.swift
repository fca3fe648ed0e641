import CSQLite
import Foundation
import MosaicTestSupport
import Testing

/// Jumps, the detail's next and previous record, copying, Esc and the mouse, in the real binary
/// in tmux, on the demo data and a generated 1,000,000-row CSV.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxNavigateTests {
  /// Starts the built `mosaic` with `arguments` in the package directory; see `MosaicPane`.
  func start(_ arguments: [String], columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
    try MosaicPane.start(arguments, columns: columns, rows: rows)
  }

  /// The last non-blank line of the screen: the status bar.
  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  /// The status bar's `position/total`, digits only (whatever separator groups them).
  func position(_ screen: String) -> (Int, Int)? {
    let bar = statusBar(screen)
    guard let match = bar.firstMatch(of: /([0-9][0-9,]*)\/([0-9][0-9,]*)/) else { return nil }
    func number(_ text: Substring) -> Int? { Int(text.filter(\.isNumber)) }
    guard let here = number(match.1), let total = number(match.2) else { return nil }
    return (here, total)
  }

  /// Waits until mosaic has exited and expects status 0.
  func expectExit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) {
    let screen = tmux.waitFor("mosaic to exit", sourceLocation: sourceLocation) {
      $0.contains("mosaic-exit=")
    }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)", sourceLocation: sourceLocation)
  }

  @Test func colonNGAndControlFOnAMillionRows() throws {
    let tmux = try start([try MillionRows.path(), "--layout", "list"])
    defer { tmux.kill() }
    tmux.waitFor("the whole file indexed", timeout: 90) {
      self.position($0)?.1 == 1_000_000 && !self.statusBar($0).contains("indexing")
    }
    tmux.sendKeys(":")
    tmux.sendLiteral("123456")
    tmux.waitFor(text: ":123456▏")
    tmux.sendKeys("Enter")
    let jumped = tmux.waitFor("record 123,456") { self.position($0)?.0 == 123_456 }
    #expect(jumped.contains("123456"), "the card of id 123456 is on screen:\n\(jumped)")
    tmux.sendKeys(":")
    tmux.sendLiteral("2000000")
    tmux.sendKeys("Enter")
    let refused = tmux.waitFor("the refusal") { self.statusBar($0).contains("no record") }
    #expect(self.position(refused)?.0 == 123_456)
    tmux.sendKeys("G")
    tmux.waitFor("the last record") { self.position($0)?.0 == 1_000_000 }
    tmux.sendKeys("g")
    tmux.waitFor("the first record") { self.position($0)?.0 == 1 }
    tmux.sendKeys("C-f")
    let paged = tmux.waitFor("a screen further") { (self.position($0)?.0 ?? 1) > 1 }
    let screenful = try #require(position(paged)?.0)
    // One record a row: a screen of 29 rows of cards (less the status bar) is about 29 records.
    #expect(screenful >= 20 && screenful <= 31, "Ctrl-F went to \(screenful)")
    tmux.sendKeys("C-d")
    tmux.waitFor("half a screen further") { (self.position($0)?.0 ?? 0) > screenful }
    tmux.sendKeys("C-b", "C-u")
    tmux.waitFor("back at the start") { self.position($0)?.0 == 1 }
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func theDetailGoesToTheNextAndPreviousRecord() throws {
    let tmux = try start(["demo-data/countries.csv"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("Enter")
    let first = tmux.waitFor(text: "record 1 of 249")
    #expect(first.contains("╭ Afghanistan"))
    tmux.sendKeys("Right")
    let second = tmux.waitFor(text: "record 2 of 249")
    #expect(second.contains("╭ Albania"))
    #expect(second.contains("Tirana"))
    tmux.sendKeys("n", "n")
    tmux.waitFor(text: "record 4 of 249")
    tmux.sendKeys("p")
    tmux.waitFor(text: "record 3 of 249")
    tmux.sendKeys("Escape")
    let cards = tmux.waitFor("the cards") { !$0.contains("record 3 of 249") }
    #expect(position(cards)?.0 == 3, "the card of the record last shown is focused")
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func escapeBacksOutAndNeverQuitsAndQQuits() throws {
    // Right moves to the next card (in the table it moves the column).
    let tmux = try start(["demo-data/countries.csv", "--layout", "cards"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("Space", "Right", "Space")
    tmux.waitFor("two selected") { self.statusBar($0).contains("2 selected") }
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "record 2 of 249")
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains("record 2 of 249") }
    tmux.sendKeys("Escape")
    tmux.waitFor("the selection cleared") { !self.statusBar($0).contains("selected") }
    tmux.sendKeys("Escape")
    tmux.sendKeys("Escape")
    let still = tmux.waitFor("the hint") { self.statusBar($0).contains("q quits") }
    #expect(!still.contains("mosaic-exit="))
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func cCopiesTheFocusedValueToTheClipboardThroughOSC52() throws {
    let tmux = try start(["demo-data/countries.csv", "--fields", "capital,region"])
    defer { tmux.kill() }
    // tmux keeps what an OSC 52 sequence copies as a paste buffer.
    tmux.command("set-option", "-g", "set-clipboard", "on")
    tmux.waitFor(text: "Afghanistan")
    #expect(tmux.command("list-buffers").isEmpty)
    tmux.sendKeys("c")
    tmux.waitFor("the confirmation") { self.statusBar($0).contains("copied capital") }
    let buffer = tmux.waitFor("the copied value") { _ in
      tmux.command("show-buffer") == "Kabul"
    }
    #expect(!buffer.isEmpty)
    tmux.sendKeys("C")
    tmux.waitFor("the record copied") { self.statusBar($0).contains("copied record 1 as JSON") }
    tmux.waitFor("the copied record") { _ in
      tmux.command("show-buffer").hasPrefix(#"{"name":"Afghanistan","official name":"#)
    }
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func aClickFocusesAndASecondClickOpens() throws {
    let tmux = try start(["demo-data/countries.csv", "--layout", "list"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    // SGR reports are 1-based: row 4 is the fourth record's row.
    tmux.sendLiteral("\u{1B}[<0;5;4M\u{1B}[<0;5;4m")
    tmux.waitFor("the fourth record focused") { self.position($0)?.0 == 4 }
    tmux.sendLiteral("\u{1B}[<0;5;4M\u{1B}[<0;5;4m")
    let detail = tmux.waitFor(text: "record 4 of 249")
    #expect(!statusBar(detail).contains("selected"))
    tmux.sendKeys("q", "q")
    expectExit(tmux)
  }

  /// A SQLite database of `orders` (1,000,000 rows: id, customer, city) and `cities` (3 rows),
  /// written once for the suite.
  static let database: String? = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-navigate-\(getpid()).db").path
    try? FileManager.default.removeItem(atPath: path)
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { return nil }
    defer { sqlite3_close(db) }
    let script = """
      PRAGMA journal_mode = OFF; BEGIN;
      CREATE TABLE cities (name TEXT PRIMARY KEY, country TEXT);
      INSERT INTO cities VALUES ('Lisbon', 'Portugal'), ('Oslo', 'Norway'), ('Lima', 'Peru');
      CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, city TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
      INSERT INTO orders SELECT i, 'customer ' || i,
        CASE i % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Oslo' ELSE 'Lima' END FROM n;
      COMMIT;
      """
    guard sqlite3_exec(db, script, nil, nil, nil) == SQLITE_OK else { return nil }
    return path
  }()

  @Test func jumpsAndCopiesInASQLiteTable() throws {
    let database = try #require(Self.database, "cannot write the test database")
    let tmux = try start([database, "--table", "orders", "--layout", "list"])
    defer { tmux.kill() }
    tmux.command("set-option", "-g", "set-clipboard", "on")
    tmux.waitFor("every row counted", timeout: 60) { self.position($0)?.1 == 1_000_000 }
    tmux.sendKeys(":")
    tmux.sendLiteral("765432")
    tmux.sendKeys("Enter")
    let jumped = tmux.waitFor("row 765,432") { self.position($0)?.0 == 765_432 }
    #expect(jumped.contains("customer 765432"), "\(jumped)")
    tmux.sendKeys("G")
    tmux.waitFor("the last row") {
      self.position($0)?.0 == 1_000_000 && $0.contains("customer 1000000")
    }
    tmux.sendKeys("C-u")
    tmux.waitFor("half a screen up") { (self.position($0)?.0 ?? 0) < 1_000_000 }
    tmux.sendKeys("Enter")
    tmux.waitFor("the detail") { $0.contains(" of 1,000,000") || $0.contains(" of 1000000") }
    tmux.sendKeys("C")
    let record = tmux.waitFor("the copied row") { _ in
      tmux.command("show-buffer").hasPrefix(#"{"id":"#)
    }
    #expect(statusBar(record).contains("copied record"), "\(statusBar(record))")
    tmux.sendKeys("q", "q")
    expectExit(tmux)
  }

  @Test func aTableOpenedFromThePickerCopiesToo() throws {
    let database = try #require(Self.database, "cannot write the test database")
    let tmux = try start([database])
    defer { tmux.kill() }
    tmux.command("set-option", "-g", "set-clipboard", "on")
    tmux.waitFor(text: "1,000,000 rows", timeout: 60)
    // The tables are listed by name: cities, then orders.
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "Portugal")
    // Escape backs out of nothing here and never quits; q comes back to the list.
    tmux.sendKeys("Escape")
    tmux.waitFor("the hint") { self.statusBar($0).contains("q quits") }
    tmux.sendKeys("c")
    tmux.waitFor("the copied value") { _ in tmux.command("show-buffer") == "Portugal" }
    tmux.sendKeys("q")
    tmux.waitFor(text: "1,000,000 rows")
    tmux.sendKeys("q")
    expectExit(tmux)
  }
}
