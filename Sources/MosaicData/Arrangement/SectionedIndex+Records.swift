extension SectionedIndex {
  /// One untitled section holding `records` in order: an `EstimatedEnd`'s records, which are
  /// read by ids far past any record number.
  public static func records(_ records: Range<Int>) -> SectionedIndex {
    SectionedIndex(sections: [Section(title: nil, items: .range(records))])
  }
}

extension SectionedIndex {
  /// Every record shown, in display order, as one list: what a count over the records on show
  /// reads.
  ///
  /// - Complexity: O(1) for grouped records (their list is stored whole); O(records) otherwise.
  public var recordList: [Int32] {
    if case .grouped(let groups) = sections.storage { return groups.records }
    var out: [Int32] = []
    out.reserveCapacity(totalCount)
    for section in sections {
      switch section.items {
      case .range(let range): out.append(contentsOf: range.lazy.map { Int32($0) })
      case .list(let list): out.append(contentsOf: list)
      case .provisional(let order): out.append(contentsOf: order.records)
      }
    }
    return out
  }
}
