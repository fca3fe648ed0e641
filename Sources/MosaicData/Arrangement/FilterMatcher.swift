/// Decides which records a `RecordFilter` keeps, a range of records at a time: the in-memory
/// side of `&` (a store that adopts `ArrangingSource` does the same in its own query language).
///
/// Sources that can search their raw bytes (`SearchableSource`: CSV, TSV, JSON Lines) rule out
/// most records with a byte scan first: a text or value filter scans for its text, a regular
/// expression for the literal every match contains; only the records that pass are decoded and
/// matched exactly. Not shared between threads (a compiled expression is not): make one per
/// piece of work. No UIKit counterpart.
struct FilterMatcher {
  /// The filter.
  let filter: RecordFilter
  private let source: any RecordSource
  private let regex: PosixRegex?
  private let text: SearchPattern?
  /// What a record must contain (ignoring case; one of them, for an alternation) to be worth
  /// decoding, when the source can scan; empty when it cannot tell.
  private let prefilters: [SearchPattern]

  /// A matcher of `filter` over `source`. A regular expression that does not compile keeps no
  /// record (the browser refuses it before it gets here, with `RecordFilter.problem`).
  init(_ filter: RecordFilter, source: any RecordSource) {
    self.filter = filter
    self.source = source
    var literals: [String]
    switch filter.match {
    case .text(let query):
      text = SearchPattern(query)
      regex = nil
      literals = [query]
    case .regularExpression(let pattern):
      text = nil
      regex = try? PosixRegex(pattern)
      literals = PosixRegex.requiredLiterals(pattern) ?? []
    case .value(let value):
      text = nil
      regex = nil
      literals = [value]
    }
    if literals.contains(where: \.isEmpty) || !(source is SearchableSource) { literals = [] }
    prefilters = literals.map(SearchPattern.init)
  }

  /// Appends to `out`, in order, the records of `records` the filter keeps.
  func appendKept(_ records: Range<Int>, to out: inout [Int32]) {
    if case .text(let query) = filter.match, query.isEmpty {
      out.append(contentsOf: records.lazy.map { Int32($0) })
      return
    }
    if case .regularExpression = filter.match, regex == nil { return }
    guard !prefilters.isEmpty, let fast = source as? SearchableSource else {
      for record in records where keeps(record) { out.append(Int32(record)) }
      return
    }
    var candidates: [Int] = []
    for prefilter in prefilters { fast.appendMatches(prefilter, in: records, to: &candidates) }
    if prefilters.count > 1 { candidates = Array(Set(candidates)).sorted() }
    // A text filter over every field is exactly what the scan found.
    if case .text = filter.match, filter.field == nil {
      out.append(contentsOf: candidates.lazy.map { Int32($0) })
      return
    }
    for record in candidates where keeps(record) { out.append(Int32(record)) }
  }

  /// Whether the filter keeps `record`.
  ///
  /// - Complexity: O(length of the record).
  func keeps(_ record: Int) -> Bool {
    if let field = filter.field { return matches(source.value(record, field)) }
    let count = source.fieldNames.count
    if let regex {
      // One call over the values joined by line breaks rules most records out (a match there is
      // a match in one value: see PosixRegex); a hit is confirmed value by value.
      let values = allValues(record, count: count)
      guard regex.matches(values.joined(separator: "\n")) else { return false }
      return values.contains(where: regex.matches)
    }
    return allValues(record, count: count).contains(where: matches)
  }

  /// Every value of `record`, `count` of them: in one pass over the record where the source
  /// can (a CSV record read field by field would be read once per field).
  private func allValues(_ record: Int, count: Int) -> [String] {
    guard let table = source as? DelimitedTable else {
      return (0..<count).map { source.value(record, $0) }
    }
    var values = table.values(record)
    if values.count < count { values += Array(repeating: "", count: count - values.count) }
    return values
  }

  /// Whether one value satisfies the filter.
  private func matches(_ value: String) -> Bool {
    switch filter.match {
    case .text: return text!.matches(value)
    case .regularExpression: return regex?.matches(value) ?? false
    case .value(let wanted): return value == wanted
    }
  }
}
