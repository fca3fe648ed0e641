import ArgumentParser

/// A size in points given on the command line as `WIDTHxHEIGHT`, e.g. `160x64` (20 × 4 cells at
/// 8 × 16 points per cell).
struct CellSizeArgument: ExpressibleByArgument, Hashable {
  /// The width in points, at least 1.
  var width: Int
  /// The height in points, at least 1.
  var height: Int

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      width >= 1, height >= 1
    else { return nil }
    self.width = width
    self.height = height
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
