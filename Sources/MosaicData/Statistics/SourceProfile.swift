import Foundation

/// Every field of a source summed up in one pass over its records (`FieldProfile` each), the
/// records split over the machine's cores: what `mosaic describe` prints and the columns sheet
/// shows.
///
/// No UIKit counterpart; like `FieldStatistics.compute`, but for all fields at once. Each core
/// reads a contiguous part of the records into a profiler per field; the parts are merged in
/// order, so the figures do not depend on the split.
public enum SourceProfile {
  /// The profiles of every field of the records of `source` that `filter` keeps (every record
  /// when nil), `missing` saying which values are missing. Waits for indexing to finish.
  ///
  /// - Throws: the source's indexing error.
  /// - Complexity: O(bytes of the records), spread over the cores; 8 bytes per number kept.
  public static func compute(
    source: any RecordSource, filter: RecordFilter? = nil, missing: MissingValues = .empty,
    distinctLimit: Int = 100_000
  ) throws -> [FieldProfile] {
    try source.waitUntilComplete()
    let names = source.fieldNames
    let fieldCount = names.count
    let parts = ParallelWork.map(0..<source.recordCount, minimumPiece: 16_384) {
      range -> [FieldProfiler] in
      var profilers = [FieldProfiler](
        repeating: FieldProfiler(distinctLimit: distinctLimit, missing: missing),
        count: fieldCount)
      var kept: [Int32] = []
      if let filter {
        FilterMatcher(filter, source: source).appendKept(range, to: &kept)
        read(kept.lazy.map { Int($0) }, of: source, into: &profilers)
      } else {
        read(range, of: source, into: &profilers)
      }
      source.capabilities.pageReleasing?.releasePages(of: range)
      return profilers
    }
    guard var total = parts.first else { return [] }
    for part in parts.dropFirst() {
      for field in 0..<fieldCount { total[field].merge(part[field]) }
    }
    // The fields' quantiles are selected at once too: each is independent.
    let profiles = ParallelWork.map(0..<fieldCount, minimumPiece: 1) { range in
      range.map { total[$0].profile(field: $0, name: names[$0]) }
    }
    return profiles.flatMap { $0 }
  }

  /// Reads `records` of `source`, every field, into `profilers`.
  private static func read(
    _ records: some Sequence<Int>, of source: any RecordSource,
    into profilers: inout [FieldProfiler]
  ) {
    let fieldCount = profilers.count
    if let table = source.capabilities.delimitedFields {
      // CSV and TSV: each field's bytes found in one walk over the record, decoded once.
      for record in records {
        var field = 0
        for raw in table.fieldRanges(record, limit: fieldCount) {
          profilers[field].add(DelimitedTable.decode(table.file, raw))
          field += 1
        }
        while field < fieldCount {
          profilers[field].add(nil as String?)
          field += 1
        }
      }
      return
    }
    for record in records {
      let values = source.typedValues(record)
      for field in 0..<fieldCount {
        profilers[field].add(field < values.count ? values[field] : nil)
      }
    }
  }
}
