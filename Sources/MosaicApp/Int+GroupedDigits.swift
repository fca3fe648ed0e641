extension Int {
  /// The number with its digits in groups of three, whatever the locale: `1,000,000`.
  ///
  /// Every count the program shows people goes through here, so there is one thousands
  /// separator everywhere: the comma. UIKit has no counterpart (Foundation's `NumberFormatter`
  /// follows the locale); public for the benchmarks' figures.
  public func groupedDigits(separator: Character = ",") -> String {
    // Written from the end, as bytes: the status bar groups two numbers every frame. At most
    // 19 digits, 6 separators and a sign.
    let mark = separator.utf8
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + 6 * mark.count) {
      buffer in
      var start = buffer.count
      var digits = 0
      var rest = magnitude
      repeat {
        if digits > 0 && digits % 3 == 0 {
          for byte in mark.reversed() {
            start -= 1
            buffer[start] = byte
          }
        }
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        digits += 1
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
