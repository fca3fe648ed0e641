import Foundation

/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// sequence on every platform and Swift version, so a fuzz run is replayed from its seed.
public struct FuzzGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

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
