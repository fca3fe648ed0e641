import MosaicCollection

/// A one-line prompt's text and cursor, edited as a shell edits its line: Ctrl-A and Ctrl-E go
/// to the start and end, ← → move a character, Ctrl-U deletes back to the start, Ctrl-W the word
/// before the cursor, ↑ ↓ go through earlier lines (`PromptHistory`).
///
/// UIKit: a `UITextField`'s text and `selectedTextRange`, with the emacs key bindings macOS text
/// fields have.
struct LineEditor: Equatable {
  /// The text, as characters (the cursor counts them).
  private(set) var characters: [Character] = []
  /// Where the cursor is: before `characters[cursor]`, or at the end.
  private(set) var cursor = 0
  /// The place in the history ↑ reached (nil: the line being typed), and that line, kept.
  private var recalled: (place: Int, typed: [Character])?

  /// A line holding `text`, the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  static func == (left: LineEditor, right: LineEditor) -> Bool {
    left.characters == right.characters && left.cursor == right.cursor
  }

  /// The text.
  var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      cursor = characters.count
    }
  }

  /// The text with a bar at the cursor, as the status bar shows the line being typed.
  var textWithCursor: String {
    String(characters[..<cursor]) + "▏" + String(characters[cursor...])
  }

  /// Inserts `text` at the cursor, without control characters (a pasted line break or tab).
  mutating func insert(_ text: String) {
    let typed = Array(
      String(
        String.UnicodeScalarView(
          text.unicodeScalars.filter { $0.properties.generalCategory != .control })))
    characters.insert(contentsOf: typed, at: cursor)
    cursor += typed.count
  }

  /// Deletes the character before the cursor; false when there is none.
  mutating func deleteBackward() -> Bool {
    guard cursor > 0 else { return false }
    characters.remove(at: cursor - 1)
    cursor -= 1
    return true
  }

  /// Applies an editing key: returns whether it was one (the line may be unchanged, as ← at the
  /// start). ↑ ↓ recall lines of `history`, oldest first; without one they are no editing keys.
  mutating func edit(_ key: Key, history: [String]? = nil) -> Bool {
    switch key {
    case .control("a"): cursor = 0
    case .control("e"): cursor = characters.count
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .control("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control("k"): characters.removeSubrange(cursor...)
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .up, .down:
      guard let history else { return false }
      recall(older: key == .up, from: history)
    default: return false
    }
    return true
  }

  /// ↑ (older) or ↓ (newer): the history's line before or after the one shown; past the newest,
  /// the line that was being typed.
  private mutating func recall(older: Bool, from history: [String]) {
    guard !history.isEmpty else { return }
    let place = recalled?.place ?? history.count
    let next = min(max(0, place + (older ? -1 : 1)), history.count)
    guard next != place else { return }
    let typed = recalled?.typed ?? characters
    if next == history.count {
      characters = typed
      recalled = nil
    } else {
      characters = Array(history[next])
      recalled = (next, typed)
    }
    cursor = characters.count
  }
}
