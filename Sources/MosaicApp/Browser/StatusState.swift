import MosaicData

/// What the status bar says beyond the scene's state, and what it remembers between frames: the
/// last key's notice, the text waiting for the clipboard, the bar and its layout as last drawn,
/// and the focused match's place among the matches.
///
/// UIKit: a toolbar's state (the notice is a prompt's or a toast's text); the caches have no
/// counterpart. A value the scene keeps; `BrowserScene+Drawing` reads and fills it.
struct StatusState {
  /// What the last key did or why it could not, for the status bar until the next key.
  var notice: String?
  /// The text `c` or `C` copied, until the run loop takes it for the clipboard.
  var clipboardText: String?
  /// The status bar as last drawn, so `tick()` redraws only when it changes.
  var lastBar: StatusBar?
  /// The status bar's last layout, drawn again while only the position changes.
  var lastLayout: StatusBar.Layout?
  /// The focused match's place among the matches, for what it was computed: counting the
  /// matches before it walks them all.
  var matchOrdinalCache: (key: MatchOrdinalKey, ordinal: Int)?
  /// The conditions as the status bar writes them, for the conditions written: every frame
  /// asks, and they change only with a key.
  var conditionsTextCache: (conditions: [RecordCondition], text: String)?
  /// Whether `q` goes back to a list (the table picker's) rather than quitting the program.
  var quitsBack = false

  /// What the focused match's place among the matches depends on.
  struct MatchOrdinalKey: Equatable {
    /// The focused record.
    var record: Int
    /// The number of matches.
    var matches: Int
    /// The arrangement's version.
    var version: Int
  }
}
