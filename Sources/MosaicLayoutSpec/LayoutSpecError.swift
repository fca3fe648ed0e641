/// Why a layout spec was rejected: a JSON syntax error, or a key with a bad value.
///
/// Each case carries its culprit and renders one line, e.g.
/// `sections[1].itemSizes[0].width: must be a finite number >= 0`; the
/// `mosaic layout` command prints it after the file name and exits with status 2.
public enum LayoutSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is not valid JSON; `line` and `column` (from 1) point at the first bad character.
  case invalidJSON(line: Int, column: Int, reason: String)
  /// The value at the key path `path` (e.g. `sections[1].inset.top`) is missing or wrong.
  case invalid(path: String, reason: String)
  /// Every value is in range, but some element's cells (column, row, columns or rows) would
  /// exceed 2^53 in magnitude; `path` names the section (`sections[2]`) or the cell metric
  /// (`cellMetrics.pointsPerRow`) to blame.
  case tooLarge(path: String, reason: String)

  /// The error as one line.
  public var description: String {
    switch self {
    case .invalidJSON(let line, let column, let reason):
      return "invalid JSON at line \(line), column \(column): \(reason)"
    case .invalid(let path, let reason):
      return "\(path): \(reason)"
    case .tooLarge(let path, let reason):
      return "layout too large: \(path): \(reason)"
    }
  }
}
