/// Decides which records a `RecordFilter` keeps, a range of records at a time: the in-memory
/// side of `&` (a store that adopts `ArrangingSource` does the same in its own query language).
///
/// Sources that can search their raw bytes (`SearchableSource`: CSV, TSV, JSON Lines) rule out
/// most records with a byte scan first: for the text every kept record must contain (a
/// `contains` test's text, a text `=`'s value, the literal every match of a regular expression
/// holds; one of several for `or` and `in`), only the records that pass are decoded and
/// evaluated exactly. Not shared between threads (a compiled expression is not): make one per
/// piece of work. No UIKit counterpart.
struct FilterMatcher {
  /// The filter.
  let filter: RecordFilter
  private let source: any RecordSource
  private let evaluator: ConditionEvaluator
  /// What a record must contain (ignoring case; one of them) to be worth decoding, when the
  /// source can scan; empty when it cannot tell.
  private let prefilters: [SearchPattern]
  /// Whether the scan's answer is the filter's: one plain-text test of every field.
  private let scanIsExact: Bool
  /// The source's raw bytes to scan, when it has them.
  private let byteSearch: (any SearchableSource)?
  /// The source as delimited text, whose records are split in one pass, when it is.
  private let delimited: DelimitedTable?

  /// A matcher of `filter` over `source`. A regular expression that does not compile keeps no
  /// record (the browser refuses it before it gets here, with `RecordFilter.problem`).
  init(_ filter: RecordFilter, source: any RecordSource) {
    self.filter = filter
    self.source = source
    let condition = filter.condition
    evaluator = ConditionEvaluator(condition, missing: filter.missing)
    let capabilities = source.capabilities
    byteSearch = capabilities.byteSearch
    delimited = capabilities.delimitedFields
    var literals = byteSearch != nil ? Self.requiredTexts(condition) ?? [] : []
    if literals.contains(where: { !Self.isScannable($0) }) { literals = [] }
    prefilters = literals.map(SearchPattern.init)
    // A token (`--na`) found by the scan is a missing value, which no `contains` matches.
    if case .test(let test) = condition, test.field == nil, case .contains = test.predicate,
      filter.missing.tokens.isEmpty
    {
      scanIsExact = !prefilters.isEmpty
    } else {
      scanIsExact = false
    }
  }

  /// Texts of which every record the condition keeps contains one (ignoring case), or nil when
  /// there are none to tell.
  static func requiredTexts(_ condition: RecordCondition) -> [String]? {
    switch condition {
    case .test(let test):
      switch test.predicate {
      case .contains(let text): return [text]
      case .matches(let pattern): return PosixRegex.requiredLiterals(pattern)
      case .compare(.identical, let literal): return [literal.text]
      // A date literal equals a date written in another form (`Jun 1 2013`): no text to scan.
      case .compare(.equal, let literal) where literal.number == nil && literal.date == nil:
        return [literal.text]
      case .isIn(let literals)
      where literals.allSatisfy({ $0.number == nil && $0.date == nil }):
        return literals.map(\.text)
      default: return nil
      }
    case .and(let children):
      // Any one child's texts will do: the one whose shortest text is longest rules out most.
      return children.compactMap(requiredTexts).max { a, b in
        (a.map(\.utf8.count).min() ?? 0) < (b.map(\.utf8.count).min() ?? 0)
      }
    case .or(let children):
      var all: [String] = []
      for child in children {
        guard let texts = requiredTexts(child) else { return nil }
        all += texts
      }
      return all
    case .not: return nil
    }
  }

  /// Whether the raw bytes of a value holding `text` hold it as written: not for text a CSV
  /// quotes by doubling or JSON escapes, nor for empty text.
  private static func isScannable(_ text: String) -> Bool {
    !text.isEmpty
      && !text.unicodeScalars.contains {
        $0 == "\"" || $0 == "\\" || $0.properties.generalCategory == .control
      }
  }

  /// Appends to `out`, in order, the records of `records` the filter keeps.
  func appendKept(_ records: Range<Int>, to out: inout [Int32]) {
    guard !prefilters.isEmpty, let fast = byteSearch else {
      for record in records where keeps(record) { out.append(Int32(record)) }
      return
    }
    var candidates: [Int] = []
    for prefilter in prefilters { fast.appendMatches(prefilter, in: records, to: &candidates) }
    if prefilters.count > 1 { candidates = Array(Set(candidates)).sorted() }
    if scanIsExact {
      out.append(contentsOf: candidates.lazy.map { Int32($0) })
      return
    }
    for record in candidates where keeps(record) { out.append(Int32(record)) }
  }

  /// Whether the filter keeps `record`.
  ///
  /// - Complexity: O(length of the record).
  func keeps(_ record: Int) -> Bool {
    let count = source.fieldNames.count
    if let fields = evaluator.fields, fields.count <= 1 {
      let field = fields.first ?? 0
      let value = fields.isEmpty ? "" : source.value(record, field)
      return evaluator.evaluate(fieldCount: count) { $0 == field ? value : nil } == true
    }
    let values = allValues(record, count: count)
    return evaluator.evaluate(fieldCount: count) { $0 < values.count ? values[$0] : nil } == true
  }

  /// Every value of `record`, `count` of them: in one pass over the record where the source
  /// can (a CSV record read field by field would be read once per field).
  private func allValues(_ record: Int, count: Int) -> [String] {
    guard let table = delimited else {
      return (0..<count).map { source.value(record, $0) }
    }
    var values = table.values(record)
    if values.count < count { values += Array(repeating: "", count: count - values.count) }
    return values
  }
}
