import Foundation
import MosaicLayout

/// A parsed and validated layout spec: a flow layout's configuration and its sections, without a terminal.
///
/// This is the input of `mosaic layout` (the JSON contract in layout-spec.md).
/// Build one from JSON with `init(json:)`, or in code; `makeLayout()` turns it
/// into a configured `FlowLayout` and `LayoutReport` runs it.
public struct LayoutSpec: Hashable, Sendable {
  /// The collection view's visible size; both extents are positive.
  public var bounds: Size
  /// The scrolling axis.
  ///
  /// UIKit: `UICollectionViewFlowLayout.scrollDirection`.
  public var scrollDirection: ScrollDirection
  /// The size of every item whose section has no `itemSizes`.
  ///
  /// UIKit: `UICollectionViewFlowLayout.itemSize`.
  public var itemSize: Size
  /// The least space between lines, unless a section overrides it.
  ///
  /// UIKit: `UICollectionViewFlowLayout.minimumLineSpacing`.
  public var minimumLineSpacing: Double
  /// The least space between items on a line, unless a section overrides it.
  ///
  /// UIKit: `UICollectionViewFlowLayout.minimumInteritemSpacing`.
  public var minimumInteritemSpacing: Double
  /// The insets of every section that has no `inset` of its own.
  ///
  /// UIKit: `UICollectionViewFlowLayout.sectionInset`.
  public var sectionInset: EdgeInsets
  /// The header size of every section that has no `headerSize` of its own.
  ///
  /// UIKit: `UICollectionViewFlowLayout.headerReferenceSize`.
  public var headerReferenceSize: Size
  /// The footer size of every section that has no `footerSize` of its own.
  ///
  /// UIKit: `UICollectionViewFlowLayout.footerReferenceSize`.
  public var footerReferenceSize: Size
  /// How many points one terminal column and row span, for the `cells` of each element.
  public var cellMetrics: CellMetrics
  /// When set, only the elements whose frame overlaps this rectangle are reported.
  ///
  /// UIKit: the rect passed to `layoutAttributesForElements(in:)`.
  public var query: Rect?
  /// The sections, in order.
  public var sections: [Section]

  /// Creates a spec; every argument but `bounds` defaults to the contract's (and UIKit's) default.
  public init(
    bounds: Size,
    scrollDirection: ScrollDirection = .vertical,
    itemSize: Size = Size(width: 50, height: 50),
    minimumLineSpacing: Double = 10,
    minimumInteritemSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero,
    headerReferenceSize: Size = .zero,
    footerReferenceSize: Size = .zero,
    cellMetrics: CellMetrics = .standard,
    query: Rect? = nil,
    sections: [Section] = []
  ) {
    self.bounds = bounds
    self.scrollDirection = scrollDirection
    self.itemSize = itemSize
    self.minimumLineSpacing = minimumLineSpacing
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.sectionInset = sectionInset
    self.headerReferenceSize = headerReferenceSize
    self.footerReferenceSize = footerReferenceSize
    self.cellMetrics = cellMetrics
    self.query = query
    self.sections = sections
  }

  /// A flow layout configured from this spec, with its data source and delegate, ready to query.
  ///
  /// - Complexity: O(number of sections); the layout itself runs on the first query.
  @MainActor public func makeLayout() -> SpecLayout {
    SpecLayout(spec: self)
  }
}
