import Foundation

/// What the runtime noticed a client doing the way an older Mosaic wanted rather than the way
/// UIKit does, each said once: a flow delegate answering under Mosaic's former
/// `flowLayout(_:…)` names, say.
///
/// UIKit has no counterpart; it is the console's "this API is deprecated" notice for code the
/// compiler cannot flag (Swift does not warn on implementing a deprecated requirement).
/// `Terminal.restore()` prints the notes to standard error in a debug build, after the screen
/// is given back; tests read `all`.
public enum PortingNotes {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var notes: [String] = []

  /// Every note recorded so far, oldest first.
  public static var all: [String] { lock.withLock { notes } }

  /// Records `note` unless it was recorded before.
  public static func record(_ note: String) {
    lock.withLock {
      if !notes.contains(note) { notes.append(note) }
    }
  }

  /// Forgets every note (for tests).
  public static func removeAll() { lock.withLock { notes.removeAll() } }
}
