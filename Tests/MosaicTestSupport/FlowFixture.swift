import Foundation
import MosaicLayout

/// A flow layout with its data source and delegate in one object, described by plain values,
/// for tests: the per-section overrides of layout-spec.md's sections, as a delegate.
///
/// The fixture owns the layout and is its (weakly held) data source and delegate, so keep the
/// fixture alive while using `layout`.
public final class FlowFixture: LayoutDataSource, FlowLayoutMetrics,
  @MainActor CustomStringConvertible
{
  /// One section: its item count and optional per-section overrides.
  public struct Section: Sendable, CustomStringConvertible {
    /// The number of items.
    public var items: Int
    /// Each item's size (the delegate's `sizeForItemAt`); nil means the layout's `itemSize`.
    public var itemSizes: [Size]?
    /// The section's inset, or nil for the layout's.
    public var inset: EdgeInsets?
    /// The section's line spacing, or nil for the layout's.
    public var lineSpacing: Double?
    /// The section's interitem spacing, or nil for the layout's.
    public var interitemSpacing: Double?
    /// The section's header size, or nil for the layout's.
    public var header: Size?
    /// The section's footer size, or nil for the layout's.
    public var footer: Size?

    /// Creates a section; `items` defaults to the number of `itemSizes`.
    public init(
      items: Int? = nil, itemSizes: [Size]? = nil, inset: EdgeInsets? = nil,
      lineSpacing: Double? = nil, interitemSpacing: Double? = nil, header: Size? = nil,
      footer: Size? = nil
    ) {
      self.items = items ?? itemSizes?.count ?? 0
      self.itemSizes = itemSizes
      self.inset = inset
      self.lineSpacing = lineSpacing
      self.interitemSpacing = interitemSpacing
      self.header = header
      self.footer = footer
    }

    /// The section with every size and inset transposed (x ↔ y).
    public var transposed: Section {
      var copy = self
      copy.itemSizes = itemSizes?.map(\.transposed)
      copy.inset = inset?.transposed
      copy.header = header?.transposed
      copy.footer = footer?.transposed
      return copy
    }

    /// A compact summary for failure messages.
    public var description: String {
      var parts = ["items: \(items)"]
      if let itemSizes { parts.append("sizes: \(itemSizes.map { "\($0.width)x\($0.height)" })") }
      if let inset {
        parts.append("inset: \(inset.top),\(inset.left),\(inset.bottom),\(inset.right)")
      }
      if let lineSpacing { parts.append("LS: \(lineSpacing)") }
      if let interitemSpacing { parts.append("IS: \(interitemSpacing)") }
      if let header { parts.append("header: \(header)") }
      if let footer { parts.append("footer: \(footer)") }
      return "(" + parts.joined(separator: ", ") + ")"
    }
  }

  /// The layout under test.
  public let layout: FlowLayout
  /// The sections, in order.
  public var sections: [Section] { didSet { layout.invalidateLayout() } }
  /// How many times the layout asked for an item's size (to check the uniform path asks once).
  public private(set) var sizeRequests = 0
  /// The bounds the layout reads; setting them asks the layout, as a collection view does,
  /// whether that invalidates it.
  public var bounds: Rect {
    willSet { layout.invalidateIfNeeded(forBoundsChange: newValue) }
  }

  /// Creates a fixture around `layout` (a fresh `FlowLayout` by default) with `bounds`.
  public init(
    bounds: Size, sections: [Section], layout: FlowLayout = FlowLayout(),
    configure: (FlowLayout) -> Void = { _ in }
  ) {
    self.layout = layout
    self.sections = sections
    self.bounds = Rect(origin: .zero, size: bounds)
    configure(layout)
    layout.dataSource = self
    layout.delegate = self
  }

  /// The same content with every length transposed and the other scroll direction.
  ///
  /// Per flow-layout.md rule 11 its frames are exactly the transposed frames of this one.
  public func transposed(layout newLayout: FlowLayout = FlowLayout()) -> FlowFixture {
    let old = layout
    return FlowFixture(
      bounds: bounds.size.transposed, sections: sections.map(\.transposed), layout: newLayout
    ) { l in
      l.scrollDirection = old.scrollDirection == .vertical ? .horizontal : .vertical
      l.itemSize = old.itemSize.transposed
      l.minimumLineSpacing = old.minimumLineSpacing
      l.minimumInteritemSpacing = old.minimumInteritemSpacing
      l.sectionInset = old.sectionInset.transposed
      l.headerReferenceSize = old.headerReferenceSize.transposed
      l.footerReferenceSize = old.footerReferenceSize.transposed
      l.sectionHeadersPinToVisibleBounds = old.sectionHeadersPinToVisibleBounds
      l.sectionFootersPinToVisibleBounds = old.sectionFootersPinToVisibleBounds
    }
  }

  /// Every element, found one by one through the per-element queries (not through
  /// `layoutAttributesForElements(in:)`), in section order: header, items, footer.
  public func allElements() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (s, section) in sections.enumerated() {
      if let header = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: s))
      {
        result.append(header)
      }
      for item in 0..<section.items {
        if let cell = layout.layoutAttributesForItem(at: IndexPath(item: item, section: s)) {
          result.append(cell)
        }
      }
      if let footer = layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: s))
      {
        result.append(footer)
      }
    }
    return result
  }

  /// The frames of the items of `section`, in item order.
  public func itemFrames(section: Int = 0) -> [Rect] {
    (0..<sections[section].items).compactMap {
      layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
    }
  }

  // MARK: LayoutDataSource

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: Int) -> Int { sections[section].items }

  // MARK: FlowLayoutMetrics

  /// The section's `itemSizes` entry, if it has sizes.
  public func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    sizeRequests += 1
    return sections[indexPath.section].itemSizes?[indexPath.item]
  }

  /// The section's inset override.
  public func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    sections[section].inset
  }

  /// The section's line spacing override.
  public func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int)
    -> Double?
  { sections[section].lineSpacing }

  /// The section's interitem spacing override.
  public func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int)
    -> Double?
  { sections[section].interitemSpacing }

  /// The section's header size override.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int)
    -> Size?
  { sections[section].header }

  /// The section's footer size override.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int)
    -> Size?
  { sections[section].footer }

  /// The layout's settings and sections, for failure messages.
  public var description: String {
    let l = layout
    return
      "\(l.scrollDirection) bounds \(bounds.size) itemSize \(l.itemSize) LS \(l.minimumLineSpacing) "
      + "IS \(l.minimumInteritemSpacing) inset \(l.sectionInset) sections \(sections)"
  }
}

extension Size {
  /// The size with width and height swapped.
  public var transposed: Size { Size(width: height, height: width) }
}

extension Rect {
  /// The rectangle reflected in the diagonal: x ↔ y, width ↔ height.
  public var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }

  /// Whether the two rectangles overlap with positive area (the flow layout's query test).
  public func overlapsWithPositiveArea(_ other: Rect) -> Bool {
    max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
  }
}

extension EdgeInsets {
  /// The insets reflected in the diagonal: top ↔ left, bottom ↔ right.
  public var transposed: EdgeInsets {
    EdgeInsets(top: left, left: top, bottom: right, right: bottom)
  }
}
