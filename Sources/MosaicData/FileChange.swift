/// How a data file changed on disk after it was opened.
///
/// No UIKit counterpart (the nearest is `NSFilePresenter`'s change notifications).
public enum FileChange: Equatable, Sendable {
  /// The file is shorter than it was: the records past its new end can no longer be read and
  /// are shown empty until the file is reloaded.
  case truncated
  /// The file was rewritten, grown or replaced: what is shown is no longer what it holds.
  case modified
}
