import Foundation

/// A layout built from parts: items in groups, groups repeated in sections, sections given by a
/// closure; a section may scroll sideways on its own inside the vertically scrolling content.
///
/// UIKit: `UICollectionViewCompositionalLayout`. Frames are in points, as UIKit computes them;
/// the collection view snaps every edge to the nearest character cell when it draws (see
/// docs/compositional.md). Each section's group is laid out once (every repetition has the same
/// shape), so `prepare()` costs O(sections) whatever the number of items, and a rect query
/// costs O(log sections + elements in the rect).
@MainActor
open class CompositionalLayout: CollectionViewLayout, OrthogonalScrollingLayout {
  /// The closure that gives each section's description.
  ///
  /// UIKit: `UICollectionViewCompositionalLayoutSectionProvider`.
  public typealias SectionProvider = (Int, LayoutEnvironment) -> LayoutSection?

  private let sectionProvider: SectionProvider
  /// What applies across sections; setting it invalidates the layout.
  ///
  /// UIKit: `configuration`.
  public var configuration: CompositionalLayoutConfiguration {
    didSet { invalidateLayout() }
  }

  private(set) var sections: [PlacedSection] = []
  private var patterns: [GroupPattern] = []
  /// Each sideways row's offset, by section: how far its content is scrolled left.
  var orthogonalOffsets: [Int: Double] = [:]
  private var contentHeight = 0.0
  private var builtSize = Size.zero
  private var needsRebuild = true
  /// Whether any header or footer is pinned, so that a scroll must move it.
  private var hasPinnedItems = false

  /// A layout repeating `section` for every section.
  ///
  /// UIKit: `UICollectionViewCompositionalLayout(section:)`.
  public convenience init(section: LayoutSection) {
    self.init(section: section, configuration: CompositionalLayoutConfiguration())
  }

  /// A layout repeating `section` for every section, with `configuration`.
  ///
  /// UIKit: `UICollectionViewCompositionalLayout(section:configuration:)`.
  public convenience init(section: LayoutSection, configuration: CompositionalLayoutConfiguration) {
    self.init(sectionProvider: { _, _ in section }, configuration: configuration)
  }

  /// A layout asking `sectionProvider` for each section's description.
  ///
  /// UIKit: `UICollectionViewCompositionalLayout(sectionProvider:)`. A section the provider
  /// answers nil for places nothing.
  public convenience init(sectionProvider: @escaping SectionProvider) {
    self.init(sectionProvider: sectionProvider, configuration: CompositionalLayoutConfiguration())
  }

  /// A layout asking `sectionProvider` for each section's description, with `configuration`.
  ///
  /// UIKit: `UICollectionViewCompositionalLayout(sectionProvider:configuration:)`.
  public init(
    sectionProvider: @escaping SectionProvider, configuration: CompositionalLayoutConfiguration
  ) {
    self.sectionProvider = sectionProvider
    self.configuration = configuration
    super.init()
  }

  // MARK: Preparing

  /// Asks for every section and places it: O(sections) (plus each distinct group's items once).
  ///
  /// UIKit: `prepare()`. A pure scroll with pinned headers, or a sideways row's scroll, places
  /// nothing again: those move at query time.
  open override func prepare() {
    super.prepare()
    guard needsRebuild else { return }
    needsRebuild = false
    let bounds = dataSource?.bounds ?? .zero
    builtSize = bounds.size
    let count = dataSource?.numberOfSections ?? 0
    sections = []
    sections.reserveCapacity(count)
    patterns = []
    // The section described last, held so its identity cannot be reused by a new object: a
    // provider that returns one shared section (`init(section:)`) lays its group out once.
    var previous: (section: LayoutSection, pattern: Int)?
    let environment = LayoutEnvironment(container: LayoutContainer(contentSize: bounds.size))
    let spacing = configuration.interSectionSpacing.isFinite ? configuration.interSectionSpacing : 0
    var y = 0.0
    for index in 0..<count {
      if index > 0 { y += spacing }
      let items = dataSource?.numberOfItems(inSection: index) ?? 0
      guard let section = sectionProvider(index, environment) else {
        sections.append(Self.emptySection(at: y))
        continue
      }
      let pattern: Int
      if let previous, previous.section === section {
        pattern = previous.pattern
      } else {
        let insets = section.contentInsets
        let container = Size(
          width: max(0, bounds.width - insets.leading - insets.trailing),
          height: max(0, bounds.height - insets.top - insets.bottom))
        patterns.append(
          GroupPattern(group: section.group, container: container, environment: environment))
        pattern = patterns.count - 1
        previous = (section, pattern)
      }
      // Headers, footers and backgrounds are kept relative to their section's start, so a run
      // of sections alike (one description, one count) shares one array of them.
      let last = sections.last
      let shared =
        last?.pattern == pattern && last?.itemCount == items ? last?.boundaryItems : nil
      let placed = place(
        section, items: items, pattern: pattern, at: y, width: bounds.width, sharing: shared)
      sections.append(placed)
      y = placed.maxY
    }
    contentHeight = y
    hasPinnedItems = sections.contains { $0.boundaryItems.contains(where: \.isPinned) }
    for (section, offset) in orthogonalOffsets {
      orthogonalOffsets[section] = clampedOffset(offset, inSection: section)
    }
  }

