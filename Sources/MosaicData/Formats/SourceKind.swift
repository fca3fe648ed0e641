/// One kind of input Mosaic reads (CSV and TSV, JSON, JSON Lines, SQLite, PostgreSQL, …): how
/// it recognises an input, how it opens one, and its name. `SourceKinds.registered` lists them;
/// detection and opening walk that list, so a new format or database is its own folder with
/// one of these and one line there.
///
/// A kind is a value: one with parameters (delimited text split at `;`) is another kind than
/// the registered one that sniffs its separator, and compares unequal to it.
///
/// UIKit has no counterpart; it is what a document type declaration is to
/// `UIDocumentBrowserViewController`: a name, what identifies the file, and what opens it.
public protocol SourceKind: Hashable, Sendable {
  /// How messages and help name the kind: "CSV", "JSON Lines", "SQLite".
  var name: String { get }

  /// Whether the kind holds several tables, one chosen with `ReadingOptions.table` or `query`
  /// (a database): without either, it opens as `OpenedInput.tables`.
  var holdsTables: Bool { get }

  /// Whether a stream of this kind is opened only once it has ended (a document parsed whole,
  /// such as JSON), and so is limited to `StreamSpool.jsonLimit` bytes.
  var readsWholeInput: Bool { get }

  /// Whether `locator`, the input as the user gave it, names this kind's input by its text
  /// alone, before any file is looked at (a URL scheme, a connection string).
  func claims(locator: String) -> Bool

  /// What an input's name and first bytes say about it being of this kind.
  func recognise(_ probe: SourceProbe) -> SourceRecognition

  /// Whether a stream's bytes received so far are enough to open it (delimited text needs its
  /// whole header record); asked only while the stream is still arriving.
  func isReadyToOpen(_ input: SourceInput) -> Bool

  /// Opens `input` as `options` say: records, or a database's tables.
  ///
  /// - Throws: `DataError` naming the input and what is wrong with it.
  func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput
}

extension SourceKind {
  /// Most kinds are one table of records.
  public var holdsTables: Bool { false }

  /// Most kinds read records as they arrive.
  public var readsWholeInput: Bool { false }

  /// Most kinds are files, recognised by their name and bytes.
  public func claims(locator: String) -> Bool { false }

  /// A kind recognised only by its locator never claims a file.
  public func recognise(_ probe: SourceProbe) -> SourceRecognition { .no }

  /// Records can be read as soon as the first line has ended.
  public func isReadyToOpen(_ input: SourceInput) -> Bool { true }

  /// Whether `other` is this kind with the same parameters.
  func isSame(as other: any SourceKind) -> Bool { AnyHashable(self) == AnyHashable(other) }
}
