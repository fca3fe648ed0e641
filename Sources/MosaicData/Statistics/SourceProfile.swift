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
        reserve(kept.count, in: &profilers)
        read(kept.lazy.map { Int($0) }, of: source, into: &profilers)
      } else {
        reserve(range.count, in: &profilers)
        read(range, of: source, into: &profilers)
      }
      source.capabilities.pageReleasing?.releasePages(of: range)
      return profilers
    }
    guard var total = parts.first else { return [] }
    for part in parts.dropFirst() {
      for field in 0..<fieldCount { total[field].merge(part[field]) }
    }
    // The fields' quantiles are selected at once too: each is independent. A field's work is
    // about its count of numbers, so the fields are dealt to the cores by that count, largest
    // first, round-robin (in file order two numeric fields can share one core while the other
    // reads text fields and waits).
    let width = ParallelWork.width
    let order = (0..<fieldCount).sorted { total[$0].numberCount > total[$1].numberCount }
    let dealt = ParallelWork.map(0..<min(width, fieldCount), minimumPiece: 1) { range in
      range.flatMap { core in
        stride(from: core, to: fieldCount, by: width).map { index in
          let field = order[index]
          return total[field].profile(field: field, name: names[field])
        }
      }
    }
    return dealt.flatMap { $0 }.sorted { $0.field < $1.field }
  }

  /// Room for `count` numbers in each profiler: no copying as they grow, and the pages of a
  /// field that holds no numbers are never touched.
  private static func reserve(_ count: Int, in profilers: inout [FieldProfiler]) {
    for field in profilers.indices { profilers[field].reserveNumbers(count) }
  }

  /// Reads `records` of `source`, every field, into `profilers`.
  private static func read(
    _ records: some Sequence<Int>, of source: any RecordSource,
    into profilers: inout [FieldProfiler]
  ) {
    let fieldCount = profilers.count
    if let table = source.capabilities.delimitedFields {
      // In place: an element passed `inout` through a closure is copied out and back, and a
      // profiler is a few hundred bytes (a tenth of the time went to that copying).
      profilers.withUnsafeMutableBufferPointer { buffer in
        read(records, of: table, into: buffer.baseAddress!)
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

  /// CSV and TSV: each record's fields split in one walk over its bytes (as
  /// `DelimitedTable.fieldRanges` splits them), and each field's bytes read where they lie in
  /// the file, unquoted into a buffer first when they hold `""`. Only a field outside ASCII
  /// becomes a `String` (which repairs invalid UTF-8 as `DelimitedTable.decode` does).
  private static func read(
    _ records: some Sequence<Int>, of table: DelimitedTable,
    into profilers: UnsafeMutablePointer<FieldProfiler>
  ) {
    let fieldCount = table.fieldNames.count
    let file = table.file
    let delimiter = table.delimiter
    let quote = DelimitedTable.quote
    guard let base = file.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      for _ in records {
        for field in 0..<fieldCount { (profilers + field).pointee.add(nil as String?) }
      }
      return
    }
    var unquoted: [UInt8] = []
    let separators = UInt64(delimiter) &* 0x0101_0101_0101_0101
    for record in records {
      let range = table.recordRange(record)
      let end = range.upperBound
      var start = range.lowerBound
      var field = 0
      while field < fieldCount {
        var index = start
        if index < end, base[index] == quote {
          // A quoted field runs to its closing lone quote, then to the next separator.
          var next = index + 1
          while true {
            let close = file.firstIndex(of: quote, in: next..<end)
            if close >= end {
              index = end
              break
            }
            if close + 1 < end, base[close + 1] == quote {
              next = close + 2
              continue
            }
            index = close + 1
            break
          }
        }
        // The separator found eight bytes at a time, the bytes before it or-ed together on the
        // way: whether the field is ASCII comes with its end.
        var high: UInt64 = 0
        let raw = UnsafeRawPointer(base)
        scan: while index + 8 <= end {
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          let marked = word ^ separators
          let found = (marked &- 0x0101_0101_0101_0101) & ~marked & 0x8080_8080_8080_8080
          if found != 0 {
            // The lowest flagged byte is the first separator (a borrow only runs upward).
            let offset = found.trailingZeroBitCount / 8
            high |= word & ((1 << UInt64(offset * 8)) &- 1)
            index += offset
            break scan
          }
          high |= word
          index += 8
        }
        while index < end, base[index] != delimiter {
          high |= UInt64(base[index])
          index += 1
        }
        if start < index, base[start] == quote {
          let inner = start + 1
          let close = file.firstIndex(of: quote, in: inner..<index)
          if close == index - 1 {
            add(
              UnsafeBufferPointer(start: base + inner, count: close - inner), to: profilers + field)
          } else {
            unquote(base, inner..<index, into: &unquoted)
            unquoted.withUnsafeBufferPointer { add($0, to: profilers + field) }
          }
        } else {
          let bytes = UnsafeBufferPointer(start: base + start, count: index - start)
          if high & 0x8080_8080_8080_8080 == 0 {
            (profilers + field).pointee.add(utf8: bytes, isASCII: true)
          } else {
            add(bytes, to: profilers + field)
          }
        }
        field += 1
        if index >= end { break }
        start = index + 1
      }
      while field < fieldCount {
        (profilers + field).pointee.add(nil as String?)
        field += 1
      }
    }
  }

  /// Reads the field text `bytes` into `profiler`: as they are when ASCII, else through the
  /// `String` they decode to.
  @inline(__always)
  private static func add(
    _ bytes: UnsafeBufferPointer<UInt8>, to profiler: UnsafeMutablePointer<FieldProfiler>
  ) {
    if FieldProfiler.isASCII(bytes) {
      profiler.pointee.add(utf8: bytes, isASCII: true)
    } else {
      var text = String(decoding: bytes, as: UTF8.self)
      text.withUTF8 { profiler.pointee.add(utf8: $0, isASCII: false) }
    }
  }

  /// The text of a quoted field after its opening quote (`inner`), as `DelimitedTable.decode`
  /// reads it: `""` is one quote, a lone quote closes the field and the bytes after it are kept.
  private static func unquote(
    _ base: UnsafePointer<UInt8>, _ inner: Range<Int>, into out: inout [UInt8]
  ) {
    out.removeAll(keepingCapacity: true)
    let quote = DelimitedTable.quote
    var index = inner.lowerBound
    while index < inner.upperBound {
      let byte = base[index]
      if byte == quote {
        if index + 1 < inner.upperBound, base[index + 1] == quote {
          out.append(quote)
          index += 2
          continue
        }
        out.append(
          contentsOf: UnsafeBufferPointer(
            start: base + index + 1, count: inner.upperBound - index - 1))
        return
      }
      out.append(byte)
      index += 1
    }
  }
}
