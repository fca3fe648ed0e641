import MosaicLayout

/// What the owner chose for the view: what it draws behind its elements, and how input selects
/// and carries items.
///
/// UIKit: the view's `backgroundColor`, `backgroundView`, `allowsSelection`,
/// `allowsMultipleSelection` and the controller's `installsStandardGestureForInteractiveMovement`,
/// kept together so the façade holds one property for them.
@MainActor struct ViewOptions {
  /// The style of the cells no element covers.
  var backgroundStyle = TextStyle.plain
  /// A view drawn behind every element, over the whole frame; nil by default.
  var backgroundView: View?
  /// Whether the user can select items.
  var allowsSelection = true
  /// Whether the user can select more than one item.
  var allowsMultipleSelection = false
  /// Whether the input reports mouse releases (a press then only highlights).
  var mouseReleasesAreReported = false
  /// Whether `m` grabs the focused item and a mouse drag carries an item.
  var installsStandardGestureForInteractiveMovement = false
}
