import MosaicData

/// How the browser keeps up with its file on disk: the change last seen, whether `r` reloads
/// and whether it was asked to, why a reload failed, the record to focus once indexing reaches
/// it, `--follow`'s state, and the last records shown before indexing reaches them (`End`).
///
/// UIKit has no counterpart: a document's presenter (`NSFilePresenter`) is the nearest. A value
/// the scene keeps; `BrowserScene`, `BrowserScene+Following` and `BrowserScene+EstimatedEnd`
/// act on it, and `BrowserHost` reopens the file when a reload is wanted.
struct FileTracking {
  /// How the file changed on disk, as last seen.
  var change: FileChange?
  /// Whether `r` reloads the file: set by a `BrowserHost` that can reopen it.
  var canReload = false
  /// Set when `r` asked for a reload; the host reopens the file and replaces the scene.
  var wantsReload = false
  /// Why the last reload failed, for the status bar.
  var reloadFailure: String?
  /// A record to focus once indexing reaches it (or ends), after a reload.
  var pendingFocus: Int?
  /// `--follow`'s state, or nil when the file is not followed (`BrowserScene+Following`).
  var following: FollowState?
  /// The file's last records while `End` shows them before indexing reaches them
  /// (`BrowserScene+EstimatedEnd`); nil otherwise.
  var estimatedEnd: EstimatedEnd?
}
