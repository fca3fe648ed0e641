import Foundation
import MosaicTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The monkey: thousands of random keys and byte sequences (printable and control characters,
/// arrows, control sequences with random parameters, mouse reports, pastes, invalid UTF-8, Alt
/// combinations) sent through tmux to the browser and to each demo, a few seconds each; then
/// `q`. mosaic must be alive until then, exit 0, and give the terminal back.
///
/// Deterministic from a printed seed: `MOSAIC_MONKEY_SEED=N` replays a run's bytes;
/// `MOSAIC_MONKEY_SECONDS` sets how long each target is typed at (default 3).
@Suite(.enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxMonkeyTests {
  typealias DemoRun = TmuxDemoTests.DemoRun

  static let seed: UInt64 = {
    let environment = ProcessInfo.processInfo.environment
    let seed =
      environment["MOSAIC_MONKEY_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...(1 << 48))
    print("monkey seed: \(seed) (replay with MOSAIC_MONKEY_SEED=\(seed))")
    return seed
  }()

  static let seconds: Double = {
    ProcessInfo.processInfo.environment["MOSAIC_MONKEY_SECONDS"].flatMap { Double($0) } ?? 3
  }()

  static let targets = [
    "browse", "grid", "million", "sheet", "tags", "sections", "horizontal", "words", "updates",
    "remote", "diffable",
  ]

  /// A generated CSV of a few thousand rows with text worth searching.
  static let dataFile: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-monkey-\(getpid()).csv")
    var random = SeededGenerator(seed: 7)
    let words = [
      "alpha", "Bravo", "café", "中文", "delta", "echo 😀", "naïve", "zulu", "x,y", "\"q\"",
    ]
    var text = "id,name,group,note\n"
    for row in 0..<3000 {
      let name = (0..<3).map { _ in words[random.below(words.count)] }.joined(separator: " ")
      let note = words[random.below(words.count)].replacingOccurrences(of: "\"", with: "\"\"")
      text += "\(row),\(name),g\(row % 17),\"\(note)\"\n"
    }
    try? text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }()

  @Test(arguments: targets)
  func randomInputNeverQuitsOrCrashes(target: String) throws {
    let arguments = target == "browse" ? [Self.dataFile.path] : ["demo", target]
    // Each target its own stream, all from the one seed.
    var random = SeededGenerator(
      seed: Self.seed
        ^ target.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
    let run = try DemoRun(arguments, environment: ["TERM": "xterm-256color"])
    let context = "seed \(Self.seed), \(target)"
    run.session.waitFor("the first frame of \(target)") {
      $0.split(separator: "\n").count > 10
    }
    let pid = try #require(run.pid(), "\(context): no pid")
    let pane = TmuxPane(session: run.session)
    let deadline = Date().addingTimeInterval(Self.seconds)
    var sent = 0
    var sequences = 0
    var batches = 0
    while Date() < deadline {
      var batch: [UInt8] = []
      let count = 8 + random.below(24)
      for _ in 0..<count { batch += Monkey.sequence(&random) }
      sequences += count
      pane.send(batch)
      sent += batch.count
      batches += 1
      usleep(20_000)
      guard kill(pid, 0) == 0 else {
        let screen = run.session.capture()
        Issue.record("\(context): mosaic ended during batch \(batches), bytes \(batch):\n\(screen)")
        return
      }
    }
    #expect(kill(pid, 0) == 0, "\(context): mosaic is gone before q")
    print("monkey \(target): \(sequences) sequences, \(sent) bytes in \(batches) batches")
    // q quits from the cards; from a detail or help view it goes back first, and in the search
    // prompt it is typed, so Enter ends the query before the last q.
    let attempts: [[String]] = [["q"], ["q"], ["Enter", "q"], ["q"], ["Enter", "q"], ["q"]]
    var exited = false
    for keys in attempts where !exited {
      for key in keys { run.session.sendKeys(key) }
      let until = Date().addingTimeInterval(2)
      while Date() < until {
        if run.session.capture().contains("mosaic-exit-status=") {
          exited = true
          break
        }
        usleep(50_000)
      }
    }
    #expect(exited, "\(context): q did not quit:\n\(run.session.capture())")
    let (status, screen) = run.waitForExit()
    #expect(status == 0, "\(context): \(batches) batches, \(sent) bytes:\n\(screen)")
    TmuxPane.expectCooked(screen)
    pane.expectModesRestored()
  }
}

/// The random byte sequences the monkey types.
enum Monkey {
  /// Printable ASCII but `q` and `y`, which quit.
  static let printable: [UInt8] = Array(0x20...0x7E).filter { $0 != 0x71 && $0 != 0x79 }
  /// Control characters but Ctrl-C, Ctrl-Z and Ctrl-\ (signals), Esc (quits), and Ctrl-S and
  /// Ctrl-Q (flow control, which would freeze the terminal's output).
  static let controls: [UInt8] = (Array(0x01...0x1F) + [0x7F]).filter {
    ![0x03, 0x1A, 0x1C, 0x1B, 0x11, 0x13].contains($0)
  }
  static let keys = [
    "[A", "[B", "[C", "[D", "OA", "OB", "OC", "OD", "[H", "[F", "[1~", "[4~", "[7~", "[8~", "OH",
    "OF", "[5~", "[6~", "[Z", "[3~", "[2~", "[1;5A", "[1;2B", "Ow", "Oq", "Oy", "Os", "OM", "Ok",
    "Om",
  ].map { [0x1B] + Array($0.utf8) }
  static let text = ["é", "中", "😀", "👨‍👩‍👧", "🇯🇵", "a\u{301}", "ß"].map { Array($0.utf8) }

  /// One random sequence; never a lone Esc, an incomplete sequence or a paste left open.
  static func sequence(_ random: inout SeededGenerator) -> [UInt8] {
    switch random.below(100) {
    case 0..<30: return [printable[random.below(printable.count)]]
    case 30..<38: return [controls[random.below(controls.count)]]
    case 38..<55: return keys[random.below(keys.count)]
    case 55..<60: return text[random.below(text.count)]
    case 60..<70: return controlSequence(&random)
    case 70..<74:
      // SS3 with any final byte.
      return [0x1B, 0x4F, UInt8(0x40 + random.below(0x3F))]
    case 74..<84: return mouse(&random)
    case 84..<88: return paste(&random)
    case 88..<94:
      // Invalid UTF-8: a stray continuation, an impossible byte, a lead before ASCII.
      let invalid: [UInt8] = Array(0x80...0xBF) + [0xC0, 0xC1] + Array(0xF5...0xFF)
      if random.below(3) == 0 { return [0xC3, printable[random.below(printable.count)]] }
      return [invalid[random.below(invalid.count)]]
    default:
      // Alt with a printable key (not [ or O, which begin sequences).
      let keys = printable.filter { $0 != 0x5B && $0 != 0x4F }
      return [0x1B, keys[random.below(keys.count)]]
    }
  }

  /// `ESC [`, random parameters (sometimes private), sometimes an intermediate, a final byte;
  /// never `ESC [ M` alone (an X10 mouse report, which takes the next three bytes) nor a paste.
  static func controlSequence(_ random: inout SeededGenerator) -> [UInt8] {
    var bytes: [UInt8] = [0x1B, 0x5B]
    if random.below(5) == 0 { bytes.append([0x3F, 0x3E, 0x3D][random.below(3)]) }
    let count = random.below(4)
    bytes +=
      (0..<count).map { _ in String(random.below(random.below(2) == 0 ? 10 : 1000)) }
      .joined(separator: ";").utf8
    if random.below(8) == 0 { bytes.append(UInt8(0x20 + random.below(0x10))) }
    var final = UInt8(0x40 + random.below(0x3F))
    if final == 0x4D && bytes.count == 2 { final = 0x41 }
    if final == 0x7E && String(decoding: bytes.dropFirst(2), as: UTF8.self).hasPrefix("200") {
      final = 0x41
    }
    return bytes + [final]
  }

  /// An SGR or X10 mouse report somewhere on a 120 × 40 screen.
  static func mouse(_ random: inout SeededGenerator) -> [UInt8] {
    let buttons = [0, 0, 0, 3, 64, 65, 1, 2, 32, 66]
    let button = buttons[random.below(buttons.count)]
    let column = random.below(120)
    let row = random.below(40)
    if random.below(2) == 0 {
      let final = random.below(2) == 0 ? "M" : "m"
      return Array("\u{1B}[<\(button);\(column + 1);\(row + 1)\(final)".utf8)
    }
    return [0x1B, 0x5B, 0x4D, UInt8(32 + button), UInt8(33 + column), UInt8(33 + row)]
  }

  /// A bracketed paste of random printable and control bytes, `q`, `y` and Esc included.
  static func paste(_ random: inout SeededGenerator) -> [UInt8] {
    let pool: [UInt8] = Array(0x20...0x7E) + [0x0A, 0x0D, 0x09, 0x1B, 0x71, 0x79]
    let body = (0..<random.below(40)).map { _ in pool[random.below(pool.count)] }
    return Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
  }
}
