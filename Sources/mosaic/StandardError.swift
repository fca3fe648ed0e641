import Foundation

/// Writes diagnostics to standard error, unbuffered, one line at a time.
enum StandardError {
  /// Writes `line` and a newline to standard error.
  static func writeLine(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
