import ArgumentParser
import Foundation
import MosaicApp
import MosaicData

extension BrowseCommand {
  /// The options that arrange or draw cards, by name, when given: they mean nothing to
  /// `--output`, which writes records, so they are refused with it rather than ignored.
  var browserOnlyOptions: [String] {
    var given: [String] = []
    if groupBy != nil { given.append("--group-by") }
    if title != nil { given.append("--title") }
    if layout != nil { given.append("--layout") }
    if itemSizeText != nil { given.append("--item-size") }
    if columnsText != nil { given.append("--columns") }
    if let smoothScroll { given.append(smoothScroll ? "--smooth-scroll" : "--no-smooth-scroll") }
    if follow { given.append("--follow") }
    if stats { given.append("--stats") }
    return given
  }

  /// Rejects `--output` with options for the browser only.
  func validateExport() throws {
    guard export.output != nil, let option = browserOnlyOptions.first else { return }
    let hint = option == "--group-by" ? " (--sort by the field puts its groups together)" : ""
    throw ValidationError("\(option) is for the browser; --output writes records\(hint)")
  }

  /// Writes the view to `--output` without opening the terminal: reads the whole source, keeps
  /// the records every `--filter` keeps, sorts them by `--sort`, and writes the `--fields` in
  /// the chosen format. Reports a problem in one line and exits 2.
  func runExport(to destination: String, format: ExportFormat) throws {
    let progress = ExportProgress()
    let missing = try resolveSettings().missingValues
    do {
      let source = try openExportSource()
      defer { source.cancel() }
      // Opened first, so an unwritable path is told before a long read.
      let file = destination == "-" ? nil : try ReplacedFile(path: destination)
      defer { file?.discard() }
      // The share of the progress line each step takes: reading, arranging (when there is a
      // sort or filter to run), writing.
      let arranging = sort != nil || !export.filters.isEmpty
      let steps = arranging ? 3.0 : 2.0
      while !source.isComplete {
        progress.update(
          records: source.recordCount,
          fraction: source.isReadingInput ? nil : source.progress / steps)
        // Woken as records arrive; the progress line needs no more than a few updates a second.
        source.waitForRecords(beyond: source.recordCount, timeout: 0.2)
      }
      try source.waitUntilComplete()
      // Resolved once every record is read: JSON Lines learns fields as it goes.
      let filter = try exportFilter(fieldNames: source.fieldNames, missing: missing)
      let sortKeys = try sort.map { try SortArgument($0, source: source).keys } ?? []
      let fieldIndices = try fields.map { try source.fieldIndices(named: Self.fieldList($0)) }
      let (arranged, arranger) = try Self.arrange(
        source, sortKeys: sortKeys, filter: filter, missing: missing)
      while !arranger.isComplete {
        progress.update(records: arranged.recordCount, fraction: (1 + arranger.progress) / steps)
        arranger.waitUntilComplete(timeout: 0.2)
      }
      try arranged.waitUntilComplete()
      let index = arranger.index
      let total = index.totalCount
      let output = file?.output ?? ByteOutput(descriptor: STDOUT_FILENO, name: "<stdout>")
      var writer = RecordWriter(
        format: format, source: arranged, fields: fieldIndices, output: output,
        escapesControls: destination == "-" && isatty(STDOUT_FILENO) == 1)
      writer.begin()
      for section in index.sections {
        for item in 0..<section.count {
          writer.write(section.record(at: item))
          if writer.recordCount % 4096 == 0 {
            progress.update(
              records: total,
              fraction: (steps - 1 + Double(writer.recordCount) / Double(total)) / steps)
          }
        }
      }
      try writer.finish()
      try file?.commit()
      progress.clear()
      if progress.isShown {
        let place = destination == "-" ? "standard output" : destination
        let noun = writer.recordCount == 1 ? "record" : "records"
        StandardError.writeLine(
          "mosaic: wrote \(writer.recordCount.groupedDigits()) \(noun) to \(place)")
      }
    } catch let error as DataError {
      progress.clear()
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    } catch let error as ExportError {
      progress.clear()
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    } catch let error as ExportFilterError {
      progress.clear()
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
  }

  /// The one place the `--sort` keys reach an arranger, with the filter: a store that sorts
  /// and filters itself (SQLite) is asked to, else the records are arranged in memory.
  /// `missing` values (`--na`) sort last.
  static func arrange(
    _ source: any RecordSource, sortKeys: [SortArgument.Key], filter: RecordFilter?,
    missing: MissingValues = .empty
  ) throws -> (source: any RecordSource, arranger: Arranger) {
    let keys = sortKeys.map {
      SortKey(field: $0.field, descending: $0.descending, missing: missing)
    }
    if !keys.isEmpty || filter != nil, let store = source.capabilities.arranging,
      let arranged = try store.arranged(sortKeys: keys, filter: filter)
    {
      return (arranged, Arranger(source: arranged))
    }
    let arranger = Arranger(
      source: source, groupBy: nil, sortKeys: keys, filter: filter, synchronousLimit: 0)
    return (source, arranger)
  }

  /// Every `--filter` as one filter (nil for none): each expression is parsed against
  /// `fieldNames`, and a regular expression in it compiled; `missing` (`--na`) says which
  /// values `is missing` matches besides empty ones.
  ///
  /// - Throws: `ExportFilterError` quoting the first expression that does not parse.
  func exportFilter(
    fieldNames: [String], missing: MissingValues = .empty
  ) throws -> RecordFilter? {
    let parser = ConditionParser(fieldNames: fieldNames)
    var conditions: [RecordCondition] = []
    for text in export.filters {
      do {
        guard let condition = try parser.parse(text) else { continue }
        let alone = RecordFilter(conditions: [condition])
        if let problem = alone.problem {
          throw ExportFilterError(expression: text, reason: problem)
        }
        conditions.append(condition)
      } catch let error as ConditionSyntaxError {
        throw ExportFilterError(expression: text, reason: error.description)
      }
    }
    return conditions.isEmpty ? nil : RecordFilter(conditions: conditions, missing: missing)
  }

  /// The source `--output` writes from, opened through the registered kinds: a database's
  /// `--table` or `--query`, a stream spooled to its end, a file, or the bundled demo.
  ///
  /// - Throws: `DataError` for input that cannot be read, or a database without `--table` or
  ///   `--query`.
  func openExportSource() throws -> any RecordSource {
    guard let file else {
      if let error = tableNeedsFile() { throw error }
      return try BundledData.openElements()
    }
    switch try SourceKinds.open(file, options: readingOptions) {
    case .records(let source):
      return source
    case .tables(let store):
      let names = store.tables.map(\.name)
      throw DataError.unreadable(
        file: store.name,
        reason: "--output needs --table or --query to choose the rows (tables: "
          + (names.isEmpty ? "none" : names.joined(separator: ", ")) + ")")
    case .arriving(let spool):
      while true {
        if let source = try spool.openSource(options: readingOptions) { return source }
        spool.waitForBytes(beyond: spool.bytesReceived, timeout: 1)
      }
    }
  }
}
