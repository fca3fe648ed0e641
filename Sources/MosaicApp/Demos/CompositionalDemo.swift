import MosaicCollection
import MosaicLayout

/// The `compositional` demo, an "App Store" screen on a `CompositionalLayout`: a row of banners
/// paging a screen at a time, a row of cards scrolling sideways by card, and a chart below as a
/// plain list under a pinned header. ← → move along a row (scrolling it); ↑ ↓ move between the
/// rows and down the list.
public final class CompositionalDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The number of banners, cards and chart rows.
  static let counts = [5, 12, 100]
  static let banners = [
    "Summer Games", "Editors' Choice", "New This Week", "Puzzle Month", "Retro",
  ]
  static let names = [
    "Alto", "Bramble", "Cinder", "Drift", "Ember", "Fathom", "Glint", "Harbor", "Iris", "Juniper",
    "Kestrel", "Lumen", "Moss", "Nimbus", "Orbit", "Pebble",
  ]
  static let categories = ["Puzzle", "Arcade", "Strategy", "Music", "Racing", "Word"]

  /// Creates the demo.
  public init() {
    let metrics = CellMetrics.standard
    super.init(collectionViewLayout: Self.makeLayout(metrics))
    collectionView.register(DemoCardCell.self, forCellWithReuseIdentifier: "card")
    collectionView.register(StoreRowCell.self, forCellWithReuseIdentifier: "row")
    collectionView.register(
      DemoHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: "header")
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.focusItem(at: IndexPath(item: 0, section: 0))
  }

  /// The sections: banners (a whole screen wide, paging), cards (22 × 4 cells, by card) and a
  /// list (one row each, header pinned).
  static func makeLayout(_ metrics: CellMetrics) -> CompositionalLayout {
    let column = metrics.pointsPerColumn
    let row = metrics.pointsPerRow
    let header = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(row))
    return CompositionalLayout { index, environment in
      switch index {
      case 0:
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(
          top: 0, leading: column, bottom: 0, trailing: column)
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(5 * row)),
          subitems: [item])
        let section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = .paging
        section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 0, bottom: row, trailing: 0)
        return section
      case 1:
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(
            widthDimension: .absolute(22 * column), heightDimension: .absolute(4 * row)),
          subitems: [item])
        let section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = 2 * column
        section.contentInsets = DirectionalEdgeInsets(
          top: 0, leading: column, bottom: row, trailing: column)
        section.boundarySupplementaryItems = [
          LayoutBoundarySupplementaryItem(
            layoutSize: header, elementKind: ElementKind.sectionHeader, alignment: .top)
        ]
        return section
      default:
        var list = LayoutListConfiguration(appearance: .plain)
        list.headerMode = .supplementary
        return LayoutSection.list(using: list, layoutEnvironment: environment)
      }
    }
  }

  /// "compositional │ banner 2 of 5 │ ? keys · q quits".
  public override var statusText: String {
    status("compositional", focusDescription, "? keys · q quits")
  }

  /// What has the focus, in the screen's words.
  var focusDescription: String? {
    guard let path = collectionView.indexPathForFocusedItem else { return nil }
    let count = Self.counts[path.section]
    switch path.section {
    case 0: return "banner \(path.item + 1) of \(count)"
    case 1: return "card \(path.item + 1) of \(count)"
    default: return "chart #\(path.item + 1) of \(count)"
    }
  }

  /// "compositional: keys".
  public override var helpTitle: String { "compositional: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus; ← → scroll a row sideways"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last item"),
      ("Enter, click", "select the item"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  // MARK: Data source

  /// Banners, cards, chart.
  public func numberOfSections(in collectionView: CollectionView) -> Int { Self.counts.count }

  /// The section's count.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { Self.counts[section] }

  /// A banner, a card or a chart row.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let item = indexPath.item
    let name = Self.names[item % Self.names.count]
    let category = Self.categories[item % Self.categories.count]
    switch indexPath.section {
    case 0:
      let cell = collectionView.dequeueReusableCell(
        DemoCardCell.self, withReuseIdentifier: "card", for: indexPath)
      cell.title = "Featured: \(Self.banners[item % Self.banners.count])"
      cell.detail = "banner \(item + 1) of \(Self.counts[0]) · ← → pages"
      return cell
    case 1:
      let cell = collectionView.dequeueReusableCell(
        DemoCardCell.self, withReuseIdentifier: "card", for: indexPath)
      cell.title = "Card \(item + 1): \(name)"
      cell.detail = category
      return cell
    default:
      let cell = collectionView.dequeueReusableCell(
        StoreRowCell.self, withReuseIdentifier: "row", for: indexPath)
      (cell.rank, cell.name, cell.category) = (
        item + 1, "\(name) \(item / Self.names.count + 1)", category
      )
      return cell
    }
  }

  /// The cards' and the chart's headers.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoHeaderView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    view.lines = [indexPath.section == 1 ? "New Games We Love" : "Top Charts"]
    return view
  }
}
