import MosaicJSON

/// Writes records of a source, some of their fields, in one of the export formats, to a
/// `ByteOutput` as they come: a header (CSV, TSV) or an opening bracket (JSON), then one record
/// at a time, then the end.
///
/// - CSV (RFC 4180): a value holding the delimiter, a double quote, CR or LF is put in double
///   quotes, its quotes doubled; lines end in LF. A record of one empty value is written `""`,
///   so that it is not a blank line readers skip.
/// - TSV: a tab, LF, CR or backslash in a value (or a field name) is written `\t`, `\n`, `\r`,
///   `\\`, the escapes PostgreSQL's `COPY` and MySQL's `LOAD DATA` read back.
/// - JSON Lines: what `RecordSource.jsonLine(_:)` writes, with only the chosen fields in the
///   chosen order; a field the record lacks is left out, JSON numbers, booleans, null and nested
///   values stay as they were.
/// - JSON: the same objects in an array, one a line.
///
/// With `escapesControls` (output bound for a terminal), every character `VisibleText` would
/// not send raw is shown escaped in CSV and TSV too (JSON escapes them always), so no value can
/// send the terminal an escape sequence. Not shared between threads. UIKit has no counterpart.
public struct RecordWriter {
  /// The format written.
  public let format: ExportFormat
  /// The source the records are read from.
  public let source: any RecordSource
  /// The fields written, by index into `source.fieldNames`, in order.
  public let fields: [Int]
  /// Whether control characters in CSV and TSV values are shown escaped (`VisibleText`).
  public let escapesControls: Bool
  private let output: ByteOutput
  /// Each field's name as a JSON key and colon (`"name":`), quoted once for every record.
  private let keys: [String]
  private var written = 0

  /// A writer of `fields` (all, in file order, when nil) of `source`'s records in `format` to
  /// `output`.
  public init(
    format: ExportFormat, source: any RecordSource, fields: [Int]? = nil, output: ByteOutput,
    escapesControls: Bool = false
  ) {
    self.format = format
    self.source = source
    let names = source.fieldNames
    self.fields = fields ?? Array(names.indices)
    self.escapesControls = escapesControls
    self.output = output
    keys = self.fields.map { JSONWriter.quoted($0 < names.count ? names[$0] : "") + ":" }
  }

  /// The number of records written so far.
  public var recordCount: Int { written }

  /// Writes what comes before the records: the header row (CSV, TSV) or `[` (JSON).
  public func begin() {
    let names = source.fieldNames
    let header = fields.map { $0 < names.count ? names[$0] : "" }
    switch format {
    case .csv: writeDelimitedLine(header)
    case .tsv: writeDelimitedLine(header)
    case .jsonl: break
    case .json: output.write("[")
    }
  }

  /// Writes `record`.
  ///
  /// - Complexity: O(length of the record): its values are read in one pass.
  public mutating func write(_ record: Int) {
    let values = source.typedValues(record)
    switch format {
    case .csv, .tsv:
      writeDelimitedLine(fields.map { $0 < values.count ? values[$0]?.text ?? "" : "" })
    case .jsonl:
      writeObject(values)
      output.write(byte: 0x0A)
    case .json:
      output.write(written == 0 ? "\n" : ",\n")
      writeObject(values)
    }
    written += 1
  }

  /// Writes what comes after the records (JSON's `]`) and flushes the output.
  ///
  /// - Throws: `ExportError` for a write the output refused, at any point of the export.
  public func finish() throws(ExportError) {
    if format == .json { output.write(written == 0 ? "]\n" : "\n]\n") }
    try output.flush()
  }

  private func writeObject(_ values: [DataValue?]) {
    output.write(byte: UInt8(ascii: "{"))
    var first = true
    for (position, field) in fields.enumerated() where field < values.count {
      guard let value = values[field] else { continue }
      if !first { output.write(byte: UInt8(ascii: ",")) }
      first = false
      output.write(keys[position])
      output.write(value.jsonText)
    }
    output.write(byte: UInt8(ascii: "}"))
  }

  private func writeDelimitedLine(_ values: [String]) {
    let isCSV = format == .csv
    if isCSV && values.count == 1 && values[0].isEmpty {
      output.write("\"\"\n")
      return
    }
    for (index, raw) in values.enumerated() {
      if index > 0 { output.write(byte: isCSV ? UInt8(ascii: ",") : 0x09) }
      // CSV escapes before quoting, TSV after its own escapes: either way a backslash the
      // visible escapes add is not escaped again.
      if isCSV {
        output.write(Self.csvField(escapesControls ? VisibleText.escaped(raw) : raw))
      } else {
        let field = Self.tsvField(raw)
        output.write(escapesControls ? VisibleText.escaped(field) : field)
      }
    }
    output.write(byte: 0x0A)
  }

  /// `value` as one CSV field: quoted, its quotes doubled, when it holds a comma, a quote, CR
  /// or LF.
  static func csvField(_ value: String) -> String {
    let needsQuotes = value.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    guard needsQuotes else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// `value` as one TSV field: tab, LF, CR and backslash written `\t`, `\n`, `\r`, `\\`.
  static func tsvField(_ value: String) -> String {
    guard value.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x5C })
    else { return value }
    var out = ""
    out.reserveCapacity(value.utf8.count + 4)
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\\": out += "\\\\"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
