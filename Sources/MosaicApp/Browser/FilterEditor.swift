import MosaicData

/// The `&` prompt as it is typed: one new condition added to the conditions on show (an
/// expression, plain text any field contains, or a regular expression over any field), and the
/// conditions to go back to when typing is cancelled.
///
/// UIKit: the text field of a `UISearchController` whose scope buttons are "expression or text"
/// and "regular expression"; the browser applies the filter on each change (see
/// `BrowserScene+Arranging`).
struct FilterEditor: Equatable {
  /// The text typed so far, with its cursor.
  var line = LineEditor()
  /// The text typed so far.
  var query: String {
    get { line.text }
    set { line.text = newValue }
  }
  /// Whether the text is a regular expression over any field (Tab or Ctrl-R toggles it) rather
  /// than an expression or text to find.
  var isRegularExpression = false
  /// The conditions on show when typing began (less any Backspace took away), which the new
  /// one is added to; Esc goes back to them.
  var base: [RecordCondition]
  /// Why the text is not a condition (`unexpected '>>' at 11`), or nil.
  var problem: String?
  /// The field names expressions name.
  let fieldNames: [String]

  /// A prompt adding to `base`, naming fields from `fieldNames`.
  init(base: [RecordCondition], fieldNames: [String]) {
    self.base = base
    self.fieldNames = fieldNames
  }

  /// The condition the text means: nil when it is empty, or does not parse (`problem` says why).
  mutating func parse() -> RecordCondition? {
    problem = nil
    guard !query.isEmpty else { return nil }
    if isRegularExpression {
      let condition = RecordFilter.condition(.regularExpression(query))
      problem = RecordFilter(conditions: [condition]).problem
      return problem == nil ? condition : nil
    }
    do {
      return try ConditionParser(fieldNames: fieldNames).parse(query)
    } catch {
      problem = error.description
      return nil
    }
  }

  /// The filter of the base and the new condition, or nil for no condition at all.
  func filter(adding condition: RecordCondition?) -> RecordFilter? {
    let all = base + (condition.map { [$0] } ?? [])
    return all.isEmpty ? nil : RecordFilter(conditions: all)
  }

  /// Adds typed text at the cursor, leaving out control characters (a pasted line break or tab).
  mutating func type(_ text: String) {
    line.insert(text)
  }

  /// Removes the character before the cursor; false when there is none.
  mutating func deleteBackward() -> Bool {
    line.deleteBackward()
  }
}
