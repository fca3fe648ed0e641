/// When the run loop draws while a scene animates: at the slots of a 60-frames-a-second clock
/// that starts with the animation's first frame, without waiting for input.
///
/// UIKit: `CADisplayLink`'s cadence. A frame that takes longer than its slot is not followed by
/// the slots it overran (the next frame is drawn at once, in the current slot) and those slots
/// are counted as dropped: the scene computes each frame from the clock's time, so an animation
/// still lands on time, in fewer frames. Pure: tested alone with chosen times.
struct FramePacer {
  /// The length of a slot, in seconds.
  static let interval = 1.0 / 60

  /// When slot 0 began (the animation's first frame); nil while the scene is still.
  private(set) var origin: Double?
  /// The slot of the last frame drawn.
  private(set) var lastSlot = 0
  /// Slots that passed without a frame because a frame overran them.
  private(set) var droppedFrames = 0
  /// Frames drawn while the scene animated.
  private(set) var animatedFrames = 0

  /// A frame started at `time` has been drawn; `animating` says whether the scene still animates
  /// after it (the slots stop with the frame that ends the animation).
  mutating func frameDrawn(at time: Double, animating: Bool) {
    if let origin {
      let slot = Int(((time - origin) / Self.interval).rounded(.down))
      if slot > lastSlot + 1 { droppedFrames += slot - lastSlot - 1 }
      lastSlot = max(lastSlot, slot)
      animatedFrames += 1
    }
    if !animating {
      origin = nil
    } else if origin == nil {
      origin = time
      lastSlot = 0
      animatedFrames += 1
    }
  }

  /// When the next frame is due, or nil while the scene is still.
  var nextSlot: Double? {
    origin.map { $0 + Double(lastSlot + 1) * Self.interval }
  }

  /// Whether a frame is due at `time`.
  func isDue(at time: Double) -> Bool {
    guard let next = nextSlot else { return false }
    return time >= next
  }

  /// How many milliseconds to wait at `time` for the next slot (rounded up, so the wake-up
  /// falls inside it); nil while the scene is still.
  func wait(at time: Double) -> Int32? {
    guard let next = nextSlot else { return nil }
    let milliseconds = ((next - time) * 1000).rounded(.up)
    return Int32(min(max(milliseconds, 0), 1000))
  }
}
