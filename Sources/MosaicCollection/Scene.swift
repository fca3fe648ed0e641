/// Something a run loop drives: it draws whole frames and handles input.
///
/// The terminal backend's run loop owns one scene: it asks it to draw into the
/// screen surface, then sends it each decoded event. Headless tests do the
/// same with an in-memory surface.
@MainActor
public protocol Scene: AnyObject {
  /// Draws one whole frame into `surface`.
  func draw(into surface: any Surface)

  /// Handles one event and says whether the run loop goes on.
  func handle(_ event: InputEvent) -> SceneResponse

  /// Whether the scene changes on its own (background work, progress) and wants
  /// `tick()` a few times a second even when no input arrives.
  var wantsTicks: Bool { get }

  /// Lets the scene catch up with background work; returns whether it needs a redraw.
  func tick() -> Bool

  /// Whether an animation is running: the run loop then draws a frame at every slot of its frame
  /// clock (up to 60 a second) until it stops, without waiting for input. A scene forwards its
  /// collection views' `hasRunningAnimations`; the terminal's run loop also watches
  /// `CollectionView.hasAnimationsInProgress`, so a scene that does not still animates.
  var isAnimating: Bool { get }

  /// Text the user asked to copy since the last call, handed over once (the next call returns
  /// nil): the run loop sends it to the system clipboard after handling the events.
  ///
  /// UIKit: setting `UIPasteboard.general.string`.
  func takeClipboardText() -> String?
}

extension Scene {
  /// A scene is still by default.
  public var wantsTicks: Bool { false }
  /// Nothing to catch up with by default.
  public func tick() -> Bool { false }
  /// A scene does not animate by default.
  public var isAnimating: Bool { false }
  /// A scene copies nothing by default.
  public func takeClipboardText() -> String? { nil }
}

/// What a scene wants after handling an event.
public enum SceneResponse: Hashable, Sendable {
  /// Keep running; redraw.
  case `continue`
  /// Stop the run loop and restore the terminal.
  case quit
}
