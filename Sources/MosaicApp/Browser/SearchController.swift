import MosaicCollection
import MosaicData

/// The state of `/` search: the query being typed, the background search for it, and which match
/// the focus is on.
///
/// UIKit: `UISearchController` with its search bar, minus the drawing (the status bar shows it).
/// Each keystroke starts a new `RecordSearch` and cancels the last, so typing never waits for a
/// large file to be searched.
@MainActor
final class SearchController {
  /// The records searched.
  let source: any RecordSource
  /// The query as typed so far, with its cursor.
  private(set) var line = LineEditor()
  /// The query as typed so far.
  var query: String { line.text }
  /// Whether the query is being typed (keys go to the query, not to navigation).
  private(set) var isEditing = false
  /// The search for `query`, or nil when there is no query.
  private(set) var search: RecordSearch?
  /// The record that had the focus when typing started: matches are looked for from there.
  private(set) var origin: Int?

  /// Creates a controller searching `source`.
  init(source: any RecordSource) {
    self.source = source
  }

  deinit { search?.cancel() }

  /// Starts typing a new query from the record `focusedRecord`.
  func begin(from focusedRecord: Int?) {
    isEditing = true
    origin = focusedRecord
    setQuery("")
  }

  /// Adds a typed character at the cursor.
  func type(_ character: Character) { type(String(character)) }

  /// Adds pasted text at the cursor in one step (one new search, not one per character).
  func type(_ text: String) {
    var edited = line
    edited.insert(text)
    setLine(edited)
  }

  /// Removes the character before the cursor; returns false when there was none (an empty
  /// query, or the cursor at its start).
  @discardableResult
  func deleteBackward() -> Bool {
    var edited = line
    guard edited.deleteBackward() else { return false }
    setLine(edited)
    return true
  }

  /// Applies a line-editing key (`LineEditor`), ↑ ↓ going through `history`; returns whether
  /// it was one. A changed query starts a new search.
  func edit(_ key: Key, history: [String]) -> Bool {
    var edited = line
    guard edited.edit(key, history: history) else { return false }
    setLine(edited)
    return true
  }

  /// Stops typing and keeps the query for `n` and `N` (an empty query clears the search).
  func accept() {
    isEditing = false
    if query.isEmpty { clear() }
  }

  /// Stops typing and drops the search.
  func clear() {
    isEditing = false
    setQuery("")
  }

  /// Whether there is an active query.
  var isActive: Bool { search != nil }

  /// Whether the background search has finished.
  var isComplete: Bool { search?.isComplete ?? true }

  /// The matching records found so far, in record order, as of the last `refresh()`.
  private(set) var matches: [Int] = []

  /// The number of matches found so far, as of the last `refresh()`.
  var matchCount: Int { matches.count }

  /// Whether the background search has found matches `refresh()` has not taken yet.
  var hasNewMatches: Bool { (search?.matchCount ?? 0) != matches.count }

  /// Takes the matches the background search has found since the last call; returns whether
  /// there were new ones. Copying once per frame keeps `isMatch` cheap for every card.
  @discardableResult
  func refresh() -> Bool {
    guard let search else {
      defer { matches = [] }
      return !matches.isEmpty
    }
    guard search.matchCount != matches.count else { return false }
    matches = search.matches
    return true
  }

  /// Whether `record` matches the query.
  ///
  /// - Complexity: O(log of the match count).
  func isMatch(_ record: Int) -> Bool {
    let list = matches
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if list[mid] < record { low = mid + 1 } else { high = mid }
    }
    return low < list.count && list[low] == record
  }

  /// The status bar's search text: `/query` with a cursor while typing, then the match count
  /// (`3/12`, `12 matches`, `no match`, `+` while still searching).
  func statusText(currentOrdinal: Int?) -> String? {
    guard isEditing || isActive else { return nil }
    let more = isComplete ? "" : "+"
    var text = isEditing ? "/" + line.textWithCursor : "/\(query)"
    guard isActive else { return text }
    let count = matchCount
    if count == 0 {
      text += isComplete ? " no match" : " searching…"
    } else if let currentOrdinal {
      text += " \(currentOrdinal.groupedDigits())/\(count.groupedDigits())\(more)"
    } else {
      text += " \(count.groupedDigits())\(more) match\(count == 1 && more.isEmpty ? "" : "es")"
    }
    return text
  }

  private func setQuery(_ text: String) {
    setLine(LineEditor(text))
  }

  /// Shows `edited`, searching again when its text changed.
  private func setLine(_ edited: LineEditor) {
    let text = edited.text
    let changed = text != line.text || search == nil && !text.isEmpty
    line = edited
    guard changed else { return }
    search?.cancel()
    search = text.isEmpty ? nil : RecordSearch(query: text, in: source)
    matches = search?.matches ?? []
  }
}
