import MosaicApp
import MosaicCollection
import Testing

/// `--no-animation` and `MOSAIC_REDUCED_MOTION`: either turns every view's animations off.
@MainActor @Suite struct ReducedMotionTests {
  @Test("MOSAIC_REDUCED_MOTION with a value asks for reduced motion; unset, empty or 0 does not")
  func environment() {
    let name = ReducedMotion.environmentVariable
    #expect(name == "MOSAIC_REDUCED_MOTION")
    for value in ["1", "yes", "true", "on", "reduce"] {
      #expect(ReducedMotion.isRequested(by: [name: value]), "\(value)")
    }
    for value in ["", "0", "false", "no", "off", " 0 ", "FALSE"] {
      #expect(!ReducedMotion.isRequested(by: [name: value]), "\(value)")
    }
    #expect(!ReducedMotion.isRequested(by: [:]))
    #expect(!ReducedMotion.isRequested(by: ["REDUCED_MOTION": "1"]), "only mosaic's own name")
  }

  @Test("either the flag or the environment turns animations off; neither leaves them on")
  func flagOrEnvironment() {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    let reduced = [ReducedMotion.environmentVariable: "1"]
    ReducedMotion.apply(noAnimation: false, environment: [:])
    #expect(View.areAnimationsEnabled)
    ReducedMotion.apply(noAnimation: true, environment: [:])
    #expect(!View.areAnimationsEnabled)
    ReducedMotion.apply(noAnimation: false, environment: reduced)
    #expect(!View.areAnimationsEnabled)
    ReducedMotion.apply(noAnimation: true, environment: reduced)
    #expect(!View.areAnimationsEnabled)
  }
}
