import Foundation
import MosaicTestSupport
import Testing

/// `mosaic postgresql://…` against a real server the tests start (`PostgresTestServer`): the
/// picker, a table scrolled to its end, conditions with `F` and `I` under them, a sort, the
/// server going away mid-scroll and `r`, quitting while a slow query runs, and the one-line
/// refusals. Driven end to end in tmux.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxPostgresTests {
  /// Fills `database` of `server`: `orders` (100,000 rows: id, customer, city, amount), and
  /// `slow`, a view whose every row takes a millisecond.
  static func fill(_ server: PostgresTestServer, _ database: String) throws {
    try server.psql(
      """
      CREATE TABLE orders (id int PRIMARY KEY, customer text, city text, amount numeric);
      INSERT INTO orders SELECT i, 'customer ' || i,
        CASE i % 3 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Oslo' ELSE 'Lima' END,
        round((i * 7919) % 100000 / 100.0, 2) FROM generate_series(1, 100000) AS i;
      CREATE VIEW slow AS SELECT i AS n FROM generate_series(1, 1000000) AS i
        WHERE pg_sleep(0.001)::text = '';
      """, database: database)
    // VACUUM (for exact estimates) cannot run in the transaction psql -c makes of several.
    try server.psql("VACUUM ANALYZE orders", database: database)
  }

  /// The shared server's database for this suite.
  static func database() throws -> (PostgresTestServer, String) {
    let server = try PostgresTestServer.shared()
    return (server, try server.database("tmuxtests") { try fill(server, $0) })
  }

  /// Runs `mosaic CONNECTION ARGUMENTS` in an 80×24 tmux pane; when it ends the pane shows
  /// `mosaic-exit=STATUS`.
  func start(_ connection: String, _ arguments: String = "") throws -> TmuxSession {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let command =
      "\(TmuxSession.shellQuoted(executable.path)) \(TmuxSession.shellQuoted(connection))"
      + " \(arguments); echo mosaic-exit=$?; exec sleep 600"
    return try TmuxSession(
      command: command, columns: 80, rows: 24,
      environment: ["TERM": "screen", "LANG": "C.UTF-8"])
  }

  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  @Test func thePickerListsTablesWithEstimatesAndEnterOpensOne() throws {
    let (server, database) = try Self.database()
    let tmux = try start(server.connectionString(database))
    defer { tmux.kill() }
    let list = tmux.waitFor(text: "100,000 rows")
    let lines = list.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("public.orders") && $0.hasSuffix("100,000 rows") })
    #expect(lines.contains { $0.contains("public.slow") && $0.contains("view") })
    #expect(!list.contains("pg_catalog"))
    tmux.sendKeys("Enter")
    // A server table opens as a table, as every tabular source does.
    let table = tmux.waitFor(text: "customer 1 ")
    #expect(table.contains("│ customer"), "\(table)")
    #expect(statusBar(table).contains("\(database) (public.orders)"))
    tmux.sendKeys("q")
    tmux.waitFor(text: "public.slow")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func aTableScrollsDownPagesAndEndsWithoutLoadingIt() throws {
    let (server, database) = try Self.database()
    let tmux = try start(
      server.connectionString(database), "--table orders --no-animation --layout cards")
    defer { tmux.kill() }
    tmux.waitFor(text: "customer: customer 1 ")
    tmux.sendKeys("Down")
    tmux.sendKeys("PageDown")
    tmux.waitFor("a page down") { !$0.contains("customer: customer 1 ") }
    // End while counting is the toolkit's (it lands on the last row counted): wait for the count.
    tmux.waitFor("the count", timeout: 30) { statusBar($0).contains("/100,000") }
    tmux.sendKeys("End")
    let end = tmux.waitFor(text: "┃ 100000 ")
    #expect(end.contains("│ 99999 "))
    #expect(statusBar(end).contains("100,000/100,000"))
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func twoConditionsThenFAndIThenASortAreAnsweredByTheServer() throws {
    let (server, database) = try Self.database()
    let kept = try server.psql(
      "SELECT count(*) FROM orders WHERE city = 'Lisbon' AND amount > 990", database: database
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let largest = try server.psql(
      "SELECT max(amount) FROM orders WHERE city = 'Lisbon' AND amount > 990", database: database
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let tmux = try start(
      server.connectionString(database), "--table orders --no-animation --layout cards")
    defer { tmux.kill() }
    tmux.waitFor(text: "customer: customer 1 ")
    tmux.sendKeys("&")
    tmux.sendLiteral("city = 'Lisbon'")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "& city = 'Lisbon': 33,333 of 100,000", timeout: 30)
    tmux.sendKeys("&")
    tmux.sendLiteral("amount > 990")
    tmux.sendKeys("Enter")
    tmux.waitFor(text: "2 conditions: \(kept) of 100,000", timeout: 30)
    // The focus starts on customer; city is next, amount after it.
    tmux.sendKeys("Tab")
    tmux.sendKeys("F")
    let table = tmux.waitFor("the counts", timeout: 30) {
      $0.contains("city where city = 'Lisbon' and amount > 990") && $0.contains("│ Lisbon ")
    }
    let row = table.split(separator: "\n").first { $0.contains("│ Lisbon ") }.map(String.init)
    #expect(row?.contains(" \(kept) ") == true, "\(table)")
    tmux.sendKeys("Escape")
    tmux.sendKeys("Tab")
    tmux.sendKeys("I")
    let summary = tmux.waitFor("the summary", timeout: 30) {
      $0.contains("amount where") && $0.contains("most common")
    }
    #expect(summary.contains("values    \(kept)"), "\(summary)")
    #expect(summary.contains(largest), "\(summary)")
    tmux.sendKeys("Escape")
    tmux.sendKeys("]")
    let sorted = tmux.waitFor("the largest amount first", timeout: 30) {
      $0.split(separator: "\n").first { $0.contains("amount") }?.contains(largest) == true
    }
    #expect(sorted.contains(largest))
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func aServerStoppedMidScrollIsShownAndRReconnectsToTheSameRecord() throws {
    let server = try PostgresTestServer.startOwn()
    _ = try server.database("restart") { try Self.fill(server, $0) }
    let tmux = try start(
      server.connectionString("restart"), "--table orders --no-animation --layout cards")
    defer { tmux.kill() }
    tmux.waitFor(text: "customer: customer 1 ", timeout: 60)
    tmux.waitFor("the count", timeout: 60) { statusBar($0).contains("/100,000") }
    try server.stop()
    // The last rows were never read: End needs the server, which is gone.
    tmux.sendKeys("End")
    let lost = tmux.waitFor("the lost connection", timeout: 60) {
      statusBar($0).contains("connection")
    }
    #expect(!lost.contains("mosaic-exit"), "\(lost)")
    // The rows read before stay.
    tmux.sendKeys("Home")
    let home = tmux.waitFor(text: "customer: customer 1 ", timeout: 60)
    #expect(!home.contains("mosaic-exit"))
    try server.restart()
    tmux.sendKeys("PageDown")
    // The focused card's record number, once a whole frame shows it.
    var focused = 0
    tmux.waitFor("a page down", timeout: 60) { screen in
      focused = Self.focusedRecord(screen) ?? 0
      return focused > 1
    }
    tmux.sendKeys("r")
    let reloaded = tmux.waitFor("the reloaded rows at the same record", timeout: 60) {
      !statusBar($0).contains("connection") && Self.focusedRecord($0) == focused
    }
    #expect(Self.focusedRecord(reloaded) == focused, "\(reloaded)")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0", timeout: 60)
  }

  /// The number in the focused card's title line (`┃ 13   ┃`), or nil.
  static func focusedRecord(_ screen: String) -> Int? {
    for line in screen.split(separator: "\n") {
      let parts = line.split(separator: "┃", omittingEmptySubsequences: false)
      guard parts.count >= 3 else { continue }
      if let number = Int(parts[1].trimmingCharacters(in: .whitespaces)) { return number }
    }
    return nil
  }

  @Test func quittingWhileASlowQueryRunsLeavesNoBackend() throws {
    let (server, database) = try Self.database()
    let tmux = try start(
      server.connectionString(database), "--table slow --no-animation --layout cards")
    defer { tmux.kill() }
    // The first window is in (a card of one field shows only its value); the count runs on.
    tmux.waitFor(text: "1/256", timeout: 30)
    let activity =
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'mosaic'"
      + " AND datname = '\(database)' AND state = 'active'"
    #expect(try server.psql(activity, database: database) == "1\n", "the count is running")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
    let quit = Date()
    var left = "1\n"
    while Date().timeIntervalSince(quit) < 1.0 {
      left = try server.psql(activity, database: database)
      if left == "0\n" { break }
      usleep(50_000)
    }
    #expect(left == "0\n", "a backend was still running 1 s after quitting")
  }

  @Test func aControlByteInAValueNeverReachesTheTerminal() throws {
    let (server, database) = try Self.database()
    let tmux = try start(
      server.connectionString(database),
      "--query \"SELECT 'Ann' AS name, E'a\\\\x1b[31mred' AS note\"")
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "Ann")
    // Had the ESC reached tmux, it would have read `[31m` as a color, not shown it.
    #expect(screen.contains("[31mred"), "\(screen)")
    #expect(!screen.contains("x1b"), "the value holds the ESC itself: \(screen)")
    tmux.sendKeys("q")
    tmux.waitFor(text: "mosaic-exit=0")
  }

  @Test func refusalsAreOneLineWithStatusTwoAndNoPassword() throws {
    let (server, database) = try Self.database()
    let delete = try MosaicExecutable.run([
      server.connectionString(database), "--query", "DELETE FROM orders",
    ])
    #expect(delete.status == 2)
    #expect(
      delete.stderrLines == [
        "mosaic: --query: only one SELECT, WITH, VALUES or TABLE statement can be browsed"
      ])
    #expect(try server.psql("SELECT count(*) FROM orders", database: database) == "100000\n")
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-pg").path
    let refused = try MosaicExecutable.run([
      "postgresql://ann:s3cret@/shop?host=\(missing)"
    ])
    #expect(refused.status == 2)
    #expect(refused.stderrLines.count == 1, "\(refused)")
    #expect(refused.stderr.hasPrefix("mosaic: postgresql://ann@\(missing)"), "\(refused)")
    #expect(!refused.stderr.contains("s3cret"))
    let table = try MosaicExecutable.run([server.connectionString(database), "--table", "nosuch"])
    #expect(table.status == 2)
    #expect(table.stderrLines.count == 1)
    #expect(table.stderr.contains("no table named \"nosuch\""))
  }
}
