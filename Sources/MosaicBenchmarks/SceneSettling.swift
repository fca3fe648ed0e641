import MosaicApp
import MosaicCollection
import MosaicData

/// Runs a scene until its background work is done, as the terminal's run loop would: a tick,
/// then a wait that finished work ends at once (`BackgroundWork`'s news), never a fixed sleep.
@MainActor
enum SceneSettling {
  /// The longest wait between two ticks when no news comes: what a scene that wants ticks for
  /// something no job reports (a pending keystroke's pause) needs to be looked at again.
  static let longestWait = 0.01

  /// Ticks `scene` until it wants no more ticks.
  static func settle(_ scene: some Scene) {
    while scene.wantsTicks {
      let seen = BackgroundWork.newsCount
      _ = scene.tick()
      guard scene.wantsTicks else { return }
      BackgroundWork.waitForNews(after: seen, timeout: longestWait)
    }
  }
}
