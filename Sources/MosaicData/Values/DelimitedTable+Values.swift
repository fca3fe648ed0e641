extension DelimitedTable {
  /// Every field of `record` as readable text, in one pass over the record.
  ///
  /// - Complexity: O(fields + quotes in the record): separators and quotes are found with
  ///   `memchr`, so a huge quoted value is jumped over, not walked.
  public func fieldTexts(_ record: Int) -> [FieldText?] {
    guard hasRecord(record) else { return [] }
    let count = fieldNames.count
    var texts: [FieldText?] = fieldRanges(record, limit: count).map {
      FieldText(delimited: file, $0)
    }
    while texts.count < count { texts.append(FieldText("")) }
    return texts
  }

  /// The text of one field; the fields before it are skipped, not decoded.
  ///
  /// - Complexity: O(fields and quotes before it in the record).
  public func fieldText(_ record: Int, _ field: Int) -> FieldText? {
    guard hasRecord(record), field >= 0, field < fieldNames.count else {
      return nil
    }
    let ranges = fieldRanges(record, limit: field + 1)
    return field < ranges.count ? FieldText(delimited: file, ranges[field]) : FieldText("")
  }

  /// Every field of `record` as `.string`, in one pass over the record.
  ///
  /// - Complexity: O(length of the record).
  public func typedValues(_ record: Int) -> [DataValue?] {
    guard hasRecord(record) else { return [] }
    let count = fieldNames.count
    var values: [DataValue?] = fieldRanges(record, limit: count).map {
      .string(Self.decode(file, $0))
    }
    while values.count < count { values.append(.string("")) }
    return values
  }

  /// The raw byte ranges (quotes included) of the first `limit` fields of `record`, split as
  /// `forEachField` splits them: a field opening with `"` runs to its closing lone `"`, then to
  /// the next separator.
  func fieldRanges(_ record: Int, limit: Int) -> [Range<Int>] {
    let range = recordRange(record)
    let end = range.upperBound
    var ranges: [Range<Int>] = []
    var start = range.lowerBound
    while ranges.count < limit {
      var i = start
      if i < end, file[i] == Self.quote {
        var j = i + 1
        while true {
          let close = file.firstIndex(of: Self.quote, in: j..<end)
          if close >= end {
            i = end
            break
          }
          if close + 1 < end, file[close + 1] == Self.quote {
            j = close + 2
            continue
          }
          i = close + 1
          break
        }
      }
      let stop = file.firstIndex(of: delimiter, in: i..<end)
      ranges.append(start..<stop)
      if stop >= end { break }
      start = stop + 1
    }
    return ranges
  }
}
