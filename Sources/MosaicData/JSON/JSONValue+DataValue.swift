import MosaicJSON

extension JSONValue {
  /// The value as a table cell: scalars as themselves, numbers as written, nested values as
  /// compact JSON.
  var dataValue: DataValue {
    switch self {
    case .string(let s): return .string(s)
    case .number(let n): return .number(n.text)
    case .bool(let b): return .bool(b)
    case .null: return .null
    case .array, .object: return .json(JSONWriter.compact(self))
    }
  }
}
