/// The space between the items of a group: at least so much, or exactly so much.
///
/// UIKit: `NSCollectionLayoutSpacing`.
public enum LayoutSpacing: Hashable, Sendable {
  /// Exactly `points` between neighbours.
  ///
  /// UIKit: `.fixed(_:)`.
  case fixed(Double)
  /// At least `points` between neighbours; what the items leave of the group is shared out
  /// equally between the gaps, so the last item ends at the group's end.
  ///
  /// UIKit: `.flexible(_:)`.
  case flexible(Double)

  /// The least space between neighbours, cleaned (not finite counts as 0).
  var minimum: Double {
    switch self {
    case .fixed(let value), .flexible(let value): return value.isFinite ? value : 0
    }
  }

  /// Whether leftover room is shared out between the gaps.
  var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }
}
