/// Where and why a text failed to parse as JSON.
///
/// Lines and columns count from 1; a column counts Unicode scalars, so it
/// matches what an editor shows for UTF-8 text.
struct JSONSyntaxError: Error, Hashable, Sendable {
  /// The line of the offending character.
  var line: Int
  /// The column of the offending character.
  var column: Int
  /// What was wrong there, e.g. "expected ',' or '}' after an object member".
  var reason: String
}
