import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// Typing at `&` over a large SQLite table (issue 24 item 3): each key asks a new question of the
/// database, and the scan for the question it replaces stops at once, so at most one scan per
/// question is alive and the count shown at the end is the last question's, as SQL (Python's
/// sqlite3, not Mosaic's code) counts it.
@MainActor
@Suite(.serialized) struct TypedFilterScanTests {
  /// 300,000 rows of `id, name, word`; the words hold non-ASCII letters, so a condition naming
  /// them is decided row by row by Mosaic's own test inside SQLite (the slowest scan there is):
  /// a scan left running would be seen running for a long while.
  static let database: String? = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-typed-filter-\(getpid()).db").path
    try? FileManager.default.removeItem(atPath: path)
    let program = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      words = ['café', 'crème', 'naïve', 'über', 'façade', 'piñata', 'smörgås', 'déjà']
      db.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, word TEXT)')
      db.executemany('INSERT INTO t VALUES (?, ?, ?)',
        ((i, 'name %d' % i, words[(i * 7) % len(words)] + ' %d' % (i % 1000))
         for i in range(1, 300001)))
      db.commit()
      """
    guard (try? run(program, [path])) != nil else { return nil }
    return path
  }()

  /// Runs Python `program` with `arguments`; its standard output.
  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program] + arguments)
    guard result.status == 0, !result.timedOut else { throw CocoaError(.fileWriteUnknown) }
    return result.stdout
  }

  /// The rows whose any field's text holds `text`, counted by Python over SQLite's own values.
  static func expectedCount(_ path: String, holding text: String) throws -> Int {
    let program = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      q = sys.argv[2]
      print(sum(1 for row in db.execute('SELECT * FROM t')
                if any(q in str(v) for v in row)))
      """
    return Int(try run(program, [path, text]).trimmingCharacters(in: .whitespacesAndNewlines))
      ?? -1
  }

  /// Waits up to `seconds` for `done`, ticking and drawing the browser meanwhile.
  func wait(
    _ browser: BrowserFixture, seconds: Double, until done: () -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !done() {
      if Date() > deadline { return false }
      _ = browser.scene.tick()
      browser.draw()
      usleep(2_000)
    }
    return true
  }

  @Test func typingQuicklyKeepsOneScanPerQuestionAndCountsTheLast() throws {
    let path = try #require(Self.database, "python3 could not write the test database")
    let table = try SQLiteDatabase(path: path).open(table: "t")
    try table.waitUntilComplete()
    let configuration = try BrowserConfiguration(source: table, layoutStyle: .list)
    let browser = BrowserFixture(source: table, configuration: configuration, columns: 80, rows: 20)
    let name = table.name
    #expect(StoreScans.live(of: name) == 0)
    StoreScans.resetPeak(of: name)
    browser.press(.character("&"))
    // Typed as a quick typist would (a key every 0 to 15 ms), slips corrected, so nearly every
    // question is replaced while its scan runs: a random question each run (the seed printed,
    // `MOSAIC_FUZZ_SEED` replays it) in the words' letters and digits, ending in a digit.
    let seed = SeededGenerator.runSeed()
    print("typed filter: seed \(seed) (replay with MOSAIC_FUZZ_SEED=\(seed))")
    var generator = SeededGenerator(seed: seed)
    var keys: [Key] = "naïve".map { Key.character($0) }
    var question = "naïve"
    let letters = Array("aeïnv 0123456789")
    for _ in 0..<(2 + generator.below(5)) {
      if generator.below(5) == 0 && question.count > 1 {
        keys.append(.backspace)
        question.removeLast()
      } else {
        let letter = letters[generator.below(letters.count)]
        keys.append(.character(letter))
        question.append(letter)
      }
    }
    let digit = Character("\(generator.below(10))")
    keys.append(.character(digit))
    question.append(digit)
    var lingering: [String] = []
    for (index, key) in keys.enumerated() {
      browser.press(key)
      usleep(UInt32(generator.below(16) * 1000))
      // A replaced question's scan has stopped: what runs is this question's, at most.
      if !wait(browser, seconds: 0.5, until: { StoreScans.live(of: name) <= 1 }) {
        lingering.append("after key \(index + 1): \(StoreScans.live(of: name)) scans alive")
      }
    }
    #expect(lingering.isEmpty, "seed \(seed): superseded scans kept running: \(lingering)")
    browser.press(.enter)
    let settled = wait(browser, seconds: 60) {
      browser.scene.stagedArrangement == nil && browser.scene.source.isComplete
        && browser.scene.arranger.isComplete
    }
    #expect(settled, "the last question's count did not end within 60 s")
    #expect(wait(browser, seconds: 2) { StoreScans.live(of: name) == 0 })
    let expected = try Self.expectedCount(path, holding: question)
    #expect(expected >= 0, "seed \(seed): python3 could not count \(question)")
    #expect(browser.scene.dataSource.index.totalCount == expected, "seed \(seed): \(question)")
    #expect(
      browser.statusLine.contains("\(expected.groupedDigits(separator: ",")) of 300,000"),
      "\(browser.statusLine)")
    // Scans overlap only while a replaced one takes its last steps: never one per key typed.
    #expect(StoreScans.peak(of: name) <= 3, "peak \(StoreScans.peak(of: name)) scans at once")
  }
}
