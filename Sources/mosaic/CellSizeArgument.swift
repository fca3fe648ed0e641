import ArgumentParser

/// `--item-size`: a fixed card size in points given as `WIDTHxHEIGHT`, e.g. `160x64` (20 × 4
/// cells at 8 × 16 points per cell), or `auto` for cards that size themselves to their record.
enum CellSizeArgument: Hashable {
  /// Every card this size, in points.
  case fixed(width: Int, height: Int)
  /// Each card as tall as its record needs (the flow layout's `estimatedItemSize`).
  case automatic

  /// The whole numbers of points each side may have: a card the size of the largest terminal
  /// is far inside it, and nothing derived from it can overflow.
  static let sides = 1...10_000

  /// Parses `--item-size`'s value, or says in one line what is wrong with it.
  init(parsing argument: String) throws(ValidationError) {
    if argument.lowercased() == "auto" {
      self = .automatic
      return
    }
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let rule =
      "--item-size must be auto or WIDTHxHEIGHT in points, each a whole number from "
      + "\(Self.sides.lowerBound) to \(Self.sides.upperBound)"
    guard parts.count == 2 else {
      throw ValidationError("\(rule): \(argument) is not two numbers joined by x")
    }
    for (side, text) in zip(["width", "height"], parts) {
      if text.isEmpty { throw ValidationError("\(rule): \(argument) has no \(side)") }
      if let problem = WholeNumberOption.problem(with: String(text), in: Self.sides) {
        throw ValidationError("\(rule): the \(side) \(text) \(problem)")
      }
    }
    self = .fixed(width: Int(parts[0])!, height: Int(parts[1])!)
  }

  /// The fixed size, or nil for `auto`.
  var fixedSize: (width: Int, height: Int)? {
    if case .fixed(let width, let height) = self { return (width, height) }
    return nil
  }
}
