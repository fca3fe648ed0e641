import Foundation

/// Where one element goes and how it shows: the layout's answer for a cell,
/// supplementary view or decoration view.
///
/// UIKit: `UICollectionViewLayoutAttributes`. It is an open class, as in UIKit,
/// so a custom layout can carry attributes of its own in a subclass; when you add stored
/// properties, override `copy(with:)` and `isEqual(_:)` as in UIKit (or Mosaic's `copy()` and
/// `isEqual(to:)`, which those call by default: the runtime asks the UIKit spellings).
@MainActor
open class LayoutAttributes: @MainActor CustomStringConvertible {
  // Attributes are read for every visible element on every frame, from one thread; the run-time
  // exclusivity checks of a class's stored properties cost more than those reads, so they are
  // turned off (as in `MemorySurface`).

  /// The element's index path: (section, item) for cells, (section, 0) for headers and footers.
  @exclusivity(unchecked) public var indexPath: IndexPath
  /// Whether this is a cell, a supplementary view or a decoration view.
  @exclusivity(unchecked) public var representedElementCategory: ElementCategory
  /// The kind of a supplementary or decoration view (`"header"`, `"footer"`…); nil for cells.
  @exclusivity(unchecked) public var representedElementKind: String?
  /// The frame in points, in content coordinates.
  @exclusivity(unchecked) public var frame: Rect
  /// The stacking order: larger values are drawn above smaller ones.
  @exclusivity(unchecked) public var zIndex: Int
  /// Whether the element is laid out but not drawn.
  @exclusivity(unchecked) public var isHidden: Bool
  /// The opacity, 0 to 1; the terminal draws an element with alpha < 1 dimmed and 0 not at all.
  @exclusivity(unchecked) public var alpha: Double

  /// Creates attributes for the cell at `indexPath`.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes(forCellWith:)`.
  public convenience init(forCellWith indexPath: IndexPath, frame: Rect = .zero) {
    self.init(indexPath: indexPath, category: .cell, kind: nil, frame: frame)
  }

  /// Creates attributes for a supplementary view of `kind` at `indexPath`.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes(forSupplementaryViewOfKind:with:)`.
  public convenience init(
    forSupplementaryViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero
  ) {
    self.init(indexPath: indexPath, category: .supplementaryView, kind: kind, frame: frame)
  }

  /// Creates attributes for a decoration view of `kind` at `indexPath`.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes(forDecorationViewOfKind:with:)`.
  public convenience init(
    forDecorationViewOfKind kind: String, with indexPath: IndexPath, frame: Rect = .zero
  ) {
    self.init(indexPath: indexPath, category: .decorationView, kind: kind, frame: frame)
  }

  /// Creates attributes from every stored value; subclasses override this to copy.
  public required init(
    indexPath: IndexPath, category: ElementCategory, kind: String?, frame: Rect,
    zIndex: Int = 0, isHidden: Bool = false, alpha: Double = 1
  ) {
    self.indexPath = indexPath
    self.representedElementCategory = category
    self.representedElementKind = kind
    self.frame = frame
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.alpha = alpha
  }

  /// A copy a subclass of a layout may adjust without touching the original.
  ///
  /// UIKit: `copy()` (NSCopying).
  open func copy() -> LayoutAttributes {
    Self(
      indexPath: indexPath, category: representedElementCategory, kind: representedElementKind,
      frame: frame, zIndex: zIndex, isHidden: isHidden, alpha: alpha)
  }

  /// A copy, as UIKit's `NSCopying` makes it: what the runtime asks for.
  ///
  /// UIKit: `copy(with:)`. A subclass adding stored values overrides it as in UIKit, calling
  /// `super.copy(with: zone) as! Self` and setting its own; the default is `copy()`.
  open func copy(with zone: NSZone? = nil) -> Any {
    // Typed, so that `copy()` is Mosaic's method and not this one with its default argument.
    let copy: LayoutAttributes = copy()
    return copy
  }

