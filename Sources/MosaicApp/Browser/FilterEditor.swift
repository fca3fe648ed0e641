import MosaicData

/// The `&` filter's line as it is typed: the text, whether it is a regular expression, and the
/// arrangement to go back to when typing is cancelled.
///
/// UIKit: the text field of a `UISearchController` whose scope buttons are "text" and "regular
/// expression"; the browser applies the filter on each change (see `BrowserScene+Arranging`).
struct FilterEditor: Equatable {
  /// The text typed so far.
  var query = ""
  /// Whether the text is a regular expression (Tab or Ctrl-R toggles it) rather than text to
  /// find, ignoring case.
  var isRegularExpression = false
  /// The filter on show when typing began, restored by Esc.
  var previous: RecordFilter?
  /// Why the text is not a filter (a regular expression that does not compile), or nil.
  var problem: String?

  /// The filter the text means, or nil when it is empty (which keeps every record).
  var filter: RecordFilter? {
    guard !query.isEmpty else { return nil }
    return RecordFilter(isRegularExpression ? .regularExpression(query) : .text(query))
  }

  /// Adds typed text, leaving out control characters (a pasted line break or tab).
  mutating func type(_ text: String) {
    query += String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
  }

  /// Removes the last character; false when the text was already empty.
  mutating func deleteBackward() -> Bool {
    guard !query.isEmpty else { return false }
    query.removeLast()
    return true
  }
}