  /// A section placed at `y`: header, insets, groups, insets, footer; backgrounds behind.
  private func place(
    _ section: LayoutSection, items: Int, pattern: Int, at start: Double, width: Double,
    sharing shared: [PlacedBoundaryItem]?
  ) -> PlacedSection {
    let insets = section.contentInsets
    let clean = DirectionalEdgeInsets.clean
    let group = patterns[pattern]
    let perGroup = group.frames.count
    let groups = perGroup == 0 ? 0 : (items + perGroup - 1) / perGroup
    let spacing = clean(section.interGroupSpacing)
    let sideways = section.orthogonalScrollingBehavior != .none
    let followsInsets = section.supplementariesFollowContentInsets
    let boundaryX = followsInsets ? clean(insets.leading) : 0
    let boundaryContainer = Size(
      width: max(0, width - (followsInsets ? clean(insets.leading) + clean(insets.trailing) : 0)),
      height: builtSize.height)
    var boundary: [PlacedBoundaryItem] = []
    var y = start
    // Frames relative to the section's start; built only when no alike section's can be shared.
    func add(_ kind: String, _ frame: Rect, _ zIndex: Int, pinned: Bool, footer: Bool) {
      guard shared == nil else { return }
      boundary.append(
        PlacedBoundaryItem(
          kind: kind, frame: frame.offsetBy(dx: 0, dy: -start), zIndex: zIndex, isPinned: pinned,
          isFooter: footer))
    }
    for item in section.boundarySupplementaryItems where item.alignment == .top {
      let size = item.layoutSize.resolved(in: boundaryContainer)
      let slot = Rect(x: boundaryX, y: y, width: size.width, height: size.height)
      add(
        item.elementKind, item.insetFrame(slot), item.zIndex, pinned: item.pinToVisibleBounds,
        footer: false)
      if item.extendsBoundary { y += size.height }
    }
    let contentMinY = y
    y += clean(insets.top)
    let origin = Point(x: clean(insets.leading), y: y)
    let step = (sideways ? group.size.width : group.size.height) + spacing
    let rowWidth: Double
    if sideways {
      y += groups > 0 ? group.size.height : 0
      rowWidth =
        clean(insets.leading) + clean(insets.trailing)
        + (groups > 0 ? Double(groups) * step - spacing : 0)
    } else {
      y += groups > 0 ? Double(groups) * step - spacing : 0
      rowWidth = width
    }
    y += clean(insets.bottom)
    let contentMaxY = y
    for item in section.boundarySupplementaryItems where item.alignment == .bottom {
      let size = item.layoutSize.resolved(in: boundaryContainer)
      let slot = Rect(
        x: boundaryX, y: item.extendsBoundary ? y : y - size.height, width: size.width,
        height: size.height)
      add(
        item.elementKind, item.insetFrame(slot), item.zIndex, pinned: item.pinToVisibleBounds,
        footer: true)
      if item.extendsBoundary { y += size.height }
    }
    let supplementaryCount = section.boundarySupplementaryItems.count
    for item in section.decorationItems {
      let box = Rect(x: 0, y: contentMinY, width: width, height: contentMaxY - contentMinY)
      add(
        item.elementKind, item.contentInsets.inset(box), item.zIndex, pinned: false, footer: false)
    }
    return PlacedSection(
      minY: start, maxY: y, contentMinY: contentMinY, contentMaxY: contentMaxY,
      groupsOrigin: origin, groupStep: step, pattern: pattern, itemCount: items,
      orthogonal: section.orthogonalScrollingBehavior, rowWidth: rowWidth,
      leadingInset: clean(insets.leading), boundaryItems: shared ?? boundary,
      supplementaryCount: supplementaryCount)
  }

