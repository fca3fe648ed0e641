import Foundation

extension SeededGenerator {
  /// The seed of a fuzz run: `MOSAIC_FUZZ_SEED` when set (to replay a run), otherwise a fresh
  /// one, so every run explores new inputs. Either way the caller prints it.
  public static func runSeed(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> UInt64
  {
    if let text = environment["MOSAIC_FUZZ_SEED"], let seed = UInt64(text) { return seed }
    var system = SystemRandomNumberGenerator()
    return system.next() >> 1
  }

  /// How many inputs a fuzz target tries: `MOSAIC_FUZZ_COUNT` when set (a longer hunt), else
  /// `default`, sized to take a few seconds in a debug build.
  public static func runCount(
    default count: Int, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int {
    environment["MOSAIC_FUZZ_COUNT"].flatMap { Int($0) } ?? count
  }
}
