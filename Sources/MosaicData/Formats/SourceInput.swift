/// An input a `SourceKind` opens: a mapped file, a stream's spooled bytes, or a locator with no
/// file behind it (a connection string).
///
/// No UIKit counterpart.
public struct SourceInput {
  /// What to open: a file's path, or the locator as the user gave it.
  public let path: String
  /// How errors and titles name it: the path, `<stdin>`, a server without its password.
  public let name: String
  /// The bytes, mapped or spooled; nil for a locator.
  let file: MappedFile?

  init(path: String, name: String, file: MappedFile?) {
    self.path = path
    self.name = name
    self.file = file
  }

  /// The bytes read so far (all of a file's); empty for a locator. Valid while the input is.
  public var bytes: UnsafeRawBufferPointer {
    file?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// Whether the input is a file followed as it grows (`--follow`).
  public var isFollowed: Bool { file?.isFollowed ?? false }
}
