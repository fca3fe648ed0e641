/// A memory-mapped source whose bulk readers (search, grouping, sorting) hand pages back to the
/// kernel after each chunk, so scanning a large file does not grow the resident set by its size.
protocol PageReleasing {
  /// Releases the mapped pages of `records`, except those of the first screen.
  func releasePages(of records: Range<Int>)
}

extension DelimitedTable: PageReleasing {
  func releasePages(of records: Range<Int>) { indexer.releasePages(of: records) }
}

extension JSONLinesTable: PageReleasing {
  func releasePages(of records: Range<Int>) { indexer.releasePages(of: records) }
}

extension RecordSource {
  /// Hands back the mapped pages of `records` and of the records around them (64 KB of
  /// records of 64 bytes each side), read for a quick look such as the table's width sample:
  /// the kernel maps a fault's neighbours with it, and a thousand looks spread over a file
  /// would otherwise keep most of it counted as the process's memory. One call for the whole
  /// span; a source with no mapped pages (a database, memory) has nothing to hand back.
  public func releasePages(around records: ClosedRange<Int>) {
    guard let releasing = capabilities.pageReleasing else { return }
    let span = 1_024
    let low = max(0, records.lowerBound - span)
    let high = min(recordCount, records.upperBound + span + 1)
    guard low < high else { return }
    releasing.releasePages(of: low..<high)
  }
}
