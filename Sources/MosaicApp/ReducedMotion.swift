import MosaicCollection

/// Whether the `mosaic` command animates: `--no-animation` or the `MOSAIC_REDUCED_MOTION`
/// environment variable turns every animation off, for people who find motion on screen hard to
/// bear and for terminals too slow to show it.
///
/// UIKit: what an app does when `UIAccessibility.isReduceMotionEnabled` is true, here by calling
/// `View.setAnimationsEnabled(false)`, so every `animated:` change lands at once.
public enum ReducedMotion {
  /// The environment variable that asks for reduced motion: any value but empty, `0`, `false`,
  /// `no` or `off` turns animations off.
  public static let environmentVariable = "MOSAIC_REDUCED_MOTION"

  /// Whether `environment` asks for reduced motion.
  public static func isRequested(by environment: [String: String]) -> Bool {
    guard let value = environment[environmentVariable] else { return false }
    let word = value.lowercased().filter { !$0.isWhitespace }
    return !["", "0", "false", "no", "off"].contains(word)
  }

  /// Whether views animate, given `--no-animation` and the environment.
  public static func animationsEnabled(noAnimation: Bool, environment: [String: String]) -> Bool {
    !noAnimation && !isRequested(by: environment)
  }

  /// Turns animations on or off for every view, as `--no-animation` and the environment say.
  @MainActor public static func apply(noAnimation: Bool, environment: [String: String]) {
    View.setAnimationsEnabled(animationsEnabled(noAnimation: noAnimation, environment: environment))
  }
}
