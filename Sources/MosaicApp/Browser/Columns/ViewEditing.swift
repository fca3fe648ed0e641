/// The browser's memory of the user's edits: the view as it was before each change, for `u`,
/// and the lines typed at the prompts, for ↑ and ↓.
///
/// UIKit: the scene's `UndoManager` beside the text fields' own history.
struct ViewEditing {
  /// The most changes `u` can undo.
  static let undoLimit = 200
  /// The views before each change, the last change last.
  private(set) var undoStack: [ViewSnapshot] = []
  /// The `/` and `&` prompts' lines, kept across runs.
  var history = PromptHistory(directory: nil)

  /// Remembers `snapshot`, the view before a change, unless it is the one remembered last.
  mutating func remember(_ snapshot: ViewSnapshot) {
    if let last = undoStack.last, last.arrangement == snapshot.arrangement,
      last.columns == snapshot.columns
    {
      return
    }
    undoStack.append(snapshot)
    if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
  }

  /// Takes the newest remembered view that differs from `current`'s arrangement and columns
  /// (a change that changed nothing is skipped), or nil when none is left.
  mutating func takeUndo(current: ViewSnapshot) -> ViewSnapshot? {
    while let last = undoStack.popLast() {
      if last.arrangement != current.arrangement || last.columns != current.columns {
        return last
      }
    }
    return nil
  }
}
