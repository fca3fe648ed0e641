import Foundation

/// A layout that flows items along a line until it is full, then starts a new line.
///
/// UIKit: `UICollectionViewFlowLayout`, with its exact placement rules (see
/// flow-layout.md). Open for subclassing: override the query methods to adjust
/// the attributes returned, or to add elements of your own.
open class FlowLayout: CollectionViewLayout {
  /// Where the layout reads the numbers of sections and items; held weakly.
  public weak var dataSource: (any LayoutDataSource)?
  /// The per-item and per-section overrides; held weakly.
  ///
  /// UIKit: the collection view's delegate, when it adopts `UICollectionViewDelegateFlowLayout`.
  public weak var delegate: (any FlowLayoutDelegate)?
  /// The collection view's bounds in content coordinates.
  public var bounds: Rect = .zero

  /// The scrolling axis. Default `.vertical`.
  public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
  /// The size of every item the delegate does not size. Default 50 × 50.
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The least space between lines. Default 10.
  public var minimumLineSpacing: Double = 10 { didSet { invalidateLayout() } }
  /// The least space between items on one line. Default 10.
  public var minimumInteritemSpacing: Double = 10 { didSet { invalidateLayout() } }
  /// The insets of every section the delegate does not inset. Default zero.
  public var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
  /// The size of every section header; only its scroll-axis extent counts. Default 0 × 0 (none).
  public var headerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
  /// The size of every section footer; only its scroll-axis extent counts. Default 0 × 0 (none).
  public var footerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
  /// Whether a section's header sticks to the top (leading) edge while its section scrolls.
  ///
  /// UIKit: `sectionHeadersPinToVisibleBounds`.
  public var sectionHeadersPinToVisibleBounds = false
  /// Whether a section's footer sticks to the bottom (trailing) edge while its section scrolls.
  ///
  /// UIKit: `sectionFootersPinToVisibleBounds`.
  public var sectionFootersPinToVisibleBounds = false

  /// Creates a flow layout with UIKit's defaults.
  public init() {}

  /// Computes the section geometry (to be implemented).
  open func prepare() {}

  /// The size of the whole content.
  open var contentSize: Size { .zero }

  /// The attributes of every element overlapping `rect`.
  open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

  /// The attributes of the item at `indexPath`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// The attributes of the header or footer at `indexPath`.
  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// Whether a change of bounds invalidates the layout: only a change of size does.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != bounds.size
  }

  /// Marks the layout invalid.
  open func invalidateLayout() {}
}
