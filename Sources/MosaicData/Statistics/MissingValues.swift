/// Which values are missing: empty ones (and JSON `null`, SQL NULL, which read as empty) always,
/// plus the tokens the user names (`--na NA,N/A,-`, or `na = NA, N/A` in the config file).
///
/// No UIKit counterpart. One rule, so that a value `I` counts as missing is one that
/// `describe` counts as missing and that never reads as a number.
public struct MissingValues: Equatable, Sendable {
  /// The texts, besides the empty one, that stand for a missing value (matched exactly,
  /// surrounding blanks ignored).
  public var tokens: Set<String>

  /// Missing when empty or one of `tokens`.
  public init(tokens: some Sequence<String> = []) {
    self.tokens = Set(
      tokens.map { $0.trimmingBlanks }.filter { !$0.isEmpty })
  }

  /// Only empty values are missing.
  public static let empty = MissingValues()

  /// The tokens of a comma-separated list (`NA,N/A,-`), blanks around each ignored.
  public init(list: String) {
    self.init(tokens: list.split(separator: ",", omittingEmptySubsequences: true).map(String.init))
  }

  /// Whether `text` is missing: empty or one of the tokens.
  public func isMissing(_ text: String) -> Bool {
    if text.isEmpty { return true }
    if tokens.isEmpty { return false }
    return tokens.contains(text) || tokens.contains(text.trimmingBlanks)
  }
}

extension String {
  /// The text without the spaces and tabs around it.
  var trimmingBlanks: String {
    var value = Substring(self)
    while let first = value.utf8.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
    while let last = value.utf8.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
    return String(value)
  }
}
