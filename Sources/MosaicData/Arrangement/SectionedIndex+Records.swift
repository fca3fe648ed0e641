extension SectionedIndex {
  /// One untitled section holding `records` in order: an `EstimatedEnd`'s records, which are
  /// read by ids far past any record number.
  public static func records(_ records: Range<Int>) -> SectionedIndex {
    SectionedIndex(sections: [Section(title: nil, items: .range(records))])
  }
}
