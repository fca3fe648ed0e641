/// One section as a compositional layout placed it: where it starts and ends, the group shape
/// it repeats and how far apart the repetitions are.
///
/// An item's frame is worked out from these in O(1): group `item / k` of the pattern's `k`
/// items, at `groupsOrigin` plus that many `groupStep`s down (or, for a section that scrolls
/// sideways, across, less the row's offset).
struct PlacedSection {
  /// Where the section starts (its header's top).
  var minY: Double
  /// Where it ends (its footer's bottom).
  var maxY: Double
  /// The top of its content with the content insets (below the header).
  var contentMinY: Double
  /// The bottom of its content with the content insets (above the footer).
  var contentMaxY: Double
  /// The first group's origin, in content coordinates, before any sideways offset.
  var groupsOrigin: Point
  /// The distance from one group's origin to the next's: down the page, or across the row.
  var groupStep: Double
  /// The index of the section's group pattern in the layout's list.
  var pattern: Int
  /// The number of items.
  var itemCount: Int
  /// How the section scrolls sideways.
  var orthogonal: OrthogonalScrollingBehavior
  /// The width of the sideways row: leading inset, groups, spacing, trailing inset.
  var rowWidth: Double
  /// The leading content inset: where `groupPaging` stops a group's leading edge.
  var leadingInset: Double
  /// Headers, footers and backgrounds.
  var boundaryItems: [PlacedBoundaryItem]
  /// How many of `boundaryItems` are headers and footers (the rest are backgrounds).
  var supplementaryCount: Int

  /// Whether the groups form a sideways row.
  var scrollsSideways: Bool { orthogonal != .none }
}
