/// What the user has picked beyond the focused card: the focused field, the selected records,
/// and two things waiting on what comes next: a click handled on its press, whose release is
/// the click's too, and a search typed before its first match was found.
///
/// UIKit: the state a `UICollectionViewController` keeps beside the collection view's own
/// focus and selection. The collection view's selection is by position, which sorting moves, so
/// the records are kept here and selected again (`BrowserScene.refreshArrangement`). A value
/// the scene keeps.
struct UserFocus {
  /// The field sort (`[` `]`), filter (`&`), sections (`s`), value counts (`F`), summary (`I`)
  /// and copy (`c`) act on: moved with Tab and Shift-Tab over cards, and the focused column in
  /// the table. An index into `source.fieldNames`.
  var field: Int
  /// The selected records.
  var selectedRecords: Set<Int> = []
  /// A click over the cards was handled on its press: its release is the click's too.
  var clickAwaitsRelease = false
  /// A search was typed but had no match yet: jump to the first one as soon as it is found.
  var awaitsFirstMatch = false
}
