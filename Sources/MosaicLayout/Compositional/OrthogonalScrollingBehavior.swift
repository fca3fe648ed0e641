/// How a section of a vertically scrolling compositional layout scrolls sideways.
///
/// UIKit: `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: Hashable, Sendable, CaseIterable {
  /// The section does not scroll sideways: its groups stack down the page.
  case none
  /// The groups form one row that scrolls sideways and stops anywhere.
  case continuous
  /// The row scrolls a viewport at a time: offsets are whole multiples of the view's width (the
  /// last page clamped to the row's end).
  case paging
  /// The row scrolls a group at a time: a group's leading edge stops at the section's leading
  /// inset.
  case groupPaging
}
