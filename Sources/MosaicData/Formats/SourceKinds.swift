import Foundation

/// The kinds of input Mosaic reads, in one list, and the one way an input is recognised and
/// opened: `open(_:options:kinds:)`, which the executable calls for FILE.
///
/// No UIKit counterpart.
public enum SourceKinds {
  /// Every kind, in the order ties are settled: a new format or database is one line here.
  public static let registered: [any SourceKind] = [
    PostgresKind(),
    SQLiteKind(),
    DelimitedKind(),
    JSONLinesKind(),
    JSONKind(),
  ]

  /// The kind an input is, read as its recognising kind says: the surest recognition wins, the
  /// first registered on a tie. Nil while a stream has not sent enough to tell (some kind is
  /// undecided and could still be surer than the best so far), or when no kind recognises it.
  public static func detect(_ probe: SourceProbe, kinds: [any SourceKind] = registered)
    -> (any SourceKind)?
  {
    var best: (kind: any SourceKind, certainty: SourceRecognition.Certainty)?
    var waiting: SourceRecognition.Certainty?
    for kind in kinds {
      switch kind.recognise(probe) {
      case .no: continue
      case .yes(let read, let certainty):
        if best == nil || certainty > best!.certainty { best = (read, certainty) }
      case .undecided(let upTo):
        waiting = max(waiting ?? upTo, upTo)
      }
    }
    if !probe.isComplete, let waiting, waiting >= (best?.certainty ?? waiting) { return nil }
    return best?.kind
  }

  /// Opens FILE as the user gave it: a locator a kind claims (a connection string), `-` for
  /// standard input, a stream to spool, or a file recognised by its name and first bytes.
  ///
  /// - Parameters:
  ///   - locator: The path, `-`, or a locator such as `postgresql://…`.
  ///   - options: How to read it; `options.format` overrides detection.
  ///   - kinds: The kinds to recognise it among (`registered`).
  /// - Throws: `DataError` naming the input: it cannot be read, is not text, is the terminal,
  ///   or `--table`/`--query` was given for an input that holds no tables.
  public static func open(
    _ locator: String, options: ReadingOptions, kinds: [any SourceKind] = registered
  ) throws -> OpenedInput {
    if let kind = kinds.first(where: { $0.claims(locator: locator) }) {
      return try kind.open(SourceInput(path: locator, name: locator, file: nil), options: options)
    }
    let name = locator == "-" ? "<stdin>" : locator
    let choosesTable = options.table != nil || options.query != nil
    let isStream = DataFile.isStream(path: locator)
    if choosesTable && (locator == "-" || isStream) { throw tableNeedsDatabase(name, options) }
    if isStream {
      if locator == "-" && isatty(STDIN_FILENO) == 1 {
        throw DataError.unreadable(file: name, reason: "is a terminal; pipe data in or give a FILE")
      }
      let spool =
        locator == "-"
        ? try StreamSpool(descriptor: STDIN_FILENO, name: name, kinds: kinds)
        : try StreamSpool(path: locator, name: name, kinds: kinds)
      return .arriving(spool)
    }
    let path = locator == "-" ? "/dev/stdin" : locator
    let input: SourceInput
    let kind: any SourceKind
    do {
      (input, kind) = try recognisedFile(path: path, name: name, options: options, kinds: kinds)
    } catch  where choosesTable {
      // A file that cannot be read is no database either: the option is what is wrong.
      throw tableNeedsDatabase(name, options)
    }
    if choosesTable && !kind.holdsTables { throw tableNeedsDatabase(name, options) }
    return try kind.open(input, options: options)
  }

  /// Opens the file at `path` as records, or throws for a database (which holds tables).
  static func openRecords(
    path: String, name: String, options: ReadingOptions, kinds: [any SourceKind] = registered
  ) throws -> any RecordSource {
    let (input, kind) = try recognisedFile(path: path, name: name, options: options, kinds: kinds)
    switch try kind.open(input, options: options) {
    case .records(let source): return source
    case .tables, .arriving:
      throw DataError.unreadable(
        file: name, reason: "is a \(kind.name) database: choose a table with --table or --query")
    }
  }

  /// The file at `path` mapped, and its kind: a kind whose signature starts it, else the
  /// format `options` force, else the kind its name and first bytes say. A file that is not
  /// text is refused, unless a kind that holds tables (a database) recognised it.
  ///
  /// - Throws: `DataError` when the file cannot be read or is not text.
  static func recognisedFile(
    path: String, name: String, options: ReadingOptions, kinds: [any SourceKind]
  ) throws -> (SourceInput, any SourceKind) {
    let file = try MappedFile(path: path, name: name, follows: options.follows)
    let prefix = UnsafeRawBufferPointer(rebasing: file.bytes.prefix(BinaryContent.blockSize))
    let probe = SourceProbe(path: path, prefix: prefix, isComplete: true, isStream: false)
    let detected = detect(probe, kinds: kinds)
    let database = detected.flatMap { $0.holdsTables ? $0 : nil }
    if database == nil {
      let isWhole = file.count <= prefix.count && !file.isGrowing
      if let problem = BinaryContent.problem(in: prefix, isWhole: isWhole) {
        throw DataError.unreadable(file: name, reason: problem)
      }
    }
    guard let kind = database ?? options.format?.kind ?? detected else {
      let names = kinds.map(\.name).joined(separator: ", ")
      throw DataError.unreadable(file: name, reason: "not a kind mosaic reads (\(names))")
    }
    return (SourceInput(path: path, name: name, file: file), kind)
  }

  /// The error for `--table` or `--query` given with an input that holds no tables.
  static func tableNeedsDatabase(_ name: String, _ options: ReadingOptions) -> DataError {
    DataError.unreadable(
      file: name,
      reason: "\(options.table != nil ? "--table" : "--query") needs a SQLite database (a file "
        + "starting \"SQLite format 3\")")
  }
}
