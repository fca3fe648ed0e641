import Foundation
import Testing

@testable import MosaicData

/// No pattern a user can type may exhaust memory or freeze the screen: patterns whose compiled
/// form would pass the budget are refused in one line, and matching takes time linear in the
/// text, whatever the pattern.
@Suite struct RegexBudgetTests {
  /// Runs `work` on another thread and fails (rather than hanging the suite) when it has not
  /// answered within `seconds`: a watchdog, not a timing.
  func answers<T: Sendable>(
    within seconds: Double, _ work: @escaping @Sendable () -> T
  ) -> T? {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Thread.detachNewThread {
      box.value = work()
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
  }

  @Test(arguments: [
    "((a{1,100}){1,100}){1,100}", "((a{1,255}){1,255}){1,255}", "(a{1,32767})",
    "(((x{0,50}){0,50}){0,50})y",
  ])
  func nestedOrHugeCountedRepetitionIsRefusedAsTooComplex(pattern: String) {
    let problem = answers(within: 20) { () -> PosixRegex.Problem? in
      do {
        _ = try PosixRegex(pattern)
        return nil
      } catch let problem as PosixRegex.Problem {
        return problem
      } catch {
        return nil
      }
    }
    guard let problem else {
      Issue.record("compiling \(pattern) did not answer within 20 s")
      return
    }
    #expect(problem?.isTooComplex == true, "\(pattern): \(String(describing: problem))")
    #expect(problem?.description == "pattern too complex")
  }

  @Test func aModestCountedRepetitionStillCompiles() throws {
    let digits = try PosixRegex("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
    #expect(digits.matches("2013-01-01"))
    #expect(!digits.matches("2013-1-01"))
  }

  @Test func nestedQuantifiersDoNotBacktrack() {
    // The C library's matcher took 24 s for 30,000 characters (quadratic); this is 300,000.
    let text = String(repeating: "a", count: 300_000) + "!"
    let matched = answers(within: 20) { () -> Bool in
      guard let regex = try? PosixRegex("(a+)+$") else { return true }
      return regex.matches(text)
    }
    #expect(matched == false, "nil: no answer within 20 s")
  }

  @Test func theExpressionLanguageRefusesATooComplexPatternAtItsColumn() {
    let parser = ConditionParser(fieldNames: ["name"])
    do {
      _ = try parser.parse("name ~ '((a{1,100}){1,100}){1,100}'")
      Issue.record("the pattern was accepted")
    } catch {
      #expect(error.description == "pattern too complex at 6")
    }
  }

  @Test func aFilterSaysWhyItCannotRun() {
    let filter = RecordFilter(conditions: [
      .test(FieldTest(field: nil, .matches("((a{1,100}){1,100}){1,100}")))
    ])
    #expect(filter.problem == "pattern too complex")
    let malformed = RecordFilter(conditions: [.test(FieldTest(field: nil, .matches("(a")))])
    #expect(malformed.problem?.hasPrefix("bad pattern: ") == true)
  }

  @Test func semanticsAreKept() throws {
    // Smart case, line breaks bounding ^ and $, \d, POSIX classes, alternation.
    #expect(try PosixRegex("ua").matches("UA"))
    #expect(try !PosixRegex("Ua").matches("UA"))
    #expect(try PosixRegex("^jfk$").matches("EWR\nJFK"))
    #expect(try !PosixRegex("r.j").matches("EWR\nJFK"))
    #expect(try PosixRegex("\\d{3}").matches("N512UA"))
    #expect(try PosixRegex("^[[:alpha:]]+$").matches("Hawaiian"))
    #expect(try PosixRegex("^(UA|AA)$").matches("AA"))
    #expect(try PosixRegex("é").matches("Café"))
  }
}

// @unchecked: written by one thread before the semaphore is signalled, read after.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
