/// An environment variable of mosaic's with a value it cannot use, in the one line `mosaic`
/// prints before exiting with status 2 (`MOSAIC_LAYOUT=tabel: no layout "tabel" (did you mean
/// table?); …`).
///
/// UIKit has no counterpart.
public struct BrowserSettingsError: Error, Equatable, CustomStringConvertible {
  /// The variable's name.
  public var variable: String
  /// Its value.
  public var value: String
  /// What is wrong with it.
  public var reason: String

  /// `NAME=VALUE: REASON`.
  public var description: String { "\(variable)=\(value): \(reason)" }
}
