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
    // Written from the end: 19 digits, 6 commas and a sign at most.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
      var start = buffer.count
      var written = 0
      var rest = magnitude
      repeat {
        if written % 4 == 3 {
          start -= 1
          buffer[start] = comma
          written += 1
        }
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        written += 1
        rest /= 10
      } while rest > 0
      if self < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }
}
