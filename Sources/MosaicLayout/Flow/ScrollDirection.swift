/// The axis along which a flow layout's content scrolls.
///
/// UIKit: `UICollectionView.ScrollDirection`.
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
  /// Lines run left to right and stack downward; the content scrolls up and down.
  case vertical
  /// Lines run top to bottom and stack rightward; the content scrolls left and right.
  case horizontal
}
