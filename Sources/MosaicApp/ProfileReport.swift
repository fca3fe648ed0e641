import Foundation
import MosaicCollection
import MosaicData
import MosaicJSON

/// `mosaic describe`'s output: one row per field (name, type, count, missing, distinct, min, max,
/// mean, median, stdev, p25, p75) as aligned text, JSON or CSV.
///
/// No UIKit counterpart; the columns sheet's figures written out instead of shown. The text is
/// for reading (numbers rounded to at most four decimals, values escaped so no control byte
/// reaches the terminal, cut at 30 columns); JSON and CSV are for programs (every number at full
/// precision, shortest round-trip form, and the 5th and 95th percentiles and the sum too).
public enum ProfileReport {
  /// The output forms `--output` names.
  public enum Format: String, CaseIterable, Sendable {
    /// Aligned columns for reading.
    case text
    /// One JSON array of one object per field.
    case json
    /// A header row, then one row per field.
    case csv
  }

  /// The columns of the text and CSV forms, in order.
  static let columns = [
    "field", "type", "count", "missing", "distinct", "min", "max", "mean", "median", "stdev",
    "p25", "p75",
  ]
  /// The CSV and JSON forms' extra figures.
  static let extraColumns = ["p5", "p95", "sum"]

  /// The report of `profiles` in `format`, ending in a newline.
  public static func render(_ profiles: [FieldProfile], as format: Format) -> String {
    switch format {
    case .text: return text(profiles)
    case .json: return json(profiles)
    case .csv: return csv(profiles)
    }
  }

  /// The fields as aligned columns: text left-aligned, figures right-aligned.
  static func text(_ profiles: [FieldProfile]) -> String {
    let rows = profiles.map { profile -> [String] in
      let figures = profile.numbers
      return [
        VisibleText.escaped(profile.name), profile.type.rawValue, String(profile.count),
        String(profile.missing), distinct(profile),
        shown(extreme(profile.minimum, profile)), shown(extreme(profile.maximum, profile)),
        readable(figures?.mean), readable(figures?.median), readable(figures?.standardDeviation),
        readable(figures?.p25), readable(figures?.p75),
      ].map { Canvas.truncate($0, toWidth: 30) }
    }
    let all = [columns] + rows
    let widths = columns.indices.map { column in
      all.map { CharacterWidth.of($0[column]) }.max() ?? 0
    }
    let leftAligned: Set<Int> = [0, 1]
    return all.map { row in
      row.indices.map { column in
        let gap = String(repeating: " ", count: widths[column] - CharacterWidth.of(row[column]))
        if column == row.count - 1 && leftAligned.contains(column) { return row[column] }
        return leftAligned.contains(column) ? row[column] + gap : gap + row[column]
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  /// The fields as one JSON array.
  static func json(_ profiles: [FieldProfile]) -> String {
    let objects = profiles.map { profile -> String in
      let numbers = profile.numbers
      var members: [(String, String)] = [
        ("field", JSONWriter.quoted(profile.name)),
        ("type", JSONWriter.quoted(profile.type.rawValue)),
        ("count", String(profile.count)), ("missing", String(profile.missing)),
        ("distinct", String(profile.distinct)),
        ("distinct_capped", profile.isDistinctCapped ? "true" : "false"),
      ]
      if let numbers {
        members += [("min", exact(numbers.minimum)), ("max", exact(numbers.maximum))]
      } else {
        members += [
          ("min", profile.minimum.map(JSONWriter.quoted) ?? "null"),
          ("max", profile.maximum.map(JSONWriter.quoted) ?? "null"),
        ]
      }
      members += [
        ("mean", exactOrNull(numbers?.mean)), ("median", exactOrNull(numbers?.median)),
        ("stdev", exactOrNull(numbers?.standardDeviation)), ("p25", exactOrNull(numbers?.p25)),
        ("p75", exactOrNull(numbers?.p75)), ("p5", exactOrNull(numbers?.p5)),
        ("p95", exactOrNull(numbers?.p95)), ("sum", exactOrNull(numbers?.sum)),
      ]
      return "{" + members.map { JSONWriter.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
    return "[" + objects.joined(separator: ",\n ") + "]\n"
  }

  /// The fields as CSV, the figures at full precision.
  static func csv(_ profiles: [FieldProfile]) -> String {
    let header = (columns + extraColumns).joined(separator: ",")
    let rows = profiles.map { profile -> String in
      let numbers = profile.numbers
      let fields: [String] = [
        profile.name, profile.type.rawValue, String(profile.count), String(profile.missing),
        distinct(profile), numbers.map { exact($0.minimum) } ?? profile.minimum ?? "",
        numbers.map { exact($0.maximum) } ?? profile.maximum ?? "",
        exactOrEmpty(numbers?.mean), exactOrEmpty(numbers?.median),
        exactOrEmpty(numbers?.standardDeviation), exactOrEmpty(numbers?.p25),
        exactOrEmpty(numbers?.p75), exactOrEmpty(numbers?.p5), exactOrEmpty(numbers?.p95),
        exactOrEmpty(numbers?.sum),
      ]
      return fields.map(csvField).joined(separator: ",")
    }
    return ([header] + rows).joined(separator: "\n") + "\n"
  }

  private static func distinct(_ profile: FieldProfile) -> String {
    String(profile.distinct) + (profile.isDistinctCapped ? "+" : "")
  }

  private static func shown(_ text: String?) -> String {
    text.map(VisibleText.escaped) ?? ""
  }

  /// A number field's extreme as a number for reading; any other's as written.
  private static func extreme(_ text: String?, _ profile: FieldProfile) -> String? {
    guard profile.numbers != nil, let text, let number = NumberText.value(text) else { return text }
    return readable(number)
  }

  /// `value` for reading: whole numbers as such, others to at most four decimals (so float
  /// noise like 10.357019999999999 reads 10.357), tiny and huge ones in exponent form.
  static func readable(_ value: Double?) -> String {
    guard let value else { return "" }
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(value)
    if magnitude != 0 && (magnitude < 1e-4 || magnitude >= 1e15) {
      return exponent(value)
    }
    if value == value.rounded() { return String(Int64(value)) }
    var text = fixed(value, decimals: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// `value` with `decimals` digits after the point, rounded half away from zero.
  private static func fixed(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int64(scaled / scale)
    let fraction = Int64(scaled - Double(whole) * scale)
    var digits = String(fraction)
    digits = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    return (value < 0 ? "-" : "") + String(whole) + "." + digits
  }

  /// `value` as `d.dddde±x`, four significant decimals.
  private static func exponent(_ value: Double) -> String {
    var power = 0
    var mantissa = abs(value)
    while mantissa >= 10 {
      mantissa /= 10
      power += 1
    }
    while mantissa < 1 {
      mantissa *= 10
      power -= 1
    }
    var text = fixed(mantissa, decimals: 4)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return (value < 0 ? "-" : "") + text + "e" + (power < 0 ? "-" : "+") + String(abs(power))
  }

  /// `value` at full precision: the shortest text that reads back as the same double.
  static func exact(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  private static func exactOrNull(_ value: Double?) -> String {
    value.map { $0.isFinite ? exact($0) : "null" } ?? "null"
  }

  private static func exactOrEmpty(_ value: Double?) -> String {
    value.map(exact) ?? ""
  }

  private static func csvField(_ value: String) -> String {
    let needsQuotes = value.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    guard needsQuotes else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
