extension Int {
  /// The number with its digits in groups of three, whatever the locale: `1 000 000` with the
  /// default space, `1,000,000` with a comma.
  func groupedDigits(separator: Character = " ") -> String {
    let digits = String(magnitude)
    var result = self < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(separator) }
      result.append(digit)
    }
    return result
  }
}
