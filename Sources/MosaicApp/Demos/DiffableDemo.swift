import MosaicCollection
import MosaicLayout

/// The `diffable` demo: the tag words under their letters, filtered as you type. Each keystroke
/// builds a new snapshot of the words that match and applies it to a diffable data source, which
/// animates the difference (words and whole letters leaving, coming back) in one batch. Cells and
/// headers come from registrations, as iOS 14 code makes them.
public final class DiffableDemo: StatusBarController {
  /// The words under their letters, unfiltered.
  let groups: [(letter: String, words: [String])]
  /// The words shown: those containing the filter, under their letters.
  private(set) var dataSource: CollectionViewDiffableDataSource<String, String>!
  /// The filter typed so far.
  public private(set) var filter = ""
  /// Whether keys type into the filter (after `/`), rather than move and quit.
  public private(set) var isTyping = false
  let metrics = CellMetrics.standard

  /// Creates the demo over `words` (`TagWords.all` by default).
  public init(words: [String]? = nil) {
    let byLetter = Dictionary(grouping: words ?? TagWords.all) { $0.prefix(1).uppercased() }
    groups = byLetter.keys.sorted().map { ($0, byLetter[$0, default: []].sorted()) }
    let layout = FlowLayout()
    layout.itemSize = Size(width: 16 * metrics.pointsPerColumn, height: metrics.pointsPerRow)
    layout.minimumInteritemSpacing = 2 * metrics.pointsPerColumn
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: metrics.pointsPerRow)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.sectionInset = EdgeInsets(
      top: 0, left: metrics.pointsPerColumn, bottom: metrics.pointsPerRow,
      right: metrics.pointsPerColumn)
    super.init(collectionViewLayout: layout)
    let cells = CollectionView.CellRegistration<DemoItemCell, String> { cell, _, word in
      cell.title = word
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
      collectionView, indexPath, word in
      collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: word)
    }
    let headers = CollectionView.SupplementaryRegistration<DemoHeaderView>(
      elementKind: ElementKind.sectionHeader
    ) { [unowned self] header, _, indexPath in
      let letter = dataSource.sectionIdentifier(for: indexPath.section) ?? ""
      let count = dataSource.snapshot().numberOfItems(inSection: letter)
      header.isFooter = false
      header.lines = ["\(letter) · \(count) word\(count == 1 ? "" : "s")"]
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
    }
    dataSource.apply(snapshot(matching: ""), animatingDifferences: false)
    if !groups.isEmpty { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// The words containing `filter` (ignoring case) under their letters; letters with none left
  /// out.
  func snapshot(matching filter: String) -> DiffableDataSourceSnapshot<String, String> {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    for group in groups {
      let words =
        filter.isEmpty
        ? group.words : group.words.filter { $0.localizedCaseInsensitiveContains(filter) }
      guard !words.isEmpty else { continue }
      snapshot.appendSections([group.letter])
      snapshot.appendItems(words, toSection: group.letter)
    }
    return snapshot
  }

  /// Sets the filter and applies the snapshot of what matches, animated.
  func setFilter(_ text: String) {
    guard text != filter else { return }
    filter = text
    dataSource.apply(snapshot(matching: text))
    // The headers count their words: configure the ones on screen again.
    for path in collectionView.indexPathsForVisibleSupplementaryElements(
      ofKind: ElementKind.sectionHeader)
    {
      if let header = collectionView.supplementaryView(
        forElementKind: ElementKind.sectionHeader, at: path) as? DemoHeaderView,
        let letter = dataSource.sectionIdentifier(for: path.section)
      {
        let count = dataSource.snapshot().numberOfItems(inSection: letter)
        header.lines = ["\(letter) · \(count) word\(count == 1 ? "" : "s")"]
      }
    }
  }

  /// "diffable │ filter: ne▏ │ 12 of 288 words │ / filters · ? keys · q quits".
  public override var statusText: String {
    let total = groups.reduce(0) { $0 + $1.words.count }
    let shown = dataSource.snapshot().numberOfItems
    let field = isTyping ? "filter: \(filter)▏" : (filter.isEmpty ? nil : "filter: \(filter)")
    let hint =
      isTyping
      ? "type to filter · Enter keeps · Esc clears"
      : "/ filters · Esc clears · ? keys · q quits"
    return status("diffable", field, "\(shown) of \(total) words", hint)
  }

  /// "diffable: keys".
  public override var helpTitle: String { "diffable: keys" }

  /// The collection view's keys and the filter's, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last word"),
      ("/", "type a filter: the list narrows as you type"),
      ("  letters", "add to the filter (the snapshot animates)"),
      ("  Backspace", "take the last letter off"),
      ("  Enter", "keep the filter, stop typing"),
      ("  Esc", "clear the filter, stop typing"),
      ("Esc", "clear the filter, or quit when there is none"),
      ("?", "this help"),
      ("q", "quit"),
    ]
  }

  /// While typing, characters go to the filter; otherwise `/` starts typing and Escape clears a
  /// filter before it quits. The rest is the status bar controller's.
  public override func handle(_ event: InputEvent) -> SceneResponse {
    if isShowingHelp { return super.handle(event) }
    if isTyping, case .key(let key) = event {
      switch key {
      case .character(let character):
        setFilter(filter + String(character))
        return .continue
      case .backspace, .delete:
        setFilter(String(filter.dropLast()))
        return .continue
      case .enter:
        isTyping = false
        return .continue
      case .escape:
        isTyping = false
        setFilter("")
        return .continue
      default: break
      }
    }
    if case .paste(let text) = event, isTyping {
      setFilter(filter + text.filter { !$0.isNewline })
      return .continue
    }
    switch event {
    case .key(.character("/")):
      isTyping = true
      return .continue
    case .key(.escape) where !filter.isEmpty:
      setFilter("")
      return .continue
    default: return super.handle(event)
    }
  }
}
