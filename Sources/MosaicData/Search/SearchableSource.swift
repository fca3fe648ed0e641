/// A record source that can search a range of records faster than field by field.
protocol SearchableSource {
  /// Appends, in order, each record in `records` with a field containing the pattern.
  func appendMatches(_ pattern: SearchPattern, in records: Range<Int>, to out: inout [Int])
}

extension DelimitedTable: SearchableSource {
  /// Scans the raw bytes of the records once when the query is ASCII and cannot span a separator,
  /// quote or line break (then a raw match is exactly a match inside one field's text); otherwise
  /// decodes the fields of the records whose raw bytes pass a cheap prefilter.
  func appendMatches(_ pattern: SearchPattern, in records: Range<Int>, to out: inout [Int]) {
    guard !pattern.isEmpty, !records.isEmpty else { return }
    let special: [UInt8] = [delimiter, Self.quote, Self.newline, Self.carriageReturn]
    guard let base = file.base else { return }
    guard pattern.isASCII, !pattern.folded.contains(where: special.contains) else {
      // Decode only records whose raw bytes could hold a match.
      let run = pattern.asciiRun(excluding: special)
      for record in records {
        let range = recordRange(record)
        if let run {
          var scanner = SearchPattern.Scanner(pattern: run)
          if scanner.next(in: base, from: range.lowerBound, to: range.upperBound) == nil,
            !run.scanMissesFoldTraps
              || SearchPattern.firstFoldTrap(base, from: range.lowerBound, to: range.upperBound)
                == nil
          {
            continue
          }
        } else if !pattern.isASCII, !file.containsNonASCII(range) {
          continue
        }
        if values(record).contains(where: pattern.matches) { out.append(record) }
      }
      return
    }
    let before = out.count
    var scanner = SearchPattern.Scanner(pattern: pattern)
    let fields = fieldNames.count
    var record = records.lowerBound
    var from = offsets[record]
    let end = offsets[records.upperBound]
    while let hit = scanner.next(in: base, from: from, to: end) {
      // Find the record holding the hit: galloping forward from the current one (a common
      // query hits nearly every record, so the next boundary is usually the one), then halving.
      var low = record
      var high = min(records.upperBound, low + 1)
      var stride = 1
      while high < records.upperBound && offsets[high] <= hit {
        low = high
        stride *= 2
        high = min(records.upperBound, low + stride)
      }
      while low + 1 < high {
        let mid = (low + high) / 2
        if offsets[mid] <= hit { low = mid } else { high = mid }
      }
      record = low
      // A hit past the header's field count is not a match. Fewer separator bytes before the hit
      // than fields (quoted ones included) settle it; only a record that has as many is parsed.
      if Self.hasFewer(delimiter, than: fields, in: base, offsets[record]..<hit)
        || fieldIndex(ofByte: hit, in: record) < fieldNames.count
      {
        out.append(record)
      }
      record += 1
      if record >= records.upperBound { break }
      from = offsets[record]
    }
    guard pattern.scanMissesFoldTraps else { return }
    // A record holding a fold trap (the Kelvin sign holds "k" once lowercased) may match where
    // the raw scan found nothing: each such record not found already is tested exactly.
    let found = Set(out[before...])
    var extra: [Int] = []
    var at = offsets[records.lowerBound]
    while let trap = SearchPattern.firstFoldTrap(base, from: at, to: end) {
      var low = records.lowerBound
      var high = records.upperBound
      while low + 1 < high {
        let mid = (low + high) / 2
        if offsets[mid] <= trap { low = mid } else { high = mid }
      }
      if !found.contains(low), values(low).contains(where: pattern.matches) { extra.append(low) }
      guard low + 1 < records.upperBound else { break }
      at = offsets[low + 1]
    }
    guard !extra.isEmpty else { return }
    let merged = (Array(out[before...]) + extra).sorted()
    out.replaceSubrange(before..., with: merged)
  }

  /// Whether `bytes` of `base` hold fewer than `limit` bytes `separator`, counted eight bytes at
  /// a time.
  @inline(__always)
  private static func hasFewer(
    _ separator: UInt8, than limit: Int, in base: UnsafeRawPointer, _ bytes: Range<Int>
  ) -> Bool {
    if bytes.count < limit { return true }
    var count = 0
    var i = bytes.lowerBound
    while i + 8 <= bytes.upperBound {
      let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      count += ByteLanes.matches(of: separator, in: word).nonzeroBitCount
      if count >= limit { return false }
      i += 8
    }
    while i < bytes.upperBound {
      if base.load(fromByteOffset: i, as: UInt8.self) == separator { count += 1 }
      i += 1
    }
    return count < limit
  }

  /// The index of the field holding byte `offset` of `record`.
  private func fieldIndex(ofByte offset: Int, in record: Int) -> Int {
    var index = 0
    var result = Int.max
    Self.forEachField(file, recordRange(record), delimiter: delimiter) { raw in
      if raw.upperBound >= offset {
        result = index
        return false
      }
      index += 1
      return true
    }
    return result
  }
}

extension JSONLinesTable: SearchableSource {
  /// Skips lines whose raw bytes cannot hold a match (no escapes, and no raw match of the
  /// query's longest plain ASCII run, or no non-ASCII byte for a non-ASCII query) and parses the
  /// rest to match values only, not keys.
  func appendMatches(_ pattern: SearchPattern, in records: Range<Int>, to out: inout [Int]) {
    guard !pattern.isEmpty, let base = file.base else { return }
    let run = pattern.asciiRun(excluding: [UInt8(ascii: "\""), UInt8(ascii: "\\")])
    for record in records {
      let range = recordRange(record)
      if file.firstIndex(of: UInt8(ascii: "\\"), in: range) == range.upperBound {
        if let run {
          var scanner = SearchPattern.Scanner(pattern: run)
          if scanner.next(in: base, from: range.lowerBound, to: range.upperBound) == nil,
            !run.scanMissesFoldTraps
              || SearchPattern.firstFoldTrap(base, from: range.lowerBound, to: range.upperBound)
                == nil
          {
            continue
          }
        } else if !pattern.isASCII, !file.containsNonASCII(range) {
          continue
        }
      }
      guard let members = members(record) else { continue }
      if members.contains(where: { pattern.matches($0.value.dataValue.text) }) {
        out.append(record)
      }
    }
  }
}
