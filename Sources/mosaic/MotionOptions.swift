import ArgumentParser
import Foundation
import MosaicApp

/// `--no-animation`, shared by every subcommand that draws (browse, demo, inspect).
struct MotionOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-animation"),
    help: ArgumentHelp(
      "Make every change at once, without animation (so does \(ReducedMotion.environmentVariable)=1)."
    ))
  var noAnimation = false

  /// Turns animations off for `--no-animation`, a reduced-motion environment or
  /// `animationOff` (the configuration file's `animation = false`).
  @MainActor func apply(animationOff: Bool = false) {
    ReducedMotion.apply(
      noAnimation: noAnimation || animationOff, environment: ProcessInfo.processInfo.environment)
  }
}
