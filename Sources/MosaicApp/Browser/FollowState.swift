import MosaicCollection

/// What `--follow` remembers between frames: whether the view follows the end of the file, and
/// how many records arrived while the user was elsewhere.
///
/// UIKit has no counterpart (the nearest is a chat view that sticks to its newest message).
struct FollowState: Equatable {
  /// Whether the focus goes to each new last record: true while the user stays at the end.
  var followsEnd = true
  /// Where following last put the focus; a focus anywhere else means the user moved away.
  var placedFocus: IndexPath?
  /// The record count when the user was last at the end: the records past it are new to them.
  var seenCount = 0
}
