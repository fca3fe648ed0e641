import MosaicJSON

/// A problem with a data file, rendered as one line `file:line[:column]: reason`.
///
/// The executable prints `description` and exits with status 2. A file or field name is quoted
/// with its control characters escaped (`VisibleText`), so the line is one line and safe to
/// print to a terminal whatever the data holds. No UIKit counterpart.
public enum DataError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The file could not be opened or read (missing, a directory, no permission).
  case unreadable(file: String, reason: String)
  /// The file's content is malformed at a known place; `column` is nil when only the line is known.
  case malformed(file: String, line: Int, column: Int?, reason: String)

  /// An option (`--group-by`, `--sort`, `--title`, `--fields`) names a field the file lacks.
  case unknownField(file: String, field: String, known: [String])

  /// A database (`file`) has no table named `table`: the error lists the first 12 it has.
  static func noTable(file: String, table: String, known: [String]) -> DataError {
    let list =
      known.isEmpty
      ? "it has none"
      : (known.count > 12
        ? known.prefix(12).joined(separator: ", ") + ", …"
        : known.joined(separator: ", "))
    return .unreadable(file: file, reason: "no table named \"\(table)\" (tables: \(list))")
  }

  /// The file name as the user gave it.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .malformed(let file, _, _, _), .unknownField(let file, _, _):
      return file
    }
  }

  /// The 1-based line of the problem, or nil when the file could not be read at all.
  public var line: Int? {
    if case .malformed(_, let line, _, _) = self { return line }
    return nil
  }

  /// What went wrong, without the location, on one line with control characters escaped.
  public var reason: String {
    switch self {
    case .unreadable(_, let reason), .malformed(_, _, _, let reason):
      return VisibleText.escaped(reason)
    case .unknownField(let file, let field, let known):
      let hint: String
      if let suggestion = FieldLookup.suggestion(for: field, in: known) {
        hint = "did you mean \"\(suggestion)\"?"
      } else {
        hint =
          "fields: "
          + (known.count > 12
            ? known.prefix(12).joined(separator: ", ") + ", …" : known.joined(separator: ", "))
      }
      return VisibleText.escaped("no field \"\(field)\" in \(file) (\(hint))")
    }
  }

  /// The one-line message, e.g. `countries.csv:17: unterminated quoted field`, or
  /// `no field "nmae" in countries.csv (did you mean "name"?)`.
  public var description: String {
    let file = VisibleText.escaped(file)
    switch self {
    case .unreadable:
      return "\(file): \(reason)"
    case .unknownField:
      // The field is what is wrong, not a place in the file: the message leads with it.
      return reason
    case .malformed(_, let line, let column?, _):
      return "\(file):\(line):\(column): \(reason)"
    case .malformed(_, let line, nil, _):
      return "\(file):\(line): \(reason)"
    }
  }
}
