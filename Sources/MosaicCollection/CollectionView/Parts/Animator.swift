import MosaicLayout

/// The animations running in one collection view: elements travelling to their attributes,
/// elements on their way out (each with the view that shows it), the glide of the content offset,
/// and the completions waiting for their animation's end.
///
/// UIKit: what Core Animation keeps for a collection view's layers between frames. Generic over
/// what a disappearing element carries (a view, in the collection view) so it is tested alone
/// with plain values. Time only moves through `advance(to:)`: whatever ended by then is removed
/// and handed back, so the frame drawn at or after an animation's end shows its end state.
@MainActor
struct Animator<Payload> {
  /// An element that exists only for its animation: it left the data (or the layout) and is
  /// drawn on its way to its final attributes, then its payload is let go.
  struct Disappearing {
    /// The element's key before it went (for the delegate's "did end displaying").
    var key: ElementKey
    /// What shows it.
    var payload: Payload
    /// Its way out.
    var animation: AnimatedElement
  }

  /// A completion handler and when it is due.
  struct Completion {
    /// When it runs: at the first advance at or after this time.
    var due: Double
    /// The handler.
    var handler: (Bool) -> Void
  }

  /// The animations of elements that exist, by their current key.
  private(set) var elements: [ElementKey: AnimatedElement] = [:]
  /// Elements on their way out.
  private(set) var disappearing: [Disappearing] = []
  /// The glide of the content offset, if one runs.
  private(set) var offset: AnimatedOffset?
  /// Completions waiting for their animation to end.
  private(set) var completions: [Completion] = []

  /// Whether nothing runs or waits: the collection view then takes its still path.
  var isIdle: Bool {
    elements.isEmpty && disappearing.isEmpty && offset == nil && completions.isEmpty
  }

  /// Whether any element (existing or disappearing) is animating.
  var animatesElements: Bool { !elements.isEmpty || !disappearing.isEmpty }

  // MARK: Starting

  /// Starts (or restarts: retargets) the animation of the element at `key` from `from`.
  mutating func animate(_ key: ElementKey, _ animation: AnimatedElement) {
    elements[key] = animation
  }

  /// Sends an element out with the payload that shows it.
  mutating func disappear(_ key: ElementKey, payload: Payload, _ animation: AnimatedElement) {
    disappearing.append(Disappearing(key: key, payload: payload, animation: animation))
  }

  /// Starts a glide of the offset from `from` to `to`; a glide already running is replaced, so
  /// a caller passing the offset shown now retargets it from where it is.
  mutating func glide(from: Point, to: Point, at time: Double, duration: Double) {
    offset = from == to ? nil : AnimatedOffset(from: from, to: to, start: time, duration: duration)
  }

  /// Stops the glide where it would land.
  mutating func stopGlide() { offset = nil }

  /// Runs `handler` at the first advance at or after `due`.
  mutating func addCompletion(due: Double, _ handler: @escaping (Bool) -> Void) {
    completions.append(Completion(due: due, handler: handler))
  }

  // MARK: Reading

  /// The offset shown at `time`, or nil when no glide runs.
  func offset(at time: Double) -> Point? { offset?.offset(at: time) }

  /// What the element at `key` shows at `time`, its layout giving `current`: `current` itself
  /// when it is not animating.
  func attributes(of key: ElementKey, current: LayoutAttributes, at time: Double)
    -> LayoutAttributes
  {
    guard let animation = elements[key] else { return current }
    return animation.attributes(at: time, toward: current)
  }

  /// The keys of animating elements with the attributes they travel to, for those the layout no
  /// longer shows in the viewport (an element moving off screen is drawn until it gets there).
  var destinations: [ElementKey: AnimatedElement] { elements }

  // MARK: Advancing and stopping

  /// What `advance(to:)` and `finishAll()` let go.
  struct Ended {
    /// Payloads of disappearing elements whose animation is over, with their keys.
    var released: [(key: ElementKey, payload: Payload)] = []
    /// Completions now due.
    var completions: [(Bool) -> Void] = []
  }

  /// Removes every animation over at `time` and returns what they held: the payloads of the
  /// elements that went and the completions due.
  mutating func advance(to time: Double) -> Ended {
    var ended = Ended()
    if elements.contains(where: { $0.value.isFinished(at: time) }) {
      elements = elements.filter { !$0.value.isFinished(at: time) }
    }
    if !disappearing.isEmpty {
      var kept: [Disappearing] = []
      for element in disappearing {
        if element.animation.isFinished(at: time) {
          ended.released.append((element.key, element.payload))
        } else {
          kept.append(element)
        }
      }
      disappearing = kept
    }
    if let glide = offset, glide.isFinished(at: time) { offset = nil }
    if !completions.isEmpty {
      var waiting: [Completion] = []
      for completion in completions {
        if completion.due <= time {
          ended.completions.append(completion.handler)
        } else {
          waiting.append(completion)
        }
      }
      completions = waiting
    }
    return ended
  }

  /// Forgets the animations of existing elements (they show their attributes at once), keeping
  /// the rest.
  mutating func stopElements() { elements = [:] }

  /// Ends everything now: every payload let go, every completion due.
  mutating func finishAll() -> Ended {
    var ended = Ended()
    ended.released = disappearing.map { ($0.key, $0.payload) }
    ended.completions = completions.map(\.handler)
    elements = [:]
    disappearing = []
    offset = nil
    completions = []
    return ended
  }
}
