import MosaicCollection
import MosaicLayout

/// A demo: a full-screen grid of uniform cards from a data source that
/// computes each card, with a status line; quits on `q` or Escape.
///
/// The data is never stored: a card's text comes from its index path when its
/// cell is configured, so a million items cost no more memory than a hundred.
public final class DemoScene: StatusBarController, CollectionViewDataSource {
  /// The demo's name, shown in the status line.
  public let title: String
  private let sectionCount: Int
  private let itemsPerSection: Int
  private let hasHeadersAndFooters: Bool
  /// Whether a line above the status line shows the recycling counters as they change.
  public let showsCounters: Bool
  private static let cellIdentifier = "card"
  private static let sectionIdentifier = "section"

  /// Creates a demo of `sections` × `itemsPerSection` cards.
  public init(
    title: String, sections: Int, itemsPerSection: Int, hasHeadersAndFooters: Bool,
    showsCounters: Bool = false
  ) {
    self.title = title
    self.showsCounters = showsCounters
    self.sectionCount = sections
    self.itemsPerSection = itemsPerSection
    self.hasHeadersAndFooters = hasHeadersAndFooters
    let layout = FlowLayout()
    let metrics = CellMetrics.standard
    // Cards of 18 × 4 cells, a column apart, rows touching.
    layout.itemSize = Size(width: 18 * metrics.pointsPerColumn, height: 4 * metrics.pointsPerRow)
    layout.minimumInteritemSpacing = metrics.pointsPerColumn
    layout.minimumLineSpacing = 0
    if hasHeadersAndFooters {
      layout.headerReferenceSize = Size(width: 0, height: metrics.pointsPerRow)
      layout.footerReferenceSize = Size(width: 0, height: metrics.pointsPerRow)
      layout.sectionHeadersPinToVisibleBounds = true
    }
    super.init(collectionViewLayout: layout)
    if showsCounters { contentInsets = (top: 0, bottom: 2) }
    collectionView.register(DemoCardCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    if hasHeadersAndFooters {
      for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
        collectionView.register(
          DemoSectionView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: Self.sectionIdentifier)
      }
    }
    collectionView.dataSource = self
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
  }

  /// The total number of cards.
  public var itemCount: Int { sectionCount * itemsPerSection }

  /// The collection view's counters, for `--stats`.
  public var statistics: CollectionView.Statistics { collectionView.statistics }

  /// Draws the counters above the status bar when shown.
  public override func drawAccessories(into surface: any Surface) {
    guard showsCounters, surface.rows > 1 else { return }
    let counters = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 2, columns: surface.columns, rows: 1))
    counters.fill()
    counters.text(
      counterLine, column: 0, row: 0, maxWidth: surface.columns,
      style: TextStyle(foreground: .cyan, attributes: .bold))
  }

  /// Adds one-line scrolling (Ctrl-E down, Ctrl-Y up, as in vi) to the controller's keys.
  public override func handle(_ event: InputEvent) -> SceneResponse {
    guard !isShowingHelp else { return super.handle(event) }
    switch event {
    case .key(.control("e")): collectionView.scroll(rows: 1)
    case .key(.control("y")): collectionView.scroll(rows: -1)
    default: return super.handle(event)
    }
    return .continue
  }

  /// "mosaic demo grid · 10,000 items · item 12 of section 3 · ? keys · q quits".
  public override var statusText: String {
    var parts = ["mosaic demo \(title)", "\(Self.grouped(itemCount)) items"]
    if let focused = collectionView.indexPathForFocusedItem {
      parts.append(
        sectionCount > 1
          ? "item \(Self.grouped(focused.item)) of section \(focused.section)"
          : "item \(Self.grouped(focused.item))")
    }
    parts.append("? keys · q quits")
    return parts.joined(separator: " · ")
  }

  /// "grid: keys".
  public override var helpTitle: String { "\(title): keys" }

  /// The collection view's keys and the demo's own.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last card"),
      ("^E ^Y", "scroll a row down / up, as in vi"),
      ("Enter", "select the focused card"),
      ("click, wheel", "focus and select; scroll"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  /// "views: 66 created · 66 live · 0 queued · 66 most visible · 18,064 configured · frame 302".
  var counterLine: String {
    let stats = collectionView.statistics
    return
      " views: \(Self.grouped(stats.viewsCreated)) created · \(Self.grouped(stats.liveViews)) live"
      + " · \(Self.grouped(stats.queuedViews)) queued · \(Self.grouped(stats.maxVisibleElements))"
      + " most visible · \(Self.grouped(stats.configureCalls)) configured"
      + " · frame \(Self.grouped(stats.frames))"
  }

  // MARK: CollectionViewDataSource

  /// The demo's sections.
  public func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }

  /// The same count in every section.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { itemsPerSection }

  /// A card computed from its index path.
  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      DemoCardCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    let number = indexPath.section * itemsPerSection + indexPath.item
    cell.title = "Item \(Self.grouped(number))"
    cell.detail =
      sectionCount > 1 ? "§\(indexPath.section) · #\(indexPath.item)" : "#\(indexPath.item)"
    return cell
  }

  /// A header ("Section 3 · 100 items") or footer ("end of section 3").
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoSectionView.self, ofKind: kind, withReuseIdentifier: Self.sectionIdentifier,
      for: indexPath)
    if kind == ElementKind.sectionHeader {
      view.text = "Section \(indexPath.section) · \(itemsPerSection) items"
      view.style = TextStyle(foreground: .cyan, attributes: .bold)
    } else {
      view.text = "end of section \(indexPath.section)"
      view.style = TextStyle(attributes: .dim)
    }
    return view
  }

  /// `n` with its digits grouped: "1,000,000".
  static func grouped(_ n: Int) -> String { n.groupedDigits() }
}
