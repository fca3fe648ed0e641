/// A view that shows one item of a collection view.
///
/// UIKit: `UICollectionViewCell`. Subclass it, override `draw(in:)` and use `isSelected`,
/// `isHighlighted` and `isFocused` (set by the collection view before each draw) to pick styles;
/// `stateAttributes` gives the usual terminal rendering of those states.
@MainActor
open class CollectionViewCell: ReusableView {
  /// Whether the item is selected.
  ///
  /// UIKit: `isSelected`.
  public internal(set) var isSelected = false

  /// Whether the item is highlighted (pressed, before the press selects it).
  ///
  /// UIKit: `isHighlighted`.
  public internal(set) var isHighlighted = false

  /// Whether the item has the keyboard focus.
  ///
  /// UIKit: `isFocused`.
  public internal(set) var isFocused = false

  /// Creates a cell.
  ///
  /// UIKit: `init(frame:)`.
  public required init() {}

  /// The attributes a cell usually draws its state with: reverse video when focused, reverse
  /// and dim while highlighted (pressed), bold when selected.
  public var stateAttributes: TextStyle.Attributes {
    var attributes: TextStyle.Attributes = []
    if isFocused || isHighlighted { attributes.insert(.reverse) }
    // A pressed cell also has the focus: dimming tells the press from the focus.
    if isHighlighted { attributes.insert(.dim) }
    if isSelected { attributes.insert(.bold) }
    return attributes
  }
}
