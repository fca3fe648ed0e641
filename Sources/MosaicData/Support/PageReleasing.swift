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
  /// Hands back the mapped pages around `record`, read for a quick look (the table's width
  /// sample): the kernel maps a fault's neighbours with it (64 KB around), and a thousand looks
  /// spread over a file would otherwise keep most of it counted as the process's memory. A
  /// source with no mapped pages (a database, memory) has nothing to hand back.
  public func releasePages(around record: Int) {
    guard let releasing = capabilities.pageReleasing else { return }
    // Records each side: 64 KB of records of 64 bytes or more.
    let span = 1_024
    let count = recordCount
    guard record >= 0, record < count else { return }
    releasing.releasePages(of: max(0, record - span)..<min(count, record + span + 1))
  }
}