  /// Whether `object` is attributes equal to these: what the runtime asks.
  ///
  /// UIKit: `isEqual(_:)`. A subclass adding stored values overrides it as in UIKit, comparing
  /// its own and then `super.isEqual(object)`; the default is `isEqual(to:)` for attributes and
  /// false for anything else.
  open func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? LayoutAttributes else { return false }
    return isEqual(to: other)
  }

  /// A copy of these attributes as the runtime asks for it (`copy(with:)`), typed.
  public final func runtimeCopy() -> LayoutAttributes {
    copy(with: nil) as? LayoutAttributes ?? copy()
  }

  /// Whether every stored value equals the other's.
  ///
  /// UIKit: `isEqual(_:)`; the default of that spelling calls this one.
  open func isEqual(to other: LayoutAttributes) -> Bool {
    indexPath == other.indexPath && representedElementCategory == other.representedElementCategory
      && representedElementKind == other.representedElementKind && frame == other.frame
      && zIndex == other.zIndex && isHidden == other.isHidden && alpha == other.alpha
  }

  /// The element's identity within a layout: its category, kind and index path.
  public var elementKey: ElementKey {
    ElementKey(
      category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
  }

  /// A one-line summary, for test failures and the inspector.
  public var description: String {
    let name: String
    switch representedElementCategory {
    case .cell: name = "cell"
    case .supplementaryView, .decorationView: name = representedElementKind ?? "?"
    }
    return "\(name) \(indexPath.section).\(indexPath.count > 1 ? indexPath.item : 0) \(frame)"
  }
}

/// The identity of an element in a layout: category, kind and index path.
///
/// The collection view keys its visible views by this when it diffs one frame's
/// visible set against the next.
public struct ElementKey: Hashable, Sendable {
  /// Cell, supplementary or decoration.
  public var category: ElementCategory
  /// The supplementary or decoration kind; nil for cells.
  public var kind: String?
  // An index path of up to three indexes (a cell's, a header's, a table value's) is kept in
  // place: Foundation keeps three or more on the heap, and its `IndexPath`, whose layout is
  // not known where it is used, is copied through value witnesses. The collection view copies,
  // compares and hashes every visible element's key each frame. Longer paths go in `longPath`.
  private var count: Int
  private var first: Int
  private var second: Int
  private var third: Int
  private var longPath: [Int]?

  /// The element's index path.
  public var indexPath: IndexPath {
    get {
      switch count {
      case 0: return IndexPath()
      case 1: return IndexPath(index: first)
      case 2: return IndexPath(item: second, section: first)
      case 3: return IndexPath(indexes: [first, second, third])
      default: return IndexPath(indexes: longPath ?? [])
      }
    }
    set { (count, first, second, third, longPath) = Self.storage(of: newValue) }
  }

  /// The first index of the element's index path (a cell's or a header's section), 0 for an
  /// empty path, read without making the index path.
  ///
  /// UIKit: `indexPath.section`.
  public var section: Int {
    count <= 3 ? first : longPath?.first ?? 0
  }

  /// Creates the key of an element.
  public init(category: ElementCategory, kind: String?, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    (count, first, second, third, longPath) = Self.storage(of: indexPath)
  }

  /// How `indexPath` is kept: its count and first three indexes, or the path itself when longer.
  private static func storage(of indexPath: IndexPath) -> (Int, Int, Int, Int, [Int]?) {
    let count = indexPath.count
    switch count {
    case 0: return (0, 0, 0, 0, nil)
    case 1: return (1, indexPath[0], 0, 0, nil)
    case 2: return (2, indexPath[0], indexPath[1], 0, nil)
    case 3: return (3, indexPath[0], indexPath[1], indexPath[2], nil)
    default: return (count, 0, 0, 0, Array(indexPath))
    }
  }

  /// Whether both name the same element.
  public static func == (a: ElementKey, b: ElementKey) -> Bool {
    a.third == b.third && a.second == b.second && a.first == b.first && a.count == b.count
      && a.category == b.category && a.kind == b.kind && a.longPath == b.longPath
  }

  /// Hashes the category, the length of the kind and the index path; equality still compares
  /// the kinds whole.
  ///
  /// The collection view hashes visible elements' keys each frame (a table screen has some
  /// 480), and hashing a kind's text costs several times the rest together; kinds at one index
  /// path are few, so their lengths tell them apart well enough for a hash.
  public func hash(into hasher: inout Hasher) {
    let category: Int
    switch self.category {
    case .cell: category = 0
    case .supplementaryView: category = 1
    case .decorationView: category = 2
    }
    hasher.combine(category &+ 4 &* (kind.map { $0.utf8.count &+ 1 } ?? 0))
    hasher.combine(count)
    hasher.combine(first)
    hasher.combine(second)
    hasher.combine(third)
    if let longPath { hasher.combine(longPath) }
  }
}
