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
