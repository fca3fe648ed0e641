import ArgumentParser

/// A size in points given on the command line as `WIDTHxHEIGHT`, e.g. `160x64` (20 × 4 cells at
/// 8 × 16 points per cell).
struct CellSizeArgument: Hashable {
  /// The whole numbers of points each side may have: a card the size of the largest terminal
  /// is far inside it, and nothing derived from it can overflow.
  static let sides = 1...10_000

  /// The width in points.
  var width: Int
  /// The height in points.
  var height: Int

  /// Parses `--item-size`'s value, or says in one line what is wrong with it.
  init(parsing argument: String) throws(ValidationError) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      Self.sides.contains(width), Self.sides.contains(height)
    else {
      throw ValidationError(
        "--item-size must be WIDTHxHEIGHT in points, each a whole number from "
          + "\(Self.sides.lowerBound) to \(Self.sides.upperBound), not \(argument)")
    }
    self.width = width
    self.height = height
  }
}
