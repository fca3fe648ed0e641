/// The ways the browser lays its cards out, cycled with `v`.
///
/// UIKit has no counterpart; each is a `UICollectionViewFlowLayout` configuration.
public enum BrowserLayoutStyle: String, CaseIterable, Sendable {
  /// A vertical grid of bordered cards.
  case grid
  /// One full-width, one-line row per record.
  case list
  /// A table: a record per row, a field per column, the header row and the title column pinned.
  case table
  /// A grid of cards that scrolls sideways.
  case horizontal

  /// The style after this one, wrapping around: grid → list → table → horizontal → grid.
  public var next: BrowserLayoutStyle {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}
