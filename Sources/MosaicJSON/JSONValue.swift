/// A parsed JSON value that keeps object members in file order and numbers as written.
///
/// Booleans and numbers stay distinct (Foundation's `JSONSerialization` on Linux answers `true`
/// to `1 is Bool`). No UIKit counterpart.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as written and as a `Double`.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object's members in file order; a key given twice appears twice.
  case object([(key: String, value: JSONValue)])

  /// Whether two values are equal, numbers compared as written.
  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The number's value, or nil when this is not a number.
  public var doubleValue: Double? {
    guard case .number(let number) = self else { return nil }
    return number.value
  }

  /// The article and name of the value's type, for error messages: "a string", "null".
  public var typeDescription: String {
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
