import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// The parts of the animation engine, alone: the curve, one element's animation, an offset's
/// glide, the animator's bookkeeping, the manual clock.
@Suite @MainActor struct AnimationPartsTests {
  /// Whether two rectangles agree to 1e-9 on every edge.
  func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9
      && abs(a.height - b.height) < 1e-9
  }

  @Test("ease-in-out is UIKit's cubic Bézier (0.42, 0, 0.58, 1): slow at both ends, half at half")
  func easeInOut() {
    let curve = AnimationCurve.easeInOut
    #expect(curve.value(at: 0) == 0)
    #expect(curve.value(at: 1) == 1)
    #expect(curve.value(at: -1) == 0)
    #expect(curve.value(at: 2) == 1)
    #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9)
    // Reference values solved by bisection to machine precision.
    #expect(abs(curve.value(at: 0.25) - 0.1291619310473198) < 1e-8)
    #expect(abs(curve.value(at: 0.75) - 0.8708380689526801) < 1e-8)
    #expect(abs(curve.value(at: 0.1) - 0.01972245354831119) < 1e-8)
    var previous = 0.0
    for step in 1...1000 {
      let value = curve.value(at: Double(step) / 1000)
      #expect(value >= previous)
      previous = value
    }
    #expect(abs(AnimationCurve.linear.value(at: 0.3) - 0.3) < 1e-9)
  }

  @Test("an element's frame and alpha are interpolated; its zIndex switches at the midpoint")
  func elementInterpolates() {
    let from = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 4, height: 2))
    from.alpha = 0
    from.zIndex = 5
    let to = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 8, y: 4, width: 8, height: 2))
    var element = AnimatedElement(from: from, to: to, start: 10, duration: 0.25)
    element.curve = .linear
    let quarter = element.attributes(at: 10.0625)
    #expect(close(quarter.frame, Rect(x: 2, y: 1, width: 5, height: 2)))
    #expect(abs(quarter.alpha - 0.25) < 1e-9)
    #expect(quarter.zIndex == 5)
    let threeQuarters = element.attributes(at: 10.1875)
    #expect(abs(threeQuarters.frame.minX - 6) < 1e-9)
    #expect(threeQuarters.zIndex == 0)
    #expect(element.attributes(at: 10.25) === to)
    #expect(element.attributes(at: 9).frame == from.frame)
    #expect(!element.isFinished(at: 10.24) && element.isFinished(at: 10.25))
    // A destination given at the time of asking wins over the one stored (a layout's newer answer).
    let moved = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 8, width: 4, height: 2))
    #expect(abs(element.attributes(at: 10.125, toward: moved).frame.minY - 4) < 1e-9)
  }

  @Test("an offset glides from where it was to where it goes, on the curve")
  func offsetGlides() {
    let glide = AnimatedOffset(
      from: Point(x: 0, y: 0), to: Point(x: 0, y: 10), start: 1, duration: 0.2)
    #expect(glide.offset(at: 1) == Point(x: 0, y: 0))
    #expect(abs(glide.offset(at: 1.1).y - 5) < 1e-9)
    #expect(glide.offset(at: 1.2) == Point(x: 0, y: 10))
    #expect(glide.offset(at: 1.05).y < 2.5)  // eased: slow at the start
    #expect(glide.isFinished(at: 1.2))
  }

  @Test("the animator lets go of what ended: payloads of departed elements, due completions")
  func animatorAdvances() {
    var animator = Animator<String>()
    #expect(animator.isIdle)
    let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    let key = attributes.elementKey
    animator.animate(
      key, AnimatedElement(from: attributes, to: attributes, start: 0, duration: 0.2))
    animator.disappear(
      key, payload: "gone",
      AnimatedElement(from: attributes, to: attributes, start: 0, duration: 0.1))
    var calls: [Bool] = []
    animator.addCompletion(due: 0.2) { calls.append($0) }
    #expect(!animator.isIdle)
    var ended = animator.advance(to: 0.05)
    #expect(ended.released.isEmpty && ended.completions.isEmpty)
    ended = animator.advance(to: 0.1)
    #expect(ended.released.map(\.payload) == ["gone"])
    #expect(animator.elements.count == 1)
    ended = animator.advance(to: 0.2)
    #expect(ended.completions.count == 1)
    for completion in ended.completions { completion(true) }
    #expect(calls == [true])
    #expect(animator.isIdle)
  }

  @Test("a new glide replaces the running one: the caller starts it from where it is drawn")
  func glideRetargets() {
    var animator = Animator<Int>()
    animator.glide(from: Point(x: 0, y: 0), to: Point(x: 0, y: 10), at: 0, duration: 0.2)
    let halfway = animator.offset(at: 0.1)!
    animator.glide(from: halfway, to: Point(x: 0, y: 20), at: 0.1, duration: 0.2)
    #expect(animator.offset(at: 0.1) == halfway)
    #expect(animator.offset(at: 0.3) == Point(x: 0, y: 20))
    animator.glide(from: Point(x: 0, y: 20), to: Point(x: 0, y: 20), at: 0.3, duration: 0.2)
    #expect(animator.offset == nil)
  }

  @Test("the manual clock moves only forward, and only when told")
  func manualClock() {
    let clock = ManualAnimationClock(now: 3)
    clock.advance(by: 0.5)
    clock.advance(by: -1)
    #expect(clock.now == 3.5)
    let system = SystemAnimationClock()
    let first = system.now
    #expect(system.now >= first)
  }
}
