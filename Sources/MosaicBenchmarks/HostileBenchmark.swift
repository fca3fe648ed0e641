import Foundation
import MosaicApp
import MosaicCollection
import MosaicData

/// `mosaic-bench hostile [regex|fat|typing|cache|sort|order|all]`: issue 24's attacks on a
/// `BrowserScene` drawn into a `MemorySurface`, each in a process of its own so that its peak
/// memory (VmHWM) is its own. Keys are sent as a user types them; between keys the scene is
/// ticked and drawn every 16 ms as the run loop does. The longest gap between frames is the
/// longest single key, tick or frame on the drawing thread: what the screen and `q` waited.
enum HostileBenchmark {
  static let attacks = ["regex", "fat", "typing", "cache", "sort", "order"]

  @MainActor static func run(arguments: [String]) {
    let which = arguments.first ?? "all"
    guard which == "all" else {
      runOne(which)
      return
    }
    print("issue 24 attacks (each in its own process; peak = VmHWM, gap = longest frame gap)")
    for attack in attacks {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = ["hostile", attack]
      try? process.run()
      process.waitUntilExit()
    }
  }

  /// A scene driven as the run loop drives it, timing every step on the drawing thread.
  @MainActor final class Session {
    let scene: BrowserScene
    let surface = MemorySurface(columns: 120, rows: 40)
    private(set) var longestGap = 0.0

    init(source: any RecordSource) throws {
      let configuration = try BrowserConfiguration(source: source, layoutStyle: .table)
      scene = BrowserScene(source: source, configuration: configuration)
      step { scene.draw(into: surface) }
    }

    func step(_ body: () -> Void) {
      let start = BenchmarkClock.now()
      body()
      longestGap = max(longestGap, BenchmarkClock.now() - start)
    }

    func key(_ key: Key) {
      step {
        _ = scene.handle(.key(key))
        scene.draw(into: surface)
      }
    }

    /// Types `text` a key every `pause` seconds, frames drawn in between.
    func type(_ text: String, pause: Double = 0.03) {
      for character in text {
        key(.character(character))
        frames(for: pause)
      }
    }

    /// Ticks and draws every 16 ms for `seconds`, or until `done`.
    func frames(for seconds: Double, until done: () -> Bool = { false }) {
      let end = BenchmarkClock.now() + seconds
      while BenchmarkClock.now() < end && !done() {
        step {
          _ = scene.tick()
          scene.draw(into: surface)
        }
        // The pace of a 60 Hz frame pacer, not a wait for work: the longest gap between frames
        // is the figure measured.
        usleep(16_000)
      }
    }

    var statusLine: String {
      surface.lines.last?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    var settled: Bool {
      scene.source.isComplete && !scene.wantsTicks
    }
  }

  /// The process's peak resident memory in MB (VmHWM).
  static func peakMB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kib = line.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    return kib / 1024
  }

  @MainActor static func report(_ attack: String, _ session: Session, _ extra: String) {
    session.step {
      _ = session.scene.tick()
      session.scene.draw(into: session.surface)
    }
    print(
      "  \(attack.padding(toLength: 8, withPad: " ", startingAt: 0))"
        + String(
          format: " peak %7.1f MB  longest frame gap %7.1f ms  ", peakMB(),
          session.longestGap * 1000) + extra)
    print("           status: \(session.statusLine)")
  }

  static let directory = NSTemporaryDirectory() + "mosaic-hostile-bench-\(getpid())"

  /// Runs `sql` through the `sqlite3` shell into a new database `name`; its path.
  static func database(_ name: String, _ sql: String) -> String {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + name
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try? process.run()
    process.waitUntilExit()
    return path
  }

  @MainActor static func runOne(_ attack: String) {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    do {
      switch attack {
      case "regex": try regex()
      case "fat": try fat()
      case "typing": try typing()
      case "cache": try cache()
      case "sort": try sort()
      case "order": try order()
      default: print("unknown attack \(attack): one of \(attacks.joined(separator: ", "))")
      }
    } catch {
      print("  \(attack): \(error)")
    }
  }

  /// Item 1: `((a{1,100}){1,100}){1,100}` typed at `&` over ten rows.
  @MainActor static func regex() throws {
    let text =
      "id,text\n"
      + (1...10).map { "\($0),\(String(repeating: "a", count: $0 * 10))\n" }
      .joined()
    let session = try Session(source: try DataFile.open(text: text, name: "ten.csv", format: .csv))
    session.key(.character("&"))
    session.key(.tab)
    session.type("((a{1,100}){1,100}){1,100}")
    session.key(.enter)
    session.frames(for: 1)
    report("regex", session, "")
  }

