/// The shape every repetition of a section's group has: the group's size and its items' frames
/// relative to its origin, nested groups flattened in item order.
///
/// Computed once per section: a section's placement is then the repetition's origin plus one of
/// these frames, so a million items cost what one group does.
struct GroupPattern {
  /// The group's size in points.
  var size: Size
  /// The items' frames relative to the group's origin, in item order.
  var frames: [Rect]
  /// The items' stacking orders (0 but for custom groups), in item order.
  var zIndexes: [Int]

  /// The most items one group places: a guard against a group of items of zero length, which
  /// would otherwise repeat forever.
  static let itemLimit = 10_000

  /// The pattern of `group` laid out in a container of `container` points.
  init(group: LayoutGroup, container: Size, environment: LayoutEnvironment) {
    let slot = Rect(origin: .zero, size: group.layoutSize.resolved(in: container))
    size = slot.size
    frames = []
    zIndexes = []
    place(group, in: group.insetFrame(slot), environment: environment)
  }

  /// Places `group`'s items inside `box` (the group's frame, less its insets).
  private mutating func place(_ group: LayoutGroup, in box: Rect, environment: LayoutEnvironment) {
    switch group.arrangement {
    case .custom(let provider):
      for item in provider(environment).prefix(Self.itemLimit) {
        frames.append(item.frame.offsetBy(dx: box.minX, dy: box.minY))
        zIndexes.append(item.zIndex)
      }
    case .horizontal:
      placeLine(group, in: box, horizontal: true, environment: environment)
    case .vertical:
      placeLine(group, in: box, horizontal: false, environment: environment)
    }
  }

  /// Places a horizontal or vertical group's subitems one after another along its axis.
  private mutating func placeLine(
    _ group: LayoutGroup, in box: Rect, horizontal: Bool, environment: LayoutEnvironment
  ) {
    guard !group.subitems.isEmpty else { return }
    let length = horizontal ? box.width : box.height
    let spacing = group.interItemSpacing?.minimum ?? 0
    // The subitems' slots: (item, size) in order, along the axis.
    var slots: [(LayoutItem, Size)] = []
    if let count = group.count {
      let item = group.subitems[0]
      let share = max(0, (length - spacing * Double(count - 1)) / Double(count))
      let resolved = item.layoutSize.resolved(in: box.size)
      let size =
        horizontal
        ? Size(width: share, height: resolved.height) : Size(width: resolved.width, height: share)
      slots = Array(repeating: (item, size), count: min(count, Self.itemLimit))
    } else {
      var used = 0.0
      var index = 0
      while slots.count < Self.itemLimit {
        let item = group.subitems[index % group.subitems.count]
        let size = item.layoutSize.resolved(in: box.size)
        let extent = horizontal ? size.width : size.height
        let end = used + (slots.isEmpty ? 0 : spacing) + extent
        // The first item is placed even if it overflows; later ones only if they fit (to a
        // rounding error), and an empty item ends the repetition.
        if !slots.isEmpty && (end > length + 1e-9 * max(1, length) || extent <= 0) { break }
        slots.append((item, size))
        used = end
        index += 1
        if extent <= 0 { break }
      }
    }
    var gap = spacing
    if group.interItemSpacing?.isFlexible == true, slots.count > 1 {
      let total = slots.reduce(0) { $0 + (horizontal ? $1.1.width : $1.1.height) }
      gap = max(spacing, (length - total) / Double(slots.count - 1))
    }
    var position = horizontal ? box.minX : box.minY
    for (item, size) in slots {
      let slot =
        horizontal
        ? Rect(x: position, y: box.minY, width: size.width, height: size.height)
        : Rect(x: box.minX, y: position, width: size.width, height: size.height)
      if let nested = item as? LayoutGroup {
        place(nested, in: nested.insetFrame(slot), environment: environment)
      } else {
        frames.append(item.insetFrame(slot))
        zIndexes.append(0)
      }
      position += (horizontal ? size.width : size.height) + gap
    }
  }
}
