import Foundation
import MosaicLayout

extension CollectionView {
  /// The index path of the item whose mouse press awaits its release, or nil.
  ///
  /// UIKit: the cell under a touch that has gone down and not yet up; it stays highlighted
  /// (drawn with its `isHighlighted` style) until then.
  public var indexPathForPressedItem: IndexPath? { selection.trackedPress }

  /// The item a mouse press went down on, until its release (or nil); kept in `selection`.
  var trackedPress: IndexPath? {
    get { selection.trackedPress }
    set { selection.trackedPress = newValue }
  }

  /// Whether a mouse press inside the view still awaits its release; kept in `selection`.
  var pressAwaitsRelease: Bool {
    get { selection.pressAwaitsRelease }
    set { selection.pressAwaitsRelease = newValue }
  }

  /// A mouse press went down on the item at `indexPath`: with releases reported, highlight it
  /// and wait for the release; otherwise the press is the whole click. An item the delegate may
  /// not highlight is not tracked: its release selects nothing (UIKit's bypass).
  func beginMousePress(at indexPath: IndexPath) {
    cancelTrackedPress()
    guard mouseReleasesAreReported else {
      pressItem(at: indexPath)
      return
    }
    trackedPress = indexPath
    if !highlightForPress(at: indexPath) { trackedPress = nil }
  }

  /// The mouse button went up over `indexPath` (nil: over no item, or outside the view): over
  /// the pressed item it selects as a tap does; elsewhere the press ends without selecting.
  ///
  /// A release with no press before it is a whole click: a backend may report a press and a
  /// release that arrive together as the release alone.
  func endMousePress(over indexPath: IndexPath?) {
    defer { pressAwaitsRelease = false }
    guard let pressed = trackedPress else {
      if !pressAwaitsRelease, let indexPath {
        focusItem(at: indexPath)
        pressItem(at: indexPath)
      }
      return
    }
    trackedPress = nil
    let highlighted = selection.highlighted == pressed
    if indexPath == pressed, isValidItem(pressed) {
      finishPress(at: pressed, highlighted: highlighted)
    } else if highlighted {
      unhighlight(pressed)
    }
  }

  /// Ends a press awaiting its release without selecting, as UIKit cancels a touch when the
  /// view scrolls under it or (here) when a new press shows the release was lost.
  func cancelTrackedPress() {
    guard let pressed = trackedPress else { return }
    trackedPress = nil
    if selection.highlighted == pressed { unhighlight(pressed) }
  }
}
