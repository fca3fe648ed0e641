import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// Random regular expressions (nested repetition, huge bounded counts, backreferences,
/// alternations) against random records, under a time and memory budget (issue 24 item 15):
/// each pattern compiles or is refused in one line, and matching every record answers, within
/// the watchdog, with the process's memory growing by less than the budget.
///
/// The seed is printed; `MOSAIC_FUZZ_SEED=N swift test --filter RegexFuzzTests` replays it.
@Suite struct RegexFuzzTests {
  /// Patterns per run: a few seconds in a debug build (`MOSAIC_FUZZ_COUNT` for a longer hunt).
  static let patternCount = SeededGenerator.runCount(default: 300)

  /// A random pattern of `depth` levels of groups at most.
  static func pattern(_ random: inout SeededGenerator, depth: Int) -> String {
    let atoms = ["a", "b", ".", "[ab]", "\\d", "x", "(a|b)", "[^!]", "\\1", "!", "^", "$"]
    var text = ""
    for _ in 0..<(1 + random.below(3)) {
      if depth > 0 && random.below(3) == 0 {
        text += "(" + pattern(&random, depth: depth - 1) + ")"
      } else {
        text += atoms[random.below(atoms.count)]
      }
      switch random.below(8) {
      case 0: text += "*"
      case 1: text += "+"
      case 2: text += "?"
      case 3: text += "{\(random.below(5)),\(random.below(2) == 0 ? 1000 : 32_767)}"
      case 4: text += "{\(random.below(300))}"
      case 5: text += "{1,\(1 + random.below(255))}"
      default: break
      }
      if random.below(10) == 0 { text += "|" }
    }
    return text
  }

  /// A random record: runs of `a`s (up to 3,000) with a few other characters.
  static func record(_ random: inout SeededGenerator) -> String {
    var text = ""
    for _ in 0..<(1 + random.below(4)) {
      text += String(repeating: "a", count: random.below(3000))
      text += ["!", "b", "1", "x", "", "é"][random.below(6)]
    }
    return text
  }

  /// The process's resident memory in KiB.
  static func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
  }

  @Test func randomPatternsCompileOrAreRefusedAndMatchInBoundedTimeAndMemory() {
    let seed = SeededGenerator.runSeed()
    print("fuzz regex: seed \(seed) (replay with MOSAIC_FUZZ_SEED=\(seed))")
    let done = DispatchSemaphore(value: 0)
    let outcome = FuzzOutcome()
    let count = Self.patternCount
    let before = Self.residentKiB()
    Thread.detachNewThread {
      var random = SeededGenerator(seed: seed)
      let records = (0..<20).map { _ in Self.record(&random) }
      for index in 0..<count {
        let pattern = Self.pattern(&random, depth: 3)
        outcome.current = "pattern #\(index) \(pattern)"
        do {
          let regex = try PosixRegex(pattern)
          for record in records { _ = regex.matches(record) }
          outcome.compiled += 1
        } catch let problem as PosixRegex.Problem {
          let line = problem.description
          if line.isEmpty || line.contains("\n") {
            outcome.failures.append("#\(index) \(pattern): refused with \(line.debugDescription)")
          }
          outcome.refused += 1
        } catch {
          outcome.failures.append("#\(index) \(pattern): \(error)")
        }
        outcome.peakKiB = max(outcome.peakKiB, Self.residentKiB())
      }
      done.signal()
    }
    guard done.wait(timeout: .now() + 120) == .success else {
      Issue.record("seed \(seed): no answer within 120 s at \(outcome.current)")
      return
    }
    #expect(outcome.failures.isEmpty, "seed \(seed): \(outcome.failures)")
    #expect(
      outcome.compiled > 0 && outcome.refused > 0,
      "seed \(seed): \(outcome.compiled) compiled, \(outcome.refused) refused")
    // Far below the gigabytes one pattern used to take; other suites run in the same process.
    #expect(
      outcome.peakKiB - before < 1_000_000,
      "seed \(seed): resident memory grew by \(outcome.peakKiB - before) KiB")
  }
}

/// What the fuzzing thread found, read once it has signalled (or timed out, for the message).
private final class FuzzOutcome: @unchecked Sendable {
  var current = ""
  var compiled = 0
  var refused = 0
  var peakKiB = 0
  var failures: [String] = []
}
