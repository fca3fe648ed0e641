/// A JSON number kept exactly as written, with its `Double` value on demand.
///
/// The text is what a table shows (`1.50` stays `1.50`); the value is computed when asked, so
/// loading a data file never pays for number conversion. No UIKit counterpart.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number's source text, valid JSON number syntax.
  public let text: String

  /// Wraps source text the parser has already checked.
  public init(text: String) {
    self.text = text
  }

  /// The value as a `Double`; a literal too large for a `Double` is infinite, so a client can
  /// name its key.
  public var value: Double {
    // The JSON number grammar is a subset of what Double(_:) accepts.
    Double(text) ?? .nan
  }

  /// The source text.
  public var description: String { text }
}
