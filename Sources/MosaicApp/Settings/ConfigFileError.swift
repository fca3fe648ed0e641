/// A configuration file that cannot be used: where, which key, and why, in the one line
/// `mosaic` prints before exiting with status 2 (`~/.config/mosaic/config:3: layout: no layout
/// "tabel" (did you mean table?); …`).
///
/// UIKit has no counterpart.
public struct ConfigFileError: Error, Equatable, CustomStringConvertible {
  /// The file's path.
  public var path: String
  /// The 1-based line, or nil for the whole file (it cannot be read).
  public var line: Int?
  /// The key the line sets, or nil when the line names none.
  public var key: String?
  /// What is wrong.
  public var reason: String

  /// `PATH:LINE: KEY: REASON`, the parts there are.
  public var description: String {
    var text = path
    if let line { text += ":\(line)" }
    if let key { text += ": \(key)" }
    return text + ": " + reason
  }
}
