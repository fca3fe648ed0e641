/// A view that shows one item of a collection view.
///
/// UIKit: `UICollectionViewCell`. Subclass it, override `draw(in:)` and use `isSelected`,
/// `isHighlighted` and `isFocused` (set by the collection view whenever they change) to pick
/// styles; `stateAttributes` gives the usual terminal rendering of those states. A subclass can
/// also observe a state as a UIKit cell does, `override var isSelected: Bool { didSet { … } }`.
@MainActor
open class CollectionViewCell: ReusableView {
  /// Whether the item is selected.
  ///
  /// UIKit: `isSelected`. The collection view sets it only when it changes (on dequeue, on
  /// selection and deselection), so an override's `didSet` sees each change once.
  open var isSelected = false

  /// Whether the item is highlighted (pressed, before the press selects it).
  ///
  /// UIKit: `isHighlighted`. Set, like `isSelected`, only when it changes.
  open var isHighlighted = false

  /// Whether the item has the keyboard focus.
  ///
  /// UIKit: `isFocused`.
  public internal(set) var isFocused = false

  /// Drawn behind the cell's content, filling the cell; nil (the default) draws nothing.
  ///
  /// UIKit: `backgroundView`.
  public var backgroundView: View?

  /// Drawn above `backgroundView` and behind the content while the cell is selected or
  /// highlighted; nil (the default) draws nothing.
  ///
  /// UIKit: `selectedBackgroundView` (UIKit shows it for the highlight of a press as well).
  public var selectedBackgroundView: View?

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

  /// Gives the cell its item's state, assigning only what changed, so overrides' observers
  /// fire once per change and not once per frame.
  func setState(isSelected selected: Bool, isHighlighted highlighted: Bool, isFocused focused: Bool)
  {
    if isSelected != selected { isSelected = selected }
    if isHighlighted != highlighted { isHighlighted = highlighted }
    isFocused = focused
  }

  /// UIKit's stacking: the cell's background style, `backgroundView`, `selectedBackgroundView`
  /// (selected or highlighted), then the content `draw(in:)` draws.
  override func render(in canvas: Canvas) {
    renderBackground(in: canvas)
    backgroundView?.render(in: canvas)
    if isSelected || isHighlighted { selectedBackgroundView?.render(in: canvas) }
    draw(in: canvas)
  }
}
