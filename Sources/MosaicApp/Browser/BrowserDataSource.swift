import MosaicCollection
import MosaicData
import MosaicLayout

/// Adapts an arrangement of a record source to the collection view: sections and counts from a
/// `SectionedIndex` snapshot, cards filled from the source only when the view asks for them.
///
/// UIKit: a `UICollectionViewDataSource`. Nothing is read up front: `cellForItemAt` reads the
/// title and the fields of the one record it shows, so the cost of a frame is the visible cards,
/// whatever the file's size.
final class BrowserDataSource: CollectionViewDataSource {
  /// The reuse identifier of the cards.
  static let cardIdentifier = "card"
  /// The reuse identifier of the section headers and footers.
  static let sectionIdentifier = "section"

  /// The records.
  var source: any RecordSource
  /// What the cards show.
  let configuration: BrowserConfiguration
  /// The arrangement shown; replace it (then reload the view) as background indexing advances.
  var index: SectionedIndex
  /// The most fields a card can show at its current size; only those are read.
  var fieldLimit = Int.max
  /// The sort keys, most significant first, for the cards and the table's header to mark them.
  var sortKeys: [SortKey] = []
  /// The first sort key, as a field and whether descending.
  var sortMark: (field: Int, descending: Bool)? {
    sortKeys.first.map { ($0.field, $0.descending) }
  }
  /// Whether a record matches the active search, for the cards to mark it; nil without a search.
  var isMatch: ((Int) -> Bool)?
  /// What the table shows, when the view is a table (its rows replace the cards); nil otherwise.
  var table: TableDisplay?
  /// The field names, read once: a JSON Lines file only learns new ones while indexing.
  private var fieldNames: [String]

  /// Creates a data source showing `index` of `source`.
  init(source: any RecordSource, configuration: BrowserConfiguration, index: SectionedIndex) {
    self.source = source
    self.configuration = configuration
    self.index = index
    fieldNames = source.fieldNames
  }

  /// Registers the card, header and footer classes with `collectionView`.
  func register(with collectionView: CollectionView) {
    collectionView.register(CardCell.self, forCellWithReuseIdentifier: Self.cardIdentifier)
    collectionView.register(
      SectionHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: Self.sectionIdentifier)
    collectionView.register(
      SectionFooterView.self, forSupplementaryViewOfKind: ElementKind.sectionFooter,
      withReuseIdentifier: Self.sectionIdentifier)
    registerTable(with: collectionView)
  }

  /// Whether the records are grouped into titled sections (which get headers and footers).
  var hasSections: Bool { index.sections.contains { $0.title != nil } }

  /// The record shown at `indexPath`, or nil when there is no such item.
  func record(at indexPath: IndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < index.numberOfSections,
      indexPath.item >= 0, indexPath.item < index.numberOfItems(inSection: indexPath.section)
    else { return nil }
    return index.record(section: indexPath.section, item: indexPath.item)
  }

  /// Where `record` is shown, or nil.
  func indexPath(ofRecord record: Int) -> IndexPath? {
    index.position(ofRecord: record).map { IndexPath(item: $0.item, section: $0.section) }
  }

  /// The 1-based position of `indexPath` among all the records shown.
  func ordinal(of indexPath: IndexPath) -> Int {
    var before = 0
    for section in 0..<min(indexPath.section, index.numberOfSections) {
      before += index.numberOfItems(inSection: section)
    }
    return before + indexPath.item + 1
  }

  /// The most bytes of a value a card or a title reads: more than the widest line shows.
  nonisolated static let prefixBytes = 4096

  /// The display text of `field` in `record`, on one line: line breaks and tabs become spaces.
  /// Only the value's first `prefixBytes` bytes are read; a longer value ends in "…".
  ///
  /// - Complexity: O(`prefixBytes`) in the value, whatever its size.
  func text(_ record: Int, _ field: Int) -> String {
    source.fieldText(record, field).map(Self.shown) ?? ""
  }

  /// The display texts of `fields` in `record`, as `text(_:_:)` gives each, reading the record
  /// once: a table row shows most of its fields, and reading them one by one finds the fields
  /// before each again.
  ///
  /// - Complexity: O(length of the record + `prefixBytes` × `fields.count`).
  func texts(_ record: Int, _ fields: [Int]) -> [String] {
    let all = source.fieldTexts(record)
    // A loop, not a closure: a closure formed on the main actor checks the executor on every
    // call (a twentieth of a table Page Down when this was a `map`).
    var texts: [String] = []
    texts.reserveCapacity(fields.count)
    for field in fields {
      if field >= 0 && field < all.count, let text = all[field] {
        texts.append(Self.shown(text))
      } else {
        texts.append("")
      }
    }
    return texts
  }

