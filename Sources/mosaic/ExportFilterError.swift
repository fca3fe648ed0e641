/// A `--filter` expression that is no condition, as one line quoting it:
/// `--filter 'arr_delay >> 60': unexpected '>>' at 11`.
struct ExportFilterError: Error, CustomStringConvertible {
  /// The expression as given.
  var expression: String
  /// What is wrong with it (`ConditionSyntaxError`'s text, or a regular expression's problem).
  var reason: String

  var description: String { "--filter '\(expression)': \(reason)" }
}
