/// When text is a number, for sorting, statistics and conditions alike: finite, in the forms
/// `Double` reads that start with a digit, a sign or a point, surrounding blanks ignored.
///
/// No UIKit counterpart. One rule, so that a value `I` counts as a number is one that
/// `arr_delay > 60` compares as a number and that sorts among the numbers.
public enum NumberText {
  /// The value of `text` as a finite number, or nil.
  public static func value(_ text: String) -> Double? {
    var value = Substring(text)
    while let first = value.utf8.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.utf8.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    guard let first = value.utf8.first,
      (0x30...0x39).contains(first) || first == 0x2D || first == 0x2B || first == 0x2E,
      let number = Double(value), number.isFinite
    else { return nil }
    return number
  }
}
