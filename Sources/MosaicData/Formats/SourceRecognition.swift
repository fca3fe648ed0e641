/// What a `SourceKind` makes of an input's name and first bytes.
///
/// No UIKit counterpart.
public enum SourceRecognition: Sendable {
  /// Not this kind.
  case no
  /// This kind, read as `kind` (the recognising kind with what the bytes told, such as a sniffed
  /// separator), as surely as `certainty` says.
  case yes(any SourceKind, certainty: Certainty)
  /// Cannot tell until more bytes of a stream arrive; once they have, it could be this kind as
  /// surely as `upTo`.
  case undecided(upTo: Certainty)

  /// How surely a kind recognised an input: where two kinds both claim it, the surer wins (then
  /// the one registered first).
  public enum Certainty: Int, Comparable, Sendable {
    /// Anything can be read this way (delimited text): the kind of last resort.
    case fallback
    /// The bytes look like it (a `[` starts JSON).
    case content
    /// The file's extension names it (`.csv`, `.jsonl`).
    case fileExtension
    /// The bytes start with the kind's signature (`SQLite format 3`), whatever the name.
    case signature

    /// Orders by sureness.
    public static func < (a: Certainty, b: Certainty) -> Bool { a.rawValue < b.rawValue }
  }
}
