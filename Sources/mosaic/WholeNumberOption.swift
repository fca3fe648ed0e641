import ArgumentParser

/// Reads an option's value as a whole number in a range, or says in one line what is wrong.
///
/// Numeric options are declared as strings parsed `.unconditional`ly, so `--columns -1` reaches
/// here as the value `-1` (ArgumentParser would otherwise read `-1` as an option and report a
/// missing value), and every bad value gets the same sentence naming the option, the range and
/// what is wrong with the value.
enum WholeNumberOption {
  /// `text` as an `Int` inside `range`; throws `<option> must be a whole number from A to B:
  /// <text> is less than A` (or more than B, or not a whole number) otherwise.
  static func parse(_ text: String, option: String, in range: ClosedRange<Int>)
    throws(ValidationError) -> Int
  {
    if let problem = problem(with: text, in: range) {
      throw ValidationError(
        "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound): "
          + "\(text) \(problem)")
    }
    return Int(text)!
  }

  /// What is wrong with `text` as a whole number in `range` ("is less than 1", "is more than
  /// 100", "is not a whole number"), or nil when nothing is.
  static func problem(with text: String, in range: ClosedRange<Int>) -> String? {
    let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return "is not a whole number"
    }
    // Digits too many for an Int are still a number, only far out of range.
    guard let value = Int(text) else {
      return text.hasPrefix("-")
        ? "is less than \(range.lowerBound)" : "is more than \(range.upperBound)"
    }
    if value < range.lowerBound { return "is less than \(range.lowerBound)" }
    if value > range.upperBound { return "is more than \(range.upperBound)" }
    return nil
  }
}
