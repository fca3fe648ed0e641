/// How a fuzz test names a failing input: its target, seed and number, and the bytes
/// themselves, printable so the message stays one readable block.
public struct FuzzReport {
  /// The fuzz target, e.g. `csv`.
  public var target: String
  /// The run's seed (`MOSAIC_FUZZ_SEED` replays it).
  public var seed: UInt64

  /// Creates a report for `target` seeded with `seed`.
  public init(target: String, seed: UInt64) {
    self.target = target
    self.seed = seed
  }

  /// The line to print when the run starts.
  public var banner: String {
    "fuzz \(target): seed \(seed) (replay with MOSAIC_FUZZ_SEED=\(seed))"
  }

  /// Names input number `index` and shows up to `limit` of its bytes, non-ASCII and control
  /// bytes as `\xHH`.
  public func describe(input index: Int, _ bytes: [UInt8], limit: Int = 400) -> String {
    var shown = ""
    for byte in bytes.prefix(limit) {
      if byte >= 0x20 && byte < 0x7F && byte != 0x5C {
        shown.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        shown += "\\x" + (hex.count < 2 ? "0" : "") + hex
      }
    }
    let more = bytes.count > limit ? "… (\(bytes.count) bytes)" : ""
    return "fuzz \(target), seed \(seed), input #\(index): \"\(shown)\"\(more)"
  }
}
