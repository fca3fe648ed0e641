extension Int {
  /// The number with its digits in groups of three, whatever the locale: `1,000,000`.
  ///
  /// Every count the program shows people goes through here, so there is one thousands
  /// separator everywhere: the comma. UIKit has no counterpart (Foundation's `NumberFormatter`
  /// follows the locale); public for the benchmarks' figures.
  public func groupedDigits(separator: Character = ",") -> String {
    // The status bar groups two numbers every frame: bytes, not characters.
    guard let comma = separator.asciiValue else {
      let digits = String(magnitude)
      var result = self < 0 ? "-" : ""
      for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(separator) }
        result.append(digit)
      }
      return result
    }
    var digits: [UInt8] = []
    var rest = magnitude
    repeat {
      if digits.count % 4 == 3 { digits.append(comma) }
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    if self < 0 { digits.append(UInt8(ascii: "-")) }
    return String(decoding: digits.reversed(), as: UTF8.self)
  }
}