  private static func emptySection(at y: Double) -> PlacedSection {
    PlacedSection(
      minY: y, maxY: y, contentMinY: y, contentMaxY: y, groupsOrigin: Point(x: 0, y: y),
      groupStep: 0, pattern: -1, itemCount: 0, orthogonal: .none, rowWidth: 0, leadingInset: 0,
      boundaryItems: [], supplementaryCount: 0)
  }

  // MARK: Invalidation

  /// Marks the layout invalid; every context but the one a pure scroll makes has the sections
  /// asked for and placed again.
  ///
  /// UIKit: `invalidateLayout(with:)`.
  open override func invalidateLayout(with context: InvalidationContext) {
    if (context as? CompositionalLayoutInvalidationContext)?.invalidatesSections != false {
      needsRebuild = true
    }
    super.invalidateLayout(with: context)
  }

  /// A new size places everything again; a scroll asks again only when something is pinned.
  ///
  /// UIKit: `shouldInvalidateLayout(forBoundsChange:)`.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != builtSize || hasPinnedItems
  }

  /// For a scroll, a context that keeps what was placed.
  ///
  /// UIKit: `invalidationContext(forBoundsChange:)`.
  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    let context = CompositionalLayoutInvalidationContext()
    context.invalidatesSections = newBounds.size != builtSize
    return context
  }

  /// Marks the layout invalid with a context that keeps every section's placement: only a
  /// sideways offset changed.
  func invalidateOffsets() {
    let context = CompositionalLayoutInvalidationContext()
    context.invalidatesSections = false
    invalidateLayout(with: context)
  }

  // MARK: Queries

  /// The content's size: the view's width by the sections' total height.
  ///
  /// UIKit: `collectionViewContentSize`.
  open override var contentSize: Size {
    prepareIfNeeded()
    return Size(width: builtSize.width, height: contentHeight)
  }

  /// Vertical: sections stack downward (a section may scroll sideways on its own).
  open override var scrollDirection: ScrollDirection { .vertical }

  /// Every element overlapping `rect`: headers and footers (pinned ones where they stick now),
  /// backgrounds and cells, section by section.
  ///
  /// UIKit: `layoutAttributesForElements(in:)`. O(log sections + elements found).
  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    prepareIfNeeded()
    var found: [LayoutAttributes] = []
    var index = firstSection(endingAfter: rect.minY)
    while index < sections.count, sections[index].minY < rect.maxY {
      let section = sections[index]
      for boundary in section.boundaryItems.indices {
        let attributes = boundaryAttributes(section, boundary, index)
        if attributes.frame.intersects(rect) { found.append(attributes) }
      }
      appendItems(of: section, index, in: rect, to: &found)
      index += 1
    }
    // A section may end before a later one starts only by negative spacing; the pinned headers
    // of earlier sections never leave their own section, so nothing else can overlap.
    return found
  }

  /// The cell at `indexPath`, in O(1).
  ///
  /// UIKit: `layoutAttributesForItem(at:)`.
  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount, section.pattern >= 0 else {
      return nil
    }
    return itemAttributes(section, indexPath.section, indexPath.item)
  }

  /// A header or footer of `kind` at (section, 0).
  ///
  /// UIKit: `layoutAttributesForSupplementaryView(ofKind:at:)`.
  open override func layoutAttributesForSupplementaryView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    prepareIfNeeded()
    guard let section = indexPath.first, sections.indices.contains(section) else { return nil }
    let placed = sections[section]
    guard
      let boundary = placed.boundaryItems.prefix(placed.supplementaryCount).firstIndex(where: {
        $0.kind == kind
      })
    else { return nil }
    return boundaryAttributes(placed, boundary, section)
  }

  /// A background of `kind` at (section, 0).
  ///
  /// UIKit: `layoutAttributesForDecorationView(ofKind:at:)`.
  open override func layoutAttributesForDecorationView(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    prepareIfNeeded()
    guard let section = indexPath.first, sections.indices.contains(section) else { return nil }
    let placed = sections[section]
    guard
      let boundary = placed.boundaryItems.indices.dropFirst(placed.supplementaryCount).first(
        where: { placed.boundaryItems[$0].kind == kind })
    else { return nil }
    return boundaryAttributes(placed, boundary, section)
  }

  /// The first section whose end lies past `y` (binary search: sections end in order).
  private func firstSection(endingAfter y: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      if sections[middle].maxY <= y { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The cells of `section` overlapping `rect`: only the groups whose span reaches it.
  private func appendItems(
    of section: PlacedSection, _ index: Int, in rect: Rect, to found: inout [LayoutAttributes]
  ) {
    guard section.pattern >= 0, section.itemCount > 0 else { return }
    let perGroup = patterns[section.pattern].frames.count
    let groups = (section.itemCount + perGroup - 1) / perGroup
    let offset = orthogonalOffsets[index] ?? 0
    // The groups whose step-long span meets the rect, one more either side for items that
    // overhang their group (custom frames, negative insets).
    let low: Double
    let high: Double
    if section.scrollsSideways {
      guard rect.maxY > section.contentMinY, rect.minY < section.contentMaxY else { return }
      low = rect.minX + offset - section.groupsOrigin.x
      high = rect.maxX + offset - section.groupsOrigin.x
    } else {
      low = rect.minY - section.groupsOrigin.y
      high = rect.maxY - section.groupsOrigin.y
    }
    var first = 0
    var last = groups - 1
    if section.groupStep > 0 {
      first = max(0, Int(max(-1, (low / section.groupStep).rounded(.down))) - 1)
      last = min(
        groups - 1, Int(min(Double(groups), (high / section.groupStep).rounded(.down))) + 1)
    }
    guard first <= last else { return }
    for group in first...last {
      let start = group * perGroup
      for item in start..<min(start + perGroup, section.itemCount) {
        let attributes = itemAttributes(section, index, item)
        if attributes.frame.intersects(rect) { found.append(attributes) }
      }
    }
  }

  /// The attributes of item `item` of `section` (at `index`).
  private func itemAttributes(_ section: PlacedSection, _ index: Int, _ item: Int)
    -> LayoutAttributes
  {
    let pattern = patterns[section.pattern]
    let perGroup = pattern.frames.count
    let group = Double(item / perGroup)
    let local = pattern.frames[item % perGroup]
    let frame: Rect
    if section.scrollsSideways {
      let x = section.groupsOrigin.x + group * section.groupStep - (orthogonalOffsets[index] ?? 0)
      frame = local.offsetBy(dx: x, dy: section.groupsOrigin.y)
    } else {
      frame = local.offsetBy(
        dx: section.groupsOrigin.x, dy: section.groupsOrigin.y + group * section.groupStep)
    }
    return Self.layoutAttributesClass.init(
      indexPath: IndexPath(item: item, section: index), category: .cell, kind: nil, frame: frame,
      zIndex: pattern.zIndexes[item % perGroup])
  }

  /// The attributes of `section`'s boundary item number `boundary`, pinned where it sticks now.
  private func boundaryAttributes(_ section: PlacedSection, _ boundary: Int, _ index: Int)
    -> LayoutAttributes
  {
    let item = section.boundaryItems[boundary]
    let natural = item.frame.offsetBy(dx: 0, dy: section.minY)
    var frame = natural
    if item.isPinned, dataSource != nil {
      let visible = visibleRectForPlacement
      if item.isFooter {
        let stuck = min(frame.minY, visible.maxY - frame.height)
        frame.origin.y = max(section.contentMinY, stuck)
      } else {
        let stuck = max(frame.minY, visible.minY)
        frame.origin.y = min(stuck, section.contentMaxY - frame.height)
      }
      // A pinned element never moves above where it would be unpinned, nor (a header) below.
      frame.origin.y =
        item.isFooter
        ? min(frame.origin.y, natural.minY)
        : max(frame.origin.y, natural.minY)
    }
    let isDecoration = boundary >= section.supplementaryCount
    return Self.layoutAttributesClass.init(
      indexPath: IndexPath(item: 0, section: index),
      category: isDecoration ? .decorationView : .supplementaryView, kind: item.kind,
      frame: frame, zIndex: item.zIndex)
  }

  // MARK: Sideways rows

  /// The placed section at `index`, when there is one.
  func placedSection(_ index: Int) -> PlacedSection? {
    prepareIfNeeded()
    return sections.indices.contains(index) ? sections[index] : nil
  }

  /// The item frames of a sideways section's pattern, for the neighbour search.
  func unscrolledFrame(ofItem item: Int, in section: PlacedSection) -> Rect {
    let pattern = patterns[section.pattern]
    let perGroup = pattern.frames.count
    return pattern.frames[item % perGroup].offsetBy(
      dx: section.groupsOrigin.x + Double(item / perGroup) * section.groupStep,
      dy: section.groupsOrigin.y)
  }

  /// The number of items one repetition of the section's group places.
  func itemsPerGroup(in section: PlacedSection) -> Int {
    section.pattern >= 0 ? patterns[section.pattern].frames.count : 0
  }

  /// The width the layout was placed for: the view's width.
  var viewportWidth: Double { builtSize.width }
}
