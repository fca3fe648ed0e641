import Foundation

/// What a kind is shown to recognise an input: its name and its first bytes.
///
/// No UIKit counterpart.
public struct SourceProbe {
  /// The path (or the name a stream is known by), for its extension.
  public let path: String
  /// The input's first bytes (64 KiB, or all of a shorter input); valid only while recognising.
  public let prefix: UnsafeRawBufferPointer
  /// Whether no more bytes will come (a file, or a stream that ended or sent 64 KiB already).
  public let isComplete: Bool
  /// Whether the input is a stream (standard input, a pipe), read once as it arrives.
  public let isStream: Bool

  /// A probe of `prefix`, the first bytes of the input at `path`.
  public init(path: String, prefix: UnsafeRawBufferPointer, isComplete: Bool, isStream: Bool) {
    self.path = path
    self.prefix = prefix
    self.isComplete = isComplete
    self.isStream = isStream
  }

  /// The extension of `path`, lowercased: `csv`, `jsonl`, or "".
  public var fileExtension: String { (path as NSString).pathExtension.lowercased() }

  /// The index of the first byte that is not a UTF-8 byte order mark or white space, or
  /// `prefix.count` when there is none.
  public var firstContentIndex: Int {
    var i = 0
    if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { i = 3 }
    while i < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[i]) { i += 1 }
    return i
  }
}
