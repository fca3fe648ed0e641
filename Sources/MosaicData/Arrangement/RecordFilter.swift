/// Which records a filter keeps: the browser's `&` (as in less and csvlens) and the frequency
/// table's Enter.
///
/// UIKit has no counterpart; it is what an `NSPredicate` would say to a fetched results
/// controller. The same value drives the in-memory filter (the `Arranger`) and a store's own
/// (`ArrangingSource`, e.g. SQL `WHERE`), so a filter means the same thing wherever it runs.
public struct RecordFilter: Equatable, Hashable, Sendable {
  /// How a value is compared.
  public enum Match: Equatable, Hashable, Sendable {
    /// Contains the text, ignoring case (what `/` search matches).
    case text(String)
    /// Matches the regular expression somewhere in the value: POSIX extended (`grep -E`) plus
    /// `\d`, ignoring case unless it has a capital letter, `^` and `$` at line breaks.
    case regularExpression(String)
    /// Equals the value exactly (the frequency table's Enter); "" keeps records lacking it.
    case value(String)
  }

  /// How a value is compared.
  public var match: Match
  /// The field compared, or nil for any field of the record.
  public var field: Int?

  /// A filter keeping the records whose `field` (any field when nil) satisfies `match`.
  public init(_ match: Match, field: Int? = nil) {
    self.match = match
    self.field = field
  }

  /// Why the filter cannot run, on one line (a regular expression that does not compile, in the
  /// C library's words); nil when it can.
  public var problem: String? {
    guard case .regularExpression(let pattern) = match else { return nil }
    do {
      _ = try PosixRegex(pattern)
      return nil
    } catch {
      return error.message
    }
  }
}
