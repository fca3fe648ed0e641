/// A parsed JSON value that keeps object keys in file order and numbers as written.
enum JSONValue: Equatable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)), (.number(let x), .number(let y)): return x == y
    case (.bool(let x), .bool(let y)): return x == y
    case (.null, .null): return true
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The value as a table cell: scalars as themselves, nested values as compact JSON.
  var dataValue: DataValue {
    switch self {
    case .string(let s): return .string(s)
    case .number(let s): return .number(s)
    case .bool(let b): return .bool(b)
    case .null: return .null
    case .array, .object: return .json(JSONWriter.compact(self))
    }
  }

  /// A short name for the kind of value, for error messages.
  var kindName: String {
    switch self {
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
