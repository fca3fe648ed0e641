import Foundation
import MosaicJSON

/// Writes diagnostics to standard error, unbuffered, one line at a time.
enum StandardError {
  /// Writes `line` and a newline to standard error, every control character in it shown as a
  /// visible escape (`VisibleText.escaped(_:)`).
  ///
  /// Messages quote file names, field names and arguments as the user or the data gave them;
  /// escaping here, where every message leaves, means none of them can send the terminal an
  /// escape sequence or break the one-line contract, whichever message forgot to.
  static func writeLine(_ line: String) {
    FileHandle.standardError.write(Data((VisibleText.escaped(line) + "\n").utf8))
  }
}
