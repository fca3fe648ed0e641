/// Why an expression typed at `&` or given to `--filter` is not a condition, and where: one line,
/// `unexpected '>>' at 11`, the column counted in characters from 1.
///
/// UIKit has no counterpart; it is the error `NSPredicate(format:)` would raise.
public struct ConditionSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, without the place: `unexpected '>>'`, `no field 'arr_dealy' (did you mean
  /// arr_delay?)`.
  public var message: String
  /// The column of the fault, from 1; one past the end when the expression stops too soon.
  public var column: Int

  /// A fault described by `message` at `column`.
  public init(_ message: String, at column: Int) {
    self.message = message
    self.column = column
  }

  /// `unexpected '>>' at 11`.
  public var description: String { "\(message) at \(column)" }
}
