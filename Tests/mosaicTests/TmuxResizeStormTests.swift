import Foundation
import MosaicTestSupport
import Testing

/// The real `mosaic` through a storm of random resizes in tmux, 1 × 1 up to 200 × 60: it must
/// survive, end (focus on the first item) on the screen a fresh start at the final size draws,
/// quit with `q` and status 0, and give the terminal back.
///
/// The sizes come from a seed, printed at the start: `MOSAIC_STORM_SEED=N` replays a storm.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxResizeStormTests {
  /// The storm's seed: `MOSAIC_STORM_SEED` when set, else a new one, printed either way.
  static let seed: UInt64 = {
    let seed =
      ProcessInfo.processInfo.environment["MOSAIC_STORM_SEED"].flatMap { UInt64($0) }
      ?? UInt64(Date().timeIntervalSince1970 * 1000) ^ UInt64(getpid())
    print("resize storm seed: \(seed) (MOSAIC_STORM_SEED=\(seed) replays it)")
    return seed
  }()

  /// A storm of `count` resizes to random sizes with random pauses (the sizes follow from the
  /// seed; the timing is the machine's), then one to `final`.
  func storm(
    _ session: TmuxSession, count: Int, final: (columns: Int, rows: Int),
    generator: inout SeededGenerator
  ) {
    for _ in 0..<count {
      let columns = Int.random(in: 1...200, using: &generator)
      let rows = Int.random(in: 1...60, using: &generator)
      session.resize(columns: columns, rows: rows)
      usleep(UInt32.random(in: 0...20_000, using: &generator))
    }
    session.resize(columns: final.columns, rows: final.rows)
  }

  /// Runs `arguments` through a storm and checks the screen after it against a fresh start,
  /// then `q`; `firstFrame` says when a screen shows the program's first frame.
  func check(
    _ arguments: [String], name: String, salt: UInt64,
    sourceLocation: SourceLocation = #_sourceLocation,
    firstFrame: @escaping (String) -> Bool
  ) throws {
    let seed = Self.seed ^ salt
    var generator = SeededGenerator(seed: seed)
    let final = (
      columns: Int.random(in: 40...160, using: &generator),
      rows: Int.random(in: 12...50, using: &generator)
    )
    let context = "\(name), seed \(Self.seed), final size \(final.columns) × \(final.rows)"
    let stormed = try TmuxDemoTests.DemoRun(arguments, sourceLocation: sourceLocation)
    stormed.session.waitFor("the first frame of \(context)", sourceLocation: sourceLocation) {
      firstFrame($0)
    }
    storm(stormed.session, count: 120, final: final, generator: &generator)

    let fresh = try TmuxDemoTests.DemoRun(
      arguments, columns: final.columns, rows: final.rows, sourceLocation: sourceLocation)
    let expected = fresh.session.waitFor(
      "the first frame of a fresh \(context)", sourceLocation: sourceLocation
    ) { firstFrame($0) }
    fresh.session.kill()

    // Home only once the program has drawn at the final size: its status bar on the bottom
    // row. Sent earlier, Home is handled at a size from the storm, where showing the first item
    // below a pinned header can scroll by a row, and the final resize then keeps that offset
    // (as UIKit keeps the content offset across a size change): a right answer to a different
    // question, which made this check fail one storm in seven.
    stormed.session.waitFor(
      "the program to draw at the final size (\(context))", sourceLocation: sourceLocation
    ) { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      return lines.count >= final.rows
        && !lines[final.rows - 1].trimmingCharacters(in: .whitespaces).isEmpty
    }
    // A resize keeps the content offset (as UIKit does) once keeping the focused item in view
    // at a tiny size has scrolled it, so the focus goes back to the first item, where a fresh
    // start has it, before the screens are compared; Home draws no stale cell away.
    stormed.session.sendKeys("Home")
    let screen = stormed.session.waitFor(
      "the screen after the storm to be a fresh start's (\(context)); the fresh one:\n\(expected)",
      sourceLocation: sourceLocation
    ) { $0 == expected }
    #expect(screen == expected, "\(context)", sourceLocation: sourceLocation)

    // Room for the exit status and all of `stty -a`, which a small final size would scroll away.
    stormed.session.resize(columns: 120, rows: 40)
    stormed.session.sendKeys("q")
    let (status, after) = stormed.waitForExit(sourceLocation: sourceLocation)
    #expect(status == 0, "\(context): exit status", sourceLocation: sourceLocation)
    let words = Set(after.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    #expect(
      words.contains("icanon") && words.contains("echo") && !words.contains("-icanon")
        && !words.contains("-echo"),
      "\(context): stty -a after exit\n\(after)", sourceLocation: sourceLocation)
    #expect(
      !firstFrame(after), "\(context): the screen is still shown\n\(after)",
      sourceLocation: sourceLocation)
  }

  @Test func browserOnAGeneratedFile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-storm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("storm.csv")
    var csv = "name,group,size,note\n"
    for row in 1...2_000 {
      csv += "Record \(row),group \(row % 7),\(row * 37 % 1_000),note for \(row) · é 中\n"
    }
    try Data(csv.utf8).write(to: file)
    try check([file.path, "--group-by", "group"], name: "browser", salt: 1) {
      // Not the file name: the status bar shortens a long path to fit.
      $0.contains("Record 1 ") && $0.contains("1/2,000")
    }
  }

  @Test func gridDemo() throws {
    try check(["demo", "grid"], name: "demo grid", salt: 2) {
      $0.contains("Section 0 · 100 items") && $0.contains("mosaic demo")
    }
  }

  @Test func sectionsDemo() throws {
    try check(
      ["demo", "sections"], name: "demo sections", salt: 3
    ) {
      // Not the status bar: at 40 columns it is cut short.
      $0.contains("§1 Boxes") && $0.contains(" 1.1 ")
    }
  }
}