  /// Item 2: `(a+)+$` over 20,000 records of 3,000 `a`s then `!`.
  @MainActor static func fat() throws {
    let fat = String(repeating: "a", count: 3000) + "!"
    let text = "id,text\n" + (1...20_000).map { "\($0),\(fat)\n" }.joined()
    let source = try DataFile.open(text: text, name: "fat.csv", format: .csv)
    try source.waitUntilComplete()
    let session = try Session(source: source)
    let start = BenchmarkClock.now()
    session.key(.character("&"))
    session.key(.tab)
    session.type("(a+)+$")
    session.key(.enter)
    session.frames(for: 120) { session.settled }
    report("fat", session, String(format: "filtered in %.2f s", BenchmarkClock.now() - start))
  }

  /// Item 3: 20 characters typed quickly at `&` over a million-row SQLite table, against the
  /// last question pasted alone.
  @MainActor static func typing() throws {
    let path = database(
      "million.db",
      "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, word TEXT);"
        + " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)"
        + " INSERT INTO t SELECT i, 'name ' || i, CASE i % 4 WHEN 0 THEN 'café' WHEN 1"
        + " THEN 'naïve' WHEN 2 THEN 'über' ELSE 'déjà' END || ' ' || (i % 1000) FROM n;")
    let question = "naïve 7 name 1 and 99"
    var figures: [String] = []
    for (label, typed) in [("pasted", false), ("typed", true)] {
      let table = try SQLiteDatabase(path: path).open(table: "t")
      try table.waitUntilComplete()
      let session = try Session(source: table)
      StoreScans.resetPeak(of: table.name)
      let cpu = BenchmarkClock.cpuSeconds()
      session.key(.character("&"))
      if typed {
        session.type(question)
      } else {
        session.step {
          _ = session.scene.handle(.paste(question))
          session.scene.draw(into: session.surface)
        }
      }
      session.key(.enter)
      session.frames(for: 120) { session.settled && StoreScans.live(of: table.name) == 0 }
      figures.append(
        String(
          format: "%@: CPU %.2f s, %d scans at most at once", label,
          BenchmarkClock.cpuSeconds() - cpu, StoreScans.peak(of: table.name)))
      if typed { report("typing", session, figures.joined(separator: "; ")) }
    }
  }

  /// Item 4: `/` over 2,000 rows of 250 KB values (the window cache's byte budget).
  @MainActor static func cache() throws {
    let path = database(
      "fat.db",
      "CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT);"
        + " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
        + " INSERT INTO t SELECT i, printf('%.*c', 250000, 'b') FROM n;")
    let table = try SQLiteDatabase(path: path).open(table: "t")
    try table.waitUntilComplete()
    let session = try Session(source: table)
    let start = BenchmarkClock.now()
    session.key(.character("/"))
    session.type("zebra")
    session.key(.enter)
    session.frames(for: 300) { session.settled }
    report("cache", session, String(format: "searched in %.2f s", BenchmarkClock.now() - start))
  }

  /// Item 13: `]` on an endless `--query` (a recursive CTE): stopped by the sort's budget.
  @MainActor static func sort() throws {
    let path = database("empty.db", "CREATE TABLE t (x);")
    let query = try SQLiteDatabase(path: path).open(
      query: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)"
        + " SELECT i, i % 7 AS k FROM n")
    let session = try Session(source: query)
    let start = BenchmarkClock.now()
    session.key(.tab)
    session.key(.character("]"))
    session.frames(for: 120) { session.scene.source.isComplete }
    report("sort", session, String(format: "stopped after %.1f s", BenchmarkClock.now() - start))
    query.cancel()
  }

  /// Item 13: `--query "… ORDER BY name"` over a million rows: the first screen's wait.
  @MainActor static func order() throws {
    let path = database(
      "orders.db",
      "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);"
        + " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)"
        + " INSERT INTO t SELECT i, hex(randomblob(8)) FROM n;")
    let start = BenchmarkClock.now()
    let query = try SQLiteDatabase(path: path).open(query: "SELECT * FROM t ORDER BY name")
    let session = try Session(source: query)
    let first = BenchmarkClock.now() - start
    session.frames(for: 120) { session.settled }
    report("order", session, String(format: "first screen after %.2f s", first))
  }
}
