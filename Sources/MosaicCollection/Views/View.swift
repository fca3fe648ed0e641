/// Something that draws itself into a rectangle of terminal cells.
///
/// UIKit: `UIView`, reduced to drawing: a Mosaic view has no subviews, no frame of its own and no
/// layer; the collection view decides where each view goes. It is the class of a cell's
/// `backgroundView` and `selectedBackgroundView`, and the base of `ReusableView`.
@MainActor
open class View {
  /// The style the view's whole rectangle is filled with (blanks) before `draw(in:)`; nil, the
  /// default, fills nothing, so what lies behind shows through.
  ///
  /// UIKit: `backgroundColor`. A terminal cell has a foreground, a background and attributes, so
  /// the fill is a whole `TextStyle`.
  public var backgroundStyle: TextStyle?

  /// Whether changes made with `animated: true` (and batch updates) animate; false makes every
  /// change land at once. Default true.
  ///
  /// UIKit: `UIView.areAnimationsEnabled`. The `mosaic` command sets it false for
  /// `--no-animation` and when the reduced-motion environment variable is set.
  public private(set) static var areAnimationsEnabled = true

  /// Turns animations on or off for every collection view.
  ///
  /// UIKit: `UIView.setAnimationsEnabled(_:)`.
  public static func setAnimationsEnabled(_ enabled: Bool) { areAnimationsEnabled = enabled }

  /// Runs `actionsWithoutAnimation` with animations turned off, then turns them back to what
  /// they were: every `animated: true` change it makes lands at once.
  ///
  /// UIKit: `UIView.performWithoutAnimation(_:)`. The browser moves this way for the keys that
  /// go where the user asked (a page, `g`, a search jump) unless smooth scrolling is on.
  public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let enabled = areAnimationsEnabled
    areAnimationsEnabled = false
    defer { areAnimationsEnabled = enabled }
    actionsWithoutAnimation()
  }

  /// Creates a view.
  ///
  /// UIKit: `init(frame:)`; the frame comes from whoever draws the view.
  public required init() {}

  /// Draws the view's content into `canvas`, which is clipped and translated to the view's own
  /// cells; the default draws nothing.
  ///
  /// UIKit: `draw(_:)`. Called on every frame the view is visible, after `backgroundStyle` has
  /// been filled in.
  open func draw(in canvas: Canvas) {}

  /// Draws what lies behind the content, then the content.
  ///
  /// The collection view calls this, not `draw(in:)`, so that a subclass overriding `draw(in:)`
  /// without calling `super` still gets its background, as a `UIView` does.
  func render(in canvas: Canvas) {
    renderBackground(in: canvas)
    draw(in: canvas)
  }

  /// Fills `backgroundStyle`, if any.
  func renderBackground(in canvas: Canvas) {
    if let backgroundStyle { canvas.fill(style: backgroundStyle) }
  }
}
