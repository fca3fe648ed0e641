import Foundation
import MosaicData
import Testing

/// `RecordWriter`'s formats byte for byte, on values that need every kind of quoting and escape.
@Suite struct RecordWriterTests {
  /// A CSV source whose values hold a comma, quotes, a line break, a tab, a backslash, an escape
  /// character and nothing at all.
  static let csv =
    "name,note\n" + "plain,ok\n" + "\"a, b\",\"say \"\"hi\"\"\"\n" + "\"two\nlines\",tab\there\n"
    + "back\\slash,\"\u{1B}[31m\"\n" + ",\n"

  /// What `format` makes of `fields` of the test source, with or without terminal escapes.
  static func written(
    _ format: ExportFormat, fields: [Int]? = nil, escapesControls: Bool = false
  ) throws -> String {
    let source = try DataFile.open(text: csv, name: "t.csv", format: .csv)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("record-writer-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forWritingTo: url)
    var writer = RecordWriter(
      format: format, source: source, fields: fields,
      output: ByteOutput(descriptor: handle.fileDescriptor, name: "t"),
      escapesControls: escapesControls)
    writer.begin()
    for record in 0..<source.recordCount { writer.write(record) }
    try writer.finish()
    try handle.close()
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test func csvQuotesWhatRFC4180Says() throws {
    #expect(
      try Self.written(.csv)
        == "name,note\nplain,ok\n\"a, b\",\"say \"\"hi\"\"\"\n\"two\nlines\",tab\there\n"
        + "back\\slash,\u{1B}[31m\n,\n")
    // One field: an empty value is written "" so the record is no blank line.
    #expect(try Self.written(.csv, fields: [1]).hasSuffix("\n\u{1B}[31m\n\"\"\n"))
  }

  @Test func tsvEscapesTabsLineBreaksAndBackslashes() throws {
    #expect(
      try Self.written(.tsv, fields: [0])
        == "name\nplain\na, b\ntwo\\nlines\nback\\\\slash\n\n")
    #expect(try Self.written(.tsv, fields: [1]).contains("\ntab\\there\n"))
  }

  @Test func jsonKeepsTheChosenFieldsInOrder() throws {
    let lines = try Self.written(.jsonl, fields: [1, 0]).split(separator: "\n")
    #expect(lines.first == #"{"note":"ok","name":"plain"}"#)
    #expect(lines[3] == #"{"note":"\u001b[31m","name":"back\\slash"}"#)
    let array = try Self.written(.json, fields: [0])
    #expect(array.hasPrefix("[\n{\"name\":\"plain\"},\n"))
    #expect(array.hasSuffix(",\n{\"name\":\"\"}\n]\n"))
  }

  @Test func aTerminalGetsControlCharactersEscaped() throws {
    let csv = try Self.written(.csv, escapesControls: true)
    #expect(!csv.unicodeScalars.contains("\u{1B}"))
    #expect(csv.contains("back\\slash,\\u{1B}[31m\n"))
    // Line breaks are shown too (then nothing needs quotes): a record is one line on screen.
    #expect(csv.contains("\ntwo\\nlines,tab\\there\n"))
    let tsv = try Self.written(.tsv, escapesControls: true)
    #expect(tsv.contains("back\\\\slash\t\\u{1B}[31m\n"))
  }
}
