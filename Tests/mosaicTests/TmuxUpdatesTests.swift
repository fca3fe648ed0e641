import Foundation
import MosaicTestSupport
import Testing

/// Motion end to end in a real terminal: `mosaic demo updates` and the browser's layout switch,
/// run animated and with `--no-animation` side by side, the same keys sent to both; after each
/// key the settled screens (the animation over) must be the same.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "tmux is not installed"))
struct TmuxUpdatesTests {
  /// Seconds a screen must stay unchanged to count as settled: more than an animation lasts
  /// (0.2 s) with room for a loaded machine.
  static let quiet: TimeInterval = 0.6

  /// Waits until `predicate` holds on a screen that has not changed for `quiet` seconds, and
  /// returns it; records an issue (with the last screen) after `timeout` seconds.
  static func settled(
    _ session: TmuxSession, _ description: String, timeout: TimeInterval = 20,
    sourceLocation: SourceLocation = #_sourceLocation, _ predicate: (String) -> Bool
  ) -> String {
    var screen = session.waitFor(
      description, timeout: timeout, sourceLocation: sourceLocation, predicate)
    var unchangedSince = Date()
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      usleep(40_000)
      let again = session.capture()
      if again != screen {
        screen = again
        unchangedSince = Date()
      } else if Date().timeIntervalSince(unchangedSince) >= quiet && predicate(screen) {
        return screen
      }
    }
    Issue.record(
      "no settled screen with \(description) after \(timeout) s; last:\n\(screen)",
      sourceLocation: sourceLocation)
    return screen
  }

  /// `screen` without the demo's " │ no animation" status note, the one difference an
  /// unanimated run is meant to show.
  static func withoutNote(_ screen: String) -> String {
    screen.replacingOccurrences(of: " │ no animation", with: "")
  }

  /// One step of a script: keys to send (tmux names), then the text the settled screen shows.
  struct Step: CustomStringConvertible {
    var keys: [String]
    var expected: String
    var description: String { keys.joined(separator: " ") }
  }

  /// Sends each step's keys to an animated run and an unanimated one, and expects their settled
  /// screens to agree after every step.
  func expectSameSettledScreens(
    _ arguments: [String], first: String, steps: [Step], columns: Int = 100, rows: Int = 30
  ) throws {
    let animated = try TmuxDemoTests.DemoRun(arguments, columns: columns, rows: rows)
    let still = try TmuxDemoTests.DemoRun(
      arguments + ["--no-animation"], columns: columns, rows: rows)
    var a = Self.settled(animated.session, "the first screen") { $0.contains(first) }
    var b = Self.settled(still.session, "the first screen") { $0.contains(first) }
    #expect(a == Self.withoutNote(b), "first screens differ:\n\(a)\n---\n\(b)")
    for step in steps {
      for key in step.keys {
        animated.session.sendKeys(key)
        still.session.sendKeys(key)
      }
      let before = (a, b)
      a = Self.settled(animated.session, "\(step.expected) after \(step)") {
        $0 != before.0 && $0.contains(step.expected)
      }
      b = Self.settled(still.session, "\(step.expected) after \(step) (no animation)") {
        $0 != before.1 && $0.contains(step.expected)
      }
      #expect(
        a == Self.withoutNote(b), "after \(step), animated:\n\(a)\n--- unanimated:\n\(b)")
    }
    for run in [animated, still] {
      run.session.sendKeys("q")
      #expect(run.waitForExit().status == 0)
    }
  }

  @Test("demo updates: insert, delete, move, sections, shuffle, layouts and undo settle alike")
  func updatesDemoSettlesAsUnanimated() throws {
    try expectSameSettledScreens(
      ["demo", "updates"], first: "updates │ ready",
      steps: [
        Step(keys: ["i"], expected: "inserted 45 at A.2"),
        Step(keys: ["d"], expected: "deleted 45"),
        Step(keys: ["m"], expected: "moved 2 to A.3"),
        Step(keys: ["M"], expected: "moved 2 to A.2"),
        Step(keys: ["s"], expected: "inserted section E"),
        Step(keys: ["S"], expected: "deleted section E"),
        Step(keys: [">"], expected: "moved section B down"),
        Step(keys: ["r"], expected: "shuffled section B"),
        Step(keys: ["u"], expected: "undid: shuffled section B"),
        Step(keys: ["v"], expected: "layout: list"),
        Step(keys: ["v"], expected: "layout: grid"),
        Step(keys: ["+"], expected: "tiles 10×3"),
        Step(keys: ["End"], expected: "44 at D.9"),
        Step(keys: ["Home"], expected: "1 at A.1"),
      ])
  }

  @Test("the browser: v through every layout, + and -, paging and a search jump settle alike")
  func browserSettlesAsUnanimated() throws {
    try expectSameSettledScreens(
      ["--group-by", "period"], first: "? help",
      steps: [
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["+"], expected: "? help"),
        Step(keys: ["-"], expected: "? help"),
        Step(keys: ["PageDown"], expected: "? help"),
        Step(keys: ["End"], expected: "? help"),
        Step(keys: ["Home"], expected: "? help"),
        Step(keys: ["/", "n", "o", "b", "l", "e", "Enter"], expected: "/noble 1/"),
        Step(keys: ["n"], expected: "/noble 2/"),
        Step(keys: ["n"], expected: "/noble 3/"),
        Step(keys: ["n"], expected: "/noble 4/"),
        Step(keys: ["N"], expected: "/noble 3/"),
      ])
  }

  @Test("the browser with self-sizing cards: v, + and -, End and Home settle alike")
  func selfSizingBrowserSettlesAsUnanimated() throws {
    try expectSameSettledScreens(
      ["--item-size", "auto", "--group-by", "period"], first: "? help",
      steps: [
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["v"], expected: "? help"),
        Step(keys: ["+"], expected: "? help"),
        Step(keys: ["-"], expected: "? help"),
        Step(keys: ["End"], expected: "? help"),
        Step(keys: ["Home"], expected: "? help"),
      ])
  }

  /// The frames `mosaic demo grid --stats` drew for its first screen and one End, run with
  /// `arguments` added and `environment`.
  func framesForEnd(_ arguments: [String], environment: [String: String] = [:]) throws -> Int? {
    let run = try TmuxDemoTests.DemoRun(
      ["demo", "grid", "--stats"] + arguments, environment: environment)
    run.session.waitFor(text: "Item 0")
    run.session.sendKeys("End")
    _ = Self.settled(run.session, "the last card") { $0.contains("Item 9,999") }
    run.session.sendKeys("q")
    let (status, screen) = run.waitForExit()
    #expect(status == 0)
    let json = screen.split(separator: "\n").first { $0.hasPrefix("{\"frames\":") }
    let object = json.flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Int]
    }
    return object?["frames"]
  }

  @Test("End glides over several frames; --no-animation or MOSAIC_REDUCED_MOTION=1 draws one")
  func framesDrawnForAGlide() throws {
    let animated = try #require(try framesForEnd([]))
    #expect(animated > 3, "a 0.2 s glide at up to 60 frames a second: \(animated)")
    #expect(try framesForEnd(["--no-animation"]) == 2, "the first frame and End's")
    #expect(
      try framesForEnd([], environment: ["MOSAIC_REDUCED_MOTION": "1"]) == 2,
      "the first frame and End's")
  }

  @Test("--no-animation and MOSAIC_REDUCED_MOTION=1 both turn animations off")
  func reducedMotionSwitches() throws {
    let flagged = try TmuxDemoTests.DemoRun(["demo", "updates", "--no-animation"])
    let reduced = try TmuxDemoTests.DemoRun(
      ["demo", "updates"], environment: ["MOSAIC_REDUCED_MOTION": "1"])
    let animated = try TmuxDemoTests.DemoRun(
      ["demo", "updates"], environment: ["MOSAIC_REDUCED_MOTION": "0"])
    for run in [flagged, reduced] {
      run.session.waitFor(text: "no animation")
    }
    let screen = animated.session.waitFor(text: "updates │ ready")
    #expect(!screen.contains("no animation"))
    for run in [flagged, reduced, animated] {
      run.session.sendKeys("q")
      #expect(run.waitForExit().status == 0)
    }
  }
}
