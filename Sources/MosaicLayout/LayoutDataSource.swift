/// What a layout may ask of the content: how many sections and items there are.
///
/// UIKit: the layout reads these through `collectionView`; keeping them behind
/// this protocol lets a layout run with no collection view at all (the
/// `mosaic layout` command and the tests do so).
@MainActor
public protocol LayoutDataSource: AnyObject {
  /// The number of sections.
  ///
  /// UIKit: `UICollectionView.numberOfSections`.
  var numberOfSections: Int { get }

  /// The number of items in `section`.
  ///
  /// UIKit: `UICollectionView.numberOfItems(inSection:)`.
  func numberOfItems(inSection section: Int) -> Int
}

/// A fixed list of section item counts: the simplest data source, for tools and tests.
@MainActor
public final class StaticLayoutData: LayoutDataSource {
  /// The number of items in each section, in order.
  public var itemCounts: [Int]

  /// Creates a data source with these per-section item counts.
  public init(itemCounts: [Int]) {
    self.itemCounts = itemCounts
  }

  /// The number of sections.
  public var numberOfSections: Int { itemCounts.count }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: Int) -> Int { itemCounts[section] }
}
