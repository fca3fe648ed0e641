extension Int {
  /// The number with its digits in groups of three, whatever the locale: `1,000,000`.
  ///
  /// Every count the program shows people goes through here, so there is one thousands
  /// separator everywhere: the comma. UIKit has no counterpart (Foundation's `NumberFormatter`
  /// follows the locale); public for the benchmarks' figures.
  public func groupedDigits(separator: Character = ",") -> String {
    let digits = String(magnitude)
    var result = self < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(separator) }
      result.append(digit)
    }
    return result
  }
}
