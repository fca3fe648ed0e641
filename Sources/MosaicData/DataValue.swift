import MosaicJSON

/// One field's value with the type it had in the file.
///
/// CSV, TSV and JSON Lines values written as strings are `.string`; JSON numbers keep the text
/// they were written with so `y` prints them back unchanged. No UIKit counterpart.
public enum DataValue: Equatable, Sendable {
  /// Text.
  case string(String)
  /// A JSON number, as written in the file (`6.94`, `1e-3`).
  case number(String)
  /// A JSON boolean.
  case bool(Bool)
  /// A JSON null.
  case null
  /// A nested JSON object or array, as compact JSON text.
  case json(String)

  /// The value as a card shows it: numbers as written, booleans as `true`/`false`, null as empty,
  /// nested values as compact JSON.
  public var text: String {
    switch self {
    case .string(let s), .number(let s), .json(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .null: return ""
    }
  }

  /// The value as a JSON fragment.
  public var jsonText: String {
    switch self {
    case .string(let s): return JSONWriter.quoted(s)
    case .number(let s), .json(let s): return s
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    }
  }
}
