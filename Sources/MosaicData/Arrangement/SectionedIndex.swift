import Foundation

/// A snapshot mapping (section, item) to a record: what a collection view's data source answers
/// for `numberOfSections`, `numberOfItems(inSection:)` and `cellForItem(at:)`.
///
/// Like the section and item identifiers of a `NSDiffableDataSourceSnapshot`, but positional.
public struct SectionedIndex: Sendable {
  /// A position in the index.
  public struct Position: Hashable, Sendable {
    /// The section.
    public var section: Int
    /// The item within the section.
    public var item: Int

    /// Creates the position of `item` in `section`.
    public init(section: Int, item: Int) {
      self.section = section
      self.item = item
    }
  }

  /// One section: a title (nil for the single untitled section) and its records in order.
  public struct Section: Sendable {
    /// The group's name, shown in the section header; nil when the records are not grouped.
    public let title: String?
    let items: Items

    /// The number of records in the section (shown in the section footer).
    public var count: Int {
      switch items {
      case .range(let range): return range.count
      case .list(let list): return list.count
      case .provisional(let order): return order.count
      }
    }

    /// The record at `item`.
    public func record(at item: Int) -> Int {
      switch items {
      case .range(let range): return range.lowerBound + item
      case .list(let list): return Int(list[list.startIndex + item])
      case .provisional(let order): return order.record(at: item)
      }
    }
  }

  /// How a section stores its records: a run of consecutive records, an explicit list, or a
  /// sort known so far at its ends.
  enum Items: Sendable {
    case range(Range<Int>)
    case list(ArraySlice<Int32>)
    case provisional(ProvisionalOrder)
  }

  /// The sections of an index in display order, each made when it is read: a million groups are
  /// stored as three flat arrays (`GroupedRecords`), not a million sections.
  public struct Sections: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
      case explicit([Section])
      case grouped(GroupedRecords)
    }
    let storage: Storage

    /// The first section's index, 0.
    public var startIndex: Int { 0 }

    /// The number of sections.
    public var endIndex: Int {
      switch storage {
      case .explicit(let sections): return sections.count
      case .grouped(let groups): return groups.count
      }
    }

    /// The section at `position`.
    public subscript(position: Int) -> Section {
      switch storage {
      case .explicit(let sections): return sections[position]
      case .grouped(let groups):
        return Section(
          title: groups.titles.title(of: position), items: .list(groups.records(of: position)))
      }
    }
  }

  /// The sections in display order.
  public let sections: Sections
  private let inverse: InverseBox

  init(sections: [Section]) {
    self.sections = Sections(storage: .explicit(sections))
    inverse = InverseBox()
  }

  init(groups: GroupedRecords) {
    sections = Sections(storage: .grouped(groups))
    inverse = InverseBox()
  }

  /// One untitled section holding a sort's records, known so far at its ends.
  static func provisional(_ order: ProvisionalOrder) -> SectionedIndex {
    SectionedIndex(sections: [Section(title: nil, items: .provisional(order))])
  }

  /// One untitled section holding records 0..<count in order.
  public static func identity(count: Int) -> SectionedIndex {
    SectionedIndex(sections: [Section(title: nil, items: .range(0..<count))])
  }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of records in `section`.
  public func numberOfItems(inSection section: Int) -> Int {
    // Not through `sections[section]`, which would make the title too.
    switch sections.storage {
    case .explicit(let list): return list[section].count
    case .grouped(let groups): return Int(groups.offsets[section + 1] - groups.offsets[section])
    }
  }

  /// The total number of records.
  ///
  /// - Complexity: O(1) for groups, O(sections) otherwise.
  public var totalCount: Int {
    switch sections.storage {
    case .explicit(let list): return list.reduce(0) { $0 + $1.count }
    case .grouped(let groups): return groups.records.count
    }
  }

  /// The record shown at `item` of `section`.
  public func record(section: Int, item: Int) -> Int {
    switch sections.storage {
    case .explicit(let list): return list[section].record(at: item)
    case .grouped(let groups): return Int(groups.records[Int(groups.offsets[section]) + item])
    }
  }

  /// The record shown at `position`.
  public func record(at position: Position) -> Int {
    record(section: position.section, item: position.item)
  }

  /// Where `record` is shown, or nil when the index does not hold it.
  ///
  /// - Complexity: O(1) after an O(record count) table built on first use.
  public func position(ofRecord record: Int) -> Position? {
    if case .explicit(let list) = sections.storage, list.count == 1,
      case .range(let range) = list[0].items
    {
      return range.contains(record) ? Position(section: 0, item: record - range.lowerBound) : nil
    }
    // Found without a table (80 MB for 10M records) in an order the whole sort soon replaces.
    if case .explicit(let list) = sections.storage, list.count == 1,
      case .provisional(let order) = list[0].items
    {
      return order.item(ofRecord: record).map { Position(section: 0, item: $0) }
    }
    let table = inverse.table(for: sections)
    guard record >= 0, record < table.count, table[record].section >= 0 else { return nil }
    return Position(section: Int(table[record].section), item: Int(table[record].item))
  }

  /// The match shown next after `position` (before it when `backward`), wrapping around; nil
  /// when no match is shown. With `position` nil, the first (or last) match shown.
  ///
  /// - Complexity: O(match count).
  public func nextMatch(after position: Position?, among matches: [Int], backward: Bool = false)
    -> Position?
  {
    func less(_ a: Position, _ b: Position) -> Bool {
      (a.section, a.item) < (b.section, b.item)
    }
    var best: Position?
    var wrap: Position?
    for record in matches {
      guard let p = self.position(ofRecord: record) else { continue }
      if backward {
        if wrap == nil || less(wrap!, p) { wrap = p }
        if let position, less(p, position), best == nil || less(best!, p) { best = p }
      } else {
        if wrap == nil || less(p, wrap!) { wrap = p }
        if let position, less(position, p), best == nil || less(p, best!) { best = p }
      }
    }
    return best ?? wrap
  }

  // @unchecked: `built` is read and written only under `lock`.
  /// A lazily built record → position table, shared by copies of one snapshot.
  final class InverseBox: @unchecked Sendable {
    struct Entry {
      var section: Int32
      var item: Int32
    }
    private let lock = NSLock()
    private var built: [Entry]?

    func table(for sections: Sections) -> [Entry] {
      lock.lock()
      defer { lock.unlock() }
      if let built { return built }
      let table: [Entry]
      switch sections.storage {
      case .explicit(let list): table = Self.table(list)
      case .grouped(let groups): table = Self.table(groups)
      }
      built = table
      return table
    }

    private static func table(_ sections: [Section]) -> [Entry] {
      var maxRecord = -1
      for section in sections {
        for item in 0..<section.count { maxRecord = max(maxRecord, section.record(at: item)) }
      }
      var table = [Entry](repeating: Entry(section: -1, item: -1), count: maxRecord + 1)
      for (s, section) in sections.enumerated() {
        for item in 0..<section.count {
          table[section.record(at: item)] = Entry(section: Int32(s), item: Int32(item))
        }
      }
      return table
    }

    private static func table(_ groups: GroupedRecords) -> [Entry] {
      let maxRecord = Int(groups.records.max() ?? -1)
      var table = [Entry](repeating: Entry(section: -1, item: -1), count: maxRecord + 1)
      table.withUnsafeMutableBufferPointer { table in
        for g in 0..<groups.count {
          let start = Int(groups.offsets[g])
          for i in groups.bounds(of: g) {
            table[Int(groups.records[i])] = Entry(section: Int32(g), item: Int32(i - start))
          }
        }
      }
      return table
    }
  }
}
