/// A row, a column or a hand-placed set of items (or of groups): the unit a section repeats.
///
/// UIKit: `NSCollectionLayoutGroup`. A horizontal group places its subitems left to right,
/// repeating the list while the next one fits (`subitem:count:` instead divides the group's width
/// equally among `count` copies); a vertical group does the same downward; a custom group takes
/// its frames from a closure. Every repetition of a group in a section has the same shape, which
/// is what makes a section's placement arithmetic.
public final class LayoutGroup: LayoutItem {
  /// How the subitems are arranged.
  enum Arrangement {
    case horizontal
    case vertical
    case custom((LayoutEnvironment) -> [LayoutGroupCustomItem])
  }

  /// The items (or groups) the group places, in order.
  ///
  /// UIKit: `subitems`.
  public let subitems: [LayoutItem]
  /// The space between neighbouring subitems; nil is none.
  ///
  /// UIKit: `interItemSpacing`.
  public var interItemSpacing: LayoutSpacing?
  let arrangement: Arrangement
  /// How many copies of the one subitem share the group equally, or nil.
  let count: Int?

  init(layoutSize: LayoutSize, subitems: [LayoutItem], arrangement: Arrangement, count: Int?) {
    self.subitems = subitems
    self.arrangement = arrangement
    self.count = count
    super.init(layoutSize: layoutSize)
  }

  /// A group placing `subitems` left to right, repeated while they fit.
  ///
  /// UIKit: `NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)`.
  public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, subitems: subitems, arrangement: .horizontal, count: nil)
  }

  /// A group of `count` copies of `subitem` left to right, sharing the group's width equally
  /// (less the spacing), whatever width the subitem asks for.
  ///
  /// UIKit: `NSCollectionLayoutGroup.horizontal(layoutSize:subitem:count:)` (iOS 13's
  /// spelling; iOS 16's `repeatingSubitem:count:` places them the same way).
  public static func horizontal(layoutSize: LayoutSize, subitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], arrangement: .horizontal, count: max(1, count))
  }

  /// A group placing `subitems` top to bottom, repeated while they fit.
  ///
  /// UIKit: `NSCollectionLayoutGroup.vertical(layoutSize:subitems:)`.
  public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(layoutSize: layoutSize, subitems: subitems, arrangement: .vertical, count: nil)
  }

  /// A group of `count` copies of `subitem` top to bottom, sharing the group's height equally.
  ///
  /// UIKit: `NSCollectionLayoutGroup.vertical(layoutSize:subitem:count:)`.
  public static func vertical(layoutSize: LayoutSize, subitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize, subitems: [subitem], arrangement: .vertical, count: max(1, count))
  }

  /// A group whose items' frames `itemProvider` gives, relative to the group; it is asked once
  /// per section (every repetition has the same shape).
  ///
  /// UIKit: `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)`, which asks per group.
  public static func custom(
    layoutSize: LayoutSize,
    itemProvider: @escaping (LayoutEnvironment) -> [LayoutGroupCustomItem]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, subitems: [], arrangement: .custom(itemProvider), count: nil)
  }
}
