/// What PostgreSQL or libpq said when a call failed, in their words (`relation "t" does not
/// exist`), never holding the connection's password.
///
/// UIKit has no counterpart; it is a store's `NSError`.
struct PostgresFailure: Error, CustomStringConvertible {
  /// The server's (or libpq's) message, on one line.
  var message: String
  /// Whether the statement was stopped by a cancel request (or the statement timeout).
  var wasCancelled = false
  /// Whether the connection to the server is gone (the server stopped or restarted).
  var connectionLost = false

  var description: String { message }
}
