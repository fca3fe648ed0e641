import Testing

@testable import MosaicTerminal

/// The run loop's frame clock, alone, at chosen times.
@Suite struct FramePacerTests {
  let slot = FramePacer.interval

  @Test("a still scene waits for input: no slot, no wait")
  func stillSceneHasNoSlots() {
    var pacer = FramePacer()
    pacer.frameDrawn(at: 5, animating: false)
    #expect(pacer.nextSlot == nil)
    #expect(pacer.wait(at: 5) == nil)
    #expect(!pacer.isDue(at: 100))
  }

  @Test("an animation's frames fall due every sixtieth of a second from its first frame")
  func slotsEverySixtieth() {
    var pacer = FramePacer()
    pacer.frameDrawn(at: 10, animating: true)
    #expect(pacer.nextSlot == 10 + slot)
    #expect(pacer.wait(at: 10) == 17)  // 16.7 ms, rounded up into the slot
    #expect(!pacer.isDue(at: 10.01))
    #expect(pacer.isDue(at: 10 + slot))
    pacer.frameDrawn(at: 10 + slot * 1.01, animating: true)
    #expect(pacer.lastSlot == 1)
    #expect(pacer.droppedFrames == 0)
    #expect(pacer.animatedFrames == 2)
  }

  @Test("a frame that overran its slot skips the slots it overran, and they count as dropped")
  func overrunSkipsSlots() {
    var pacer = FramePacer()
    pacer.frameDrawn(at: 0, animating: true)
    // The first frame took 50 ms: slots 1 and 2 passed; the next frame is due at once, in slot 3.
    #expect(pacer.isDue(at: 0.05))
    #expect(pacer.wait(at: 0.05) == 0)
    pacer.frameDrawn(at: 0.05, animating: true)
    #expect(pacer.lastSlot == 3)
    #expect(pacer.droppedFrames == 2)
    #expect(pacer.nextSlot == 4 * slot)
  }

  @Test("the frame that ends the animation ends the slots; a new animation starts its own clock")
  func animationEnds() {
    var pacer = FramePacer()
    pacer.frameDrawn(at: 0, animating: true)
    pacer.frameDrawn(at: slot, animating: false)
    #expect(pacer.nextSlot == nil)
    #expect(pacer.animatedFrames == 2)
    pacer.frameDrawn(at: 7, animating: true)
    #expect(pacer.nextSlot == 7 + slot)
    #expect(pacer.droppedFrames == 0)
  }

  @Test("frames drawn for input between slots take no slot of their own")
  func inputFramesBetweenSlots() {
    var pacer = FramePacer()
    pacer.frameDrawn(at: 0, animating: true)
    pacer.frameDrawn(at: slot * 0.5, animating: true)
    #expect(pacer.lastSlot == 0)
    #expect(pacer.nextSlot == slot)
  }
}
