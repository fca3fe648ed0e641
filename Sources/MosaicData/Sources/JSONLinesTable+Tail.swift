extension JSONLinesTable {
  /// The last lines, found by scanning back from the end of the file (see `RecordSource`): a
  /// JSON value holds no raw line break, so every line start is a record start. The fields
  /// named are those indexing has seen; a JSON array's elements are not found from its end.
  public func estimatedEnd(atLeast count: Int) -> EstimatedEnd? {
    guard !isArray, !indexer.isComplete, !file.isGrowing else { return nil }
    let end = file.count
    return tail.locate(
      atLeast: count, offsets: offsets, end: end, start: offsets[0],
      recordStart: { from in
        let start =
          from == 0 || file[from - 1] == DelimitedTable.newline
          ? from : file.firstIndex(of: DelimitedTable.newline, in: from..<end) + 1
        return start < end ? start : nil
      },
      parse: { from in
        var ends: [Int] = []
        var i = from
        while i < end {
          let nl = file.firstIndex(of: DelimitedTable.newline, in: i..<end)
          let line = DelimitedTable.trimmed(file, i..<nl)
          i = min(nl + 1, end)
          if !line.allSatisfy({ file[$0] == 0x20 || file[$0] == 0x09 }) { ends.append(i) }
        }
        return ends.isEmpty ? nil : ends
      })
  }

  /// The index of a line of `estimatedEnd` once indexing has passed it.
  public func indexedRecord(ofEstimated id: Int) -> Int? {
    tail.indexedRecord(ofEstimated: id, offsets: offsets)
  }

  /// Whether `record` can be read: indexed, or one of the estimated end's.
  func hasRecord(_ record: Int) -> Bool {
    record >= 0 && (record < recordCount || tail.span(of: record) != nil)
  }
}
