import CSQLite
import Foundation
import MosaicTestSupport
import Testing

/// `mosaic FILE.db`: the table picker, `--table`, `--query`, a million-row table read in windows,
/// and the one-line errors. Driven end to end in tmux (the errors without it).
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxSQLiteTests {
  /// A database of `orders` (1,000,000 rows: id, customer, city, amount), `cities` (3 rows) and a
  /// view, written once for the suite.
  static let database: String? = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-tmux-\(getpid()).db").path
    try? FileManager.default.removeItem(atPath: path)
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { return nil }
    defer { sqlite3_close(db) }
    let script = """
      PRAGMA journal_mode = OFF; BEGIN;
      CREATE TABLE cities (name TEXT PRIMARY KEY, country TEXT);
      INSERT INTO cities VALUES ('Lisbon', 'Portugal'), ('Oslo', 'Norway'), ('Lima', 'Peru');
      CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, city TEXT, amount REAL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
      INSERT INTO orders SELECT i, 'customer ' || i,
        CASE i % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Oslo' ELSE 'Lima' END,
        (i * 7919) % 100000 / 100.0 FROM n;
      CREATE VIEW lisbon AS SELECT * FROM orders WHERE city = 'Lisbon';
      COMMIT;
      """
    guard sqlite3_exec(db, script, nil, nil, nil) == SQLITE_OK else { return nil }
    return path
  }()

  /// Runs `mosaic ARGUMENTS` on the suite's database in an 80×24 tmux pane; when it ends the
  /// pane shows `mosaic-exit=STATUS`.
  func start(_ arguments: String) throws -> TmuxSession {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let database = try #require(Self.database, "cannot write the test database")
    let command =
      "\(TmuxSession.shellQuoted(executable.path)) \(arguments) "
      + "\(TmuxSession.shellQuoted(database)); echo mosaic-exit=$?; exec sleep 600"
    return try TmuxSession(
      command: command, columns: 80, rows: 24,
      environment: ["TERM": "screen", "LANG": "C.UTF-8"])
  }

  /// The last non-blank line of the screen: the status bar.
  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  @Test func thePickerListsTablesAndEnterOpensOneQComesBack() throws {
    let tmux = try start("")
    let list = tmux.waitFor("every count") { $0.contains("1,000,000 rows") }
    #expect(list.contains(": 3 tables"))
    let lines = list.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("cities") && $0.hasSuffix("3 rows") })
    #expect(lines.contains { $0.contains("lisbon") && $0.contains("view") })
    #expect(lines.contains { $0.contains("orders") && $0.hasSuffix("1,000,000 rows") })
    #expect(statusBar(list).contains("Enter open"))
    tmux.sendKeys("?")
    tmux.waitFor(text: "back to this list")
    tmux.sendKeys("x")
    tmux.waitFor("the help to close") { !$0.contains("back to this list") }
    // The tables are listed by name: cities, lisbon, orders. A database table opens as the
    // table: a header row naming the columns, a row per record.
    tmux.sendKeys("j", "j", "Enter")
    let table = tmux.waitFor("the orders table") {
      $0.split(separator: "\n").first?.contains("customer") == true
        && $0.contains("customer 1 ")
    }
    #expect(statusBar(table).contains("(orders)"))
    #expect(
      statusBar(table).contains("q back") && !statusBar(table).contains("q quit"),
      "q leads back to the list, and the bar says so: \(statusBar(table))")
    #expect(!table.contains("customer: customer"), "a table, not cards:\n\(table)")
    tmux.sendKeys("q")
    let back = tmux.waitFor(text: ": 3 tables")
    #expect(!back.contains("customer 1 "))
    tmux.sendKeys("k", "k", "Enter")
    tmux.waitFor(text: "Portugal")
    tmux.sendKeys("q")
    tmux.waitFor(text: ": 3 tables")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func tableOpensDirectlyAndEndReachesTheLastOfAMillionRows() throws {
    let tmux = try start("--table orders --no-animation --layout cards")
    let first = tmux.waitFor(text: "customer: customer 1 ")
    #expect(statusBar(first).contains("(orders)"))
    // The count runs in the background; End goes to the last row once it is known.
    tmux.waitFor("the count", timeout: 30) {
      let bar = statusBar($0)
      return !bar.contains("indexing") && (bar.contains("1000000") || bar.contains("1,000,000"))
    }
    tmux.sendKeys("End")
    // Row 1,000,000 is the only one near the end whose amount is 0.
    let end = tmux.waitFor("the last row") {
      $0.contains(" 1000000 ") && $0.contains("amount: 0.0")
    }
    #expect(end.contains("999999"))
    tmux.sendKeys("Home")
    tmux.waitFor(text: "customer: customer 1 ")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func sortAndFilterGoThroughSQL() throws {
    let tmux = try start("--table orders --no-animation --layout cards")
    tmux.waitFor(text: "customer: customer 1 ")
    // The focused field starts on the first card field (customer); amount is two along.
    tmux.sendKeys("Tab", "Tab", "]")
    let sorted = tmux.waitFor("the largest amount first", timeout: 30) {
      $0.contains("999.99") && !$0.contains("customer: customer 1 ")
    }
    let cards = sorted.split(separator: "\n").filter { $0.contains("amount") }
    #expect(cards.first?.contains("999.99") == true, "\(sorted)")
    tmux.sendKeys("[")
    tmux.waitFor("the smallest amount first", timeout: 30) {
      $0.contains(": 0.0 ") && !$0.contains("999.99")
    }
    // & keeps the rows whose any field contains the text: a LIKE in SQL.
    tmux.sendKeys("]", "&")
    tmux.sendLiteral("customer 77777")
    tmux.sendKeys("Enter")
    let filtered = tmux.waitFor("the filtered rows", timeout: 90) {
      statusBar($0).contains("11 of 1")
    }
    // customer 77777 and 777770 to 777779, the largest amount first.
    #expect(filtered.contains("┃ 777774 "))
    #expect(filtered.contains("77777 "))
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func queryShowsItsRows() throws {
    let tmux = try start(
      "--query \"SELECT city, count(*) AS n FROM orders GROUP BY city ORDER BY city\"")
    // A query's rows open as the table: its columns, a row per city.
    let screen = tmux.waitFor(text: "Oslo")
    #expect(screen.contains("Lima"))
    #expect(screen.split(separator: "\n")[0].contains("│ n"), "\(screen)")
    #expect(screen.contains(" 333333"))
    #expect(screen.contains(" 333334"))
    #expect(statusBar(screen).contains("(query)"))
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func errorsAreOneLineWithStatusTwo() throws {
    let database = try #require(Self.database)
    let table = try MosaicExecutable.run([database, "--table", "nosuch"])
    #expect(table.status == 2)
    #expect(
      table.stderrLines == [
        "mosaic: \(database): no table named \"nosuch\" (tables: cities, lisbon, orders)"
      ])
    let query = try MosaicExecutable.run([database, "--query", "SELECT nope FROM orders"])
    #expect(query.status == 2)
    #expect(query.stderrLines == ["mosaic: \(database): --query: no such column: nope"])
    let csv = MosaicExecutable.demoData.appendingPathComponent("countries.csv").path
    let notDatabase = try MosaicExecutable.run([csv, "--table", "orders"])
    #expect(notDatabase.status == 2)
    #expect(notDatabase.stderrLines.count == 1)
    #expect(notDatabase.stderr.hasPrefix("mosaic: \(csv): --table needs a SQLite database"))
    let broken = try MosaicExecutable.temporaryFile(
      "SQLite format 3\u{0}" + String(repeating: "x", count: 2000), name: "broken.db")
    let garbage = try MosaicExecutable.run([broken])
    #expect(garbage.status == 2)
    #expect(
      garbage.stderrLines == ["mosaic: \(broken): not a SQLite database (file is not a database)"])
  }
}
