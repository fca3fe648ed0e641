/// A `RecordCondition` made ready to evaluate over records: each test's `PredicateTester`
/// built once, the logic SQL's three-valued one.
///
/// Not shared between threads (a compiled expression is not): make one per piece of work. No
/// UIKit counterpart; it is what `NSPredicate.evaluate(with:)` does.
struct ConditionEvaluator {
  private indirect enum Node {
    case test(field: Int?, PredicateTester)
    case and([Node])
    case or([Node])
    case not(Node)
  }

  private let root: Node
  /// The fields the condition reads; nil when a test reads every field.
  let fields: Set<Int>?

  /// An evaluator of `condition`, `missing` naming the values besides empty ones that are
  /// missing (`is missing` matches them, every other test finds them unknown).
  init(_ condition: RecordCondition, missing: MissingValues = .empty) {
    root = Self.node(condition, missing)
    let tests = condition.tests
    fields = tests.contains { $0.field == nil } ? nil : Set(tests.compactMap(\.field))
  }

  private static func node(_ condition: RecordCondition, _ missing: MissingValues) -> Node {
    switch condition {
    case .test(let test):
      return .test(field: test.field, PredicateTester(test.predicate, missing: missing))
    case .and(let children): return .and(children.map { node($0, missing) })
    case .or(let children): return .or(children.map { node($0, missing) })
    case .not(let child): return .not(node(child, missing))
    }
  }

  /// Whether the record whose values `value` gives (nil for a field the record lacks) meets the
  /// condition: true, false or nil (unknown, which keeps no record). `fieldCount` is how many
  /// fields "any field" tests.
  func evaluate(fieldCount: Int, _ value: (Int) -> String?) -> Bool? {
    Self.evaluate(root, fieldCount: fieldCount, value)
  }

  private static func evaluate(_ node: Node, fieldCount: Int, _ value: (Int) -> String?) -> Bool? {
    switch node {
    case .test(let field?, let tester):
      return tester.test(value(field))
    case .test(nil, let tester):
      // Any field: a missing value is one field that does not pass, not an unknown record.
      for field in 0..<fieldCount where tester.test(value(field)) == true { return true }
      return false
    case .and(let children):
      var unknown = false
      for child in children {
        switch evaluate(child, fieldCount: fieldCount, value) {
        case false?: return false
        case nil: unknown = true
        case true?: break
        }
      }
      return unknown ? nil : true
    case .or(let children):
      var unknown = false
      for child in children {
        switch evaluate(child, fieldCount: fieldCount, value) {
        case true?: return true
        case nil: unknown = true
        case false?: break
        }
      }
      return unknown ? nil : false
    case .not(let child):
      return evaluate(child, fieldCount: fieldCount, value).map { !$0 }
    }
  }
}
