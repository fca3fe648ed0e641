import MosaicData

/// How the frequency table and the field summary write their figures: counts with a comma
/// between groups of three digits, shares as percentages, means rounded for people.
///
/// UIKit: a `NumberFormatter` (decimal and percent styles), without the locale: the browser
/// writes `1,000,000` everywhere.
enum StatisticsText {
  /// `count` with its digits grouped: `1,234,567`.
  static func count(_ count: Int) -> String { count.groupedDigits(separator: ",") }

  /// A field's name with the conditions it was counted under: "origin where carrier = 'UA'".
  static func scoped(_ name: String, _ scope: String?) -> String {
    scope.map { "\(name) where \($0)" } ?? name
  }

  /// `fraction` (0...1) as a percentage with one decimal: `42.5%`, `<0.1%` for a share too small
  /// to show, `100%` for all.
  static func share(_ fraction: Double) -> String {
    if fraction >= 1 { return "100%" }
    if fraction > 0 && fraction < 0.0005 { return "<0.1%" }
    let tenths = Int((fraction * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// `value` rounded for reading: whole numbers grouped (`12,345`), others to two decimals
  /// (`12,345.68`), small ones to three significant digits (`0.00123`).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let sign = value < 0 ? "-" : ""
    let magnitude = abs(value)
    if magnitude >= 1e15 { return "\(value)" }
    if magnitude >= 1 || magnitude == 0 {
      let hundredths = Int((magnitude * 100).rounded())
      let whole = count(hundredths / 100)
      let fraction = hundredths % 100
      if fraction == 0 { return sign + whole }
      let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
      return sign + whole + "." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }
    // Below one: three significant digits.
    var scale = 1.0
    var decimals = 0
    while magnitude * scale < 100 {
      scale *= 10
      decimals += 1
    }
    var digits = String(Int((magnitude * scale).rounded()))
    digits = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    var text = "0." + digits
    while text.hasSuffix("0") { text.removeLast() }
    return sign + text
  }

  /// A value as a row shows it: "(missing)" for the missing values (empty ones and the `--na`
  /// tokens, counted together), "…" after the start of a longer one.
  static func value(_ entry: FieldStatistics.ValueCount) -> String {
    if entry.value.isEmpty { return emptyValue }
    return entry.isCut ? entry.value + "…" : entry.value
  }

  /// What the missing values' one row is called (its Enter adds `is missing`).
  static let emptyValue = "(missing)"
  /// What the values past the distinct limit are called together.
  static let otherValues = "(other values)"

  /// "18 distinct", or "100,000+ distinct" when the count stopped keeping values.
  static func distinct(_ statistics: FieldStatistics) -> String {
    distinctCount(statistics) + " distinct"
  }

  /// "18", or "100,000+" when the count stopped keeping values.
  static func distinctCount(_ statistics: FieldStatistics) -> String {
    count(statistics.distinctCount) + (statistics.isDistinctCountCapped ? "+" : "")
  }

  /// The status bar's line while a field is counted: "counting city… 42%".
  /// With `note` (why the store that holds the records did not count them), "counting city
  /// here… 5% (canceling statement due to statement timeout)".
  static func counting(_ name: String, progress: Double, note: String? = nil) -> String {
    guard let note else { return "counting \(name)… \(Int(progress * 100))%" }
    return "counting \(name) here… \(Int(progress * 100))% (\(note))"
  }
}