  /// A field's text as shown: its first `prefixBytes` bytes on one line, "…" when cut.
  nonisolated static func shown(_ text: FieldText) -> String {
    let prefix = text.prefix(maxBytes: prefixBytes)
    let line = singleLine(prefix.text)
    return prefix.isComplete ? line : line + "…"
  }

  /// The first `fieldLimit` fields of `record` that have a value, for a card that sizes itself:
  /// a record with missing values is a shorter card.
  func presentFields(of record: Int) -> [(key: String, value: String)] {
    var shown: [(key: String, value: String)] = []
    for field in cardFieldsShown(limit: Int.max) where shown.count < fieldLimit {
      let value = text(record, field)
      if !value.isEmpty { shown.append((cardLabel(field), value)) }
    }
    return shown
  }

  /// The field's name, or a placeholder when a growing JSON Lines file added it after we looked.
  func fieldName(_ field: Int) -> String {
    if field >= fieldNames.count { fieldNames = source.fieldNames }
    return field < fieldNames.count ? fieldNames[field] : "field \(field + 1)"
  }

  /// The first `limit` of the card's fields, the sorted field first when it would not be among
  /// them (nor the title): a card sorted by a field it does not list would not say why it is
  /// where it is.
  func cardFieldsShown(limit: Int) -> [Int] {
    let fields = configuration.cardFields
    guard let sorted = sortMark?.field, sorted != configuration.titleField, limit > 0,
      !fields.prefix(limit).contains(sorted)
    else { return Array(fields.prefix(limit)) }
    return [sorted] + fields.lazy.filter { $0 != sorted }.prefix(limit - 1)
  }

  /// The field's name as a card labels it: with ▲ (▼) when the records are sorted by it
  /// ascending (descending).
  func cardLabel(_ field: Int) -> String {
    guard let mark = TableDisplay.sortMark(of: field, keys: sortKeys) else {
      return fieldName(field)
    }
    return fieldName(field) + " " + mark
  }

  /// `text` with every control character (line breaks, tabs) turned into a space.
  nonisolated static func singleLine(_ text: String) -> String {
    // Printable ASCII, nearly every value, has no control character: no Unicode lookups. The
    // function is nonisolated because a closure formed on the main actor checks the executor
    // on every call, here once a byte (7 % of a table PgDn).
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }

  // MARK: CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { index.numberOfSections }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    index.numberOfItems(inSection: section)
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    if let table { return tableRow(collectionView, at: indexPath, table: table) }
    let cell = collectionView.dequeueReusableCell(
      CardCell.self, withReuseIdentifier: Self.cardIdentifier, for: indexPath)
    guard let record = record(at: indexPath) else { return cell }
    cell.title = text(record, configuration.titleField)
    cell.missingValues = configuration.missingValues
    if configuration.sizesCardsToContent {
      cell.valueRowLimit = CardCell.wrappedValueRows
      cell.fields = presentFields(of: record)
    } else {
      cell.valueRowLimit = 1
      cell.fields = cardFieldsShown(limit: fieldLimit).map { field in
        (cardLabel(field), text(record, field))
      }
    }
    cell.isMatch = isMatch?(record) ?? false
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    if let table, let view = tableView(collectionView, ofKind: kind, at: indexPath, table: table) {
      return view
    }
    let section = indexPath.section
    let count = section < index.numberOfSections ? index.numberOfItems(inSection: section) : 0
    if kind == ElementKind.sectionHeader {
      let header = collectionView.dequeueReusableSupplementaryView(
        SectionHeaderView.self, ofKind: kind, withReuseIdentifier: Self.sectionIdentifier,
        for: indexPath)
      header.title = section < index.numberOfSections ? index.sections[section].title ?? "" : ""
      header.count = count
      return header
    }
    let footer = collectionView.dequeueReusableSupplementaryView(
      SectionFooterView.self, ofKind: kind, withReuseIdentifier: Self.sectionIdentifier,
      for: indexPath)
    footer.count = count
    return footer
  }
}
