/// A parsed JSON value, as the layout spec reader sees it.
///
/// Booleans and numbers stay distinct (Foundation's `JSONSerialization` on
/// Linux answers `true` to `1 is Bool`), and every number is kept as a `Double`
/// because every number in a spec is a length or a count.
enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; a literal too large for a `Double` is infinite, so validation can name its key.
  case number(Double)
  /// A string.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object; a key given twice keeps its last value, as JavaScript does.
  case object([String: JSONValue])

  /// The article and name of the value's type, for error messages: "a string", "null".
  var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
