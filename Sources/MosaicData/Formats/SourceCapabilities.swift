/// What a record source can do itself beyond giving records: sort and filter in its own store,
/// scan its raw bytes for text, hand back the memory of records read, read one delimited field
/// without splitting its record. The parts that use a source (the arranger, the search, the
/// counts, the browser) ask this instead of testing the source's type, so a new source says
/// what it can do in one place.
///
/// UIKit has no counterpart; it is the optional methods a data source implements, which UIKit
/// asks with `responds(to:)`.
public struct SourceCapabilities {
  /// The store that sorts and filters the records itself (a database), or nil.
  public var arranging: (any ArrangingSource)?
  /// The store that counts a field's values and sums its numbers itself, or nil.
  public var statistics: (any StatisticsSource)?
  /// The raw bytes to scan for text before decoding records (CSV, TSV, JSON Lines), or nil.
  var byteSearch: (any SearchableSource)?
  /// What hands back the mapped pages of records read, or nil.
  var pageReleasing: (any PageReleasing)?
  /// Delimited text, whose fields are read from the raw bytes without building the record, or
  /// nil.
  var delimitedFields: DelimitedTable?
  /// What reads one field's bytes without building its record (for sorting and grouping), or
  /// nil.
  var fieldBytes: (any FieldBytesSource)?

  /// Capabilities a source outside this module can declare: a store that arranges itself,
  /// and one that counts itself.
  public init(
    arranging: (any ArrangingSource)? = nil, statistics: (any StatisticsSource)? = nil
  ) {
    self.arranging = arranging
    self.statistics = statistics
  }

  init(
    byteSearch: (any SearchableSource)? = nil, pageReleasing: (any PageReleasing)? = nil,
    delimitedFields: DelimitedTable? = nil, fieldBytes: (any FieldBytesSource)? = nil
  ) {
    self.byteSearch = byteSearch
    self.pageReleasing = pageReleasing
    self.delimitedFields = delimitedFields
    self.fieldBytes = fieldBytes
  }

  /// Whether the records are delimited text (CSV, TSV): every record has the header's fields,
  /// and the first row may be a record (`--no-header`).
  public var isDelimitedText: Bool { delimitedFields != nil }

  /// Nothing beyond giving records: sorted, filtered, searched and counted in memory.
  public static var none: SourceCapabilities { SourceCapabilities() }
}

extension ArrangingSource {
  /// A store that arranges itself says so.
  public var capabilities: SourceCapabilities { SourceCapabilities(arranging: self) }
}

extension DelimitedTable {
  /// CSV and TSV: scanned as bytes, pages handed back, fields read from the bytes.
  public var capabilities: SourceCapabilities {
    SourceCapabilities(
      byteSearch: self, pageReleasing: self, delimitedFields: self, fieldBytes: self)
  }
}

extension JSONLinesTable {
  /// JSON Lines (and JSON arrays read as lines): scanned as bytes, pages handed back.
  public var capabilities: SourceCapabilities {
    SourceCapabilities(byteSearch: self, pageReleasing: self)
  }
}
