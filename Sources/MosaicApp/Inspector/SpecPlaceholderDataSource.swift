import MosaicCollection
import MosaicLayout

/// Supplies a spec's item counts and placeholder views labelled with their index paths.
///
/// UIKit: a `UICollectionViewDataSource`. The layout reads the same counts from the spec's own
/// data source; these are the counts the collection view checks the layout's answers against.
final class SpecPlaceholderDataSource: CollectionViewDataSource {
  /// The reuse identifier of the placeholder cells and supplementary views.
  static let identifier = "placeholder"

  /// The number of items in each section.
  let itemCounts: [Int]

  /// A data source for sections of `itemCounts` items.
  init(itemCounts: [Int]) {
    self.itemCounts = itemCounts
  }

  /// Registers the placeholder classes with `collectionView` and becomes its data source.
  func install(in collectionView: CollectionView) {
    collectionView.register(PlaceholderCell.self, forCellWithReuseIdentifier: Self.identifier)
    for kind in [ElementKind.sectionHeader, ElementKind.sectionFooter] {
      collectionView.register(
        PlaceholderSupplementaryView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: Self.identifier)
    }
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { itemCounts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      PlaceholderCell.self, withReuseIdentifier: Self.identifier, for: indexPath)
    cell.label = InspectorOverlay.label(category: .cell, kind: nil, indexPath: indexPath)
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    // A flow layout has headers and footers only, the two kinds `install(in:)` registers.
    let view = collectionView.dequeueReusableSupplementaryView(
      PlaceholderSupplementaryView.self, ofKind: kind, withReuseIdentifier: Self.identifier,
      for: indexPath)
    view.label = "\(kind) \(indexPath.section)"
    view.shortLabel = InspectorOverlay.label(
      category: .supplementaryView, kind: kind, indexPath: indexPath)
    return view
  }
}
