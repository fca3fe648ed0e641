/// Which values are missing: empty ones (and JSON `null`, SQL NULL, which read as empty) always,
/// plus the tokens the user names (`--na NA,N/A,-`, or `na = NA, N/A` in the config file).
///
/// No UIKit counterpart. One rule, so that a value `I` counts as missing is one that
/// `describe` counts as missing and that never reads as a number.
public struct MissingValues: Hashable, Sendable {
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

  /// Whether the UTF-8 `bytes` are missing, as `isMissing(_:)` says: no text is made unless
  /// some token is as long as the bytes without their blanks (a sort asks this of every value).
  public func isMissing(bytes: UnsafeRawBufferPointer) -> Bool {
    if bytes.isEmpty { return true }
    if tokens.isEmpty { return false }
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let length = end - start
    guard tokens.contains(where: { $0.utf8.count == length }) else { return false }
    return tokens.contains(String(decoding: bytes[start..<end], as: UTF8.self))
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
