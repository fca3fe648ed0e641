import ArgumentParser

/// Reads an option's value as a whole number in a range, or says in one line what is wrong.
///
/// Numeric options are declared as strings parsed `.unconditional`ly, so `--columns -1` reaches
/// here as the value `-1` (ArgumentParser would otherwise read `-1` as an option and report a
/// missing value), and every bad value gets the same sentence naming the option and the range.
enum WholeNumberOption {
  /// `text` as an `Int` inside `range`; throws `<option> must be a whole number from A to B,
  /// not <text>` otherwise.
  static func parse(_ text: String, option: String, in range: ClosedRange<Int>)
    throws(ValidationError) -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw ValidationError(
        "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "not \(text)")
    }
    return value
  }
}
