extension DelimitedTable {
  /// The last records, found by scanning back from the end of the file (see `RecordSource`).
  ///
  /// A record start near the end cannot be told from the bytes around it alone (a quoted field
  /// may hold line breaks), so it is told from the bytes after it: a line start is taken when
  /// the quotes from there to the end are even in number (an RFC 4180 file has an even number
  /// in every record) and the records from there parse to the end. A line start inside a
  /// quoted field has an odd number after it. The numbers, and the records' bounds, are checked
  /// when indexing reaches them.
  public func estimatedEnd(atLeast count: Int) -> EstimatedEnd? {
    guard !indexer.isComplete, !file.isGrowing else { return nil }
    let end = file.count
    return tail.locate(
      atLeast: count, offsets: offsets, end: end, start: offsets[0],
      recordStart: { evenQuoteLineStart(atOrAfter: $0, end: end) },
      parse: { from in
        var ends: [Int] = []
        let (_, error) =
          scanRecordEnds(from: from, below: end, into: &ends) ?? (from, nil)
        return error == nil && !ends.isEmpty ? ends : nil
      })
  }

  /// The index of a record of `estimatedEnd` once indexing has passed it.
  public func indexedRecord(ofEstimated id: Int) -> Int? {
    tail.indexedRecord(ofEstimated: id, offsets: offsets)
  }

  /// Whether `record` can be read: indexed, or one of the estimated end's.
  func hasRecord(_ record: Int) -> Bool {
    record >= 0 && (record < recordCount || tail.span(of: record) != nil)
  }

  /// The first line start at or after `offset`, before `end`, with an even number of quotes
  /// from it to `end`; nil when there is none.
  func evenQuoteLineStart(atOrAfter offset: Int, end: Int) -> Int? {
    var start = firstLineStart(atOrAfter: offset)
    var quotes = 0
    var i = start
    while i < end {
      i = file.firstIndex(of: Self.quote, in: i..<end) + 1
      if i <= end { quotes += 1 }
    }
    while start < end {
      if quotes % 2 == 0 { return start }
      let lineEnd = min(file.firstIndex(of: Self.newline, in: start..<end) + 1, end)
      var j = start
      while j < lineEnd {
        let q = file.firstIndex(of: Self.quote, in: j..<lineEnd)
        if q == lineEnd { break }
        quotes -= 1
        j = q + 1
      }
      start = lineEnd
    }
    return nil
  }
}
