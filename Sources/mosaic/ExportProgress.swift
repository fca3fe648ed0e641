import Foundation
import MosaicApp

/// The line `mosaic: exporting 1,234,567 records… 43%` on standard error while a long export
/// runs, rewritten in place and cleared at the end; nothing unless standard error is a terminal.
///
/// It appears only once the export has taken half a second (a short one would flash it), and is
/// rewritten at most ten times a second.
final class ExportProgress {
  /// Whether standard error is a terminal: only then is there a line to rewrite.
  let isShown = isatty(STDERR_FILENO) == 1
  private let started = DispatchTime.now().uptimeNanoseconds
  private var lastShown: UInt64 = 0
  private var isOnScreen = false

  /// Shows `records` and `fraction` (0...1; nil when unknown, as for a stream still arriving),
  /// if it is time to.
  func update(records: Int, fraction: Double?) {
    guard isShown else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - started >= 500_000_000, now - lastShown >= 100_000_000 else { return }
    lastShown = now
    var line = "mosaic: exporting \(records.groupedDigits()) records…"
    if let fraction { line += " \(Int((min(1, max(0, fraction)) * 100).rounded(.down)))%" }
    // Our own text, with no data in it: written raw, for the carriage return and erase.
    Self.writeRaw("\r" + line + "\u{1B}[K")
    isOnScreen = true
  }

  /// Removes the line, if one is showing.
  func clear() {
    guard isOnScreen else { return }
    Self.writeRaw("\r\u{1B}[K")
    isOnScreen = false
  }

  private static func writeRaw(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
