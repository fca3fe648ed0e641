import Foundation
import MosaicData
import Testing

/// A format no part of Mosaic knows: `key=value` pairs separated by spaces, one record a line
/// (logfmt without quoting), recognised by the `.kv` extension. Registering it is the one line
/// `SourceKinds.registered + [KeyValueLinesKind()]`; it declares no capabilities, so sorting,
/// filtering and counting run on it in memory like on any source.
struct KeyValueLinesKind: SourceKind {
  var name: String { "key=value lines" }

  func recognise(_ probe: SourceProbe) -> SourceRecognition {
    probe.fileExtension == "kv" ? .yes(self, certainty: .fileExtension) : .no
  }

  func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
    let text = String(decoding: input.bytes, as: UTF8.self)
    return .records(KeyValueLines(name: input.name, text: text))
  }
}

/// The records of a `.kv` file, read whole.
final class KeyValueLines: RecordSource, @unchecked Sendable {
  let name: String
  let fieldNames: [String]
  private let rows: [[String: String]]

  init(name: String, text: String) {
    self.name = name
    var names: [String] = []
    var rows: [[String: String]] = []
    for line in text.split(separator: "\n") {
      var row: [String: String] = [:]
      for pair in line.split(separator: " ") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        if !names.contains(parts[0]) { names.append(parts[0]) }
        row[parts[0]] = parts[1]
      }
      rows.append(row)
    }
    fieldNames = names
    self.rows = rows
  }

  var recordCount: Int { rows.count }
  var isComplete: Bool { true }
  var progress: Double { 1 }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  func value(_ record: Int, _ field: Int) -> String { rows[record][fieldNames[field]] ?? "" }
  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    guard let text = rows[record][fieldNames[field]] else { return nil }
    return Double(text) != nil ? .number(text) : .string(text)
  }
  func waitUntilComplete() throws {}
}

@Suite struct SourceRegistryTests {
  static let text = """
    city=Oslo temp=3 wind=12
    city=Lima temp=19 wind=4
    city=Cairo temp=24 wind=9
    city=Perth temp=21 wind=15
    city=Quito temp=14 wind=7

    """

  /// Writes `text` to a fresh temporary file named `name`.
  static func write(_ text: String, name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-registry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  static let kinds: [any SourceKind] = SourceKinds.registered + [KeyValueLinesKind()]

  static func records(_ opened: OpenedInput) -> (any RecordSource)? {
    if case .records(let source) = opened { return source }
    return nil
  }

  @Test func aRegisteredFormatOpensThroughTheExecutablesEntry() throws {
    let url = try Self.write(Self.text, name: "weather.kv")
    let source = try #require(
      Self.records(try SourceKinds.open(url.path, options: ReadingOptions(), kinds: Self.kinds)))
    #expect(source.fieldNames == ["city", "temp", "wind"])
    #expect(source.recordCount == 5)
    #expect(source.value(2, 0) == "Cairo")
    #expect(source.capabilities.arranging == nil)
    #expect(!source.capabilities.isDelimitedText)
  }

  @Test func withoutItsLineTheSameFileIsReadAsDelimitedText() throws {
    let url = try Self.write(Self.text, name: "weather.kv")
    let source = try #require(
      Self.records(try SourceKinds.open(url.path, options: ReadingOptions())))
    // No kind claims `.kv`: the kind of last resort reads the lines as one-column text.
    #expect(source.capabilities.isDelimitedText)
    #expect(source.fieldNames == ["city=Oslo temp=3 wind=12"])
  }

  @Test func filterSortAndCountWorkOnTheNewFormat() throws {
    let url = try Self.write(Self.text, name: "weather.kv")
    let source = try #require(
      Self.records(try SourceKinds.open(url.path, options: ReadingOptions(), kinds: Self.kinds)))
    let condition = try #require(
      try ConditionParser(fieldNames: source.fieldNames).parse("temp > 10 and wind < 10"))
    let filter = RecordFilter(conditions: [condition])
    // Sorted by wind, descending: of Lima (4), Cairo (9), Quito (7) — hand-computed.
    let arranger = Arranger(
      source: source, sortKeys: [SortKey(field: 2, descending: true)], filter: filter)
    arranger.waitUntilComplete()
    let section = try #require(arranger.index.sections.first)
    let cities = (0..<section.count).map { source.value(section.record(at: $0), 0) }
    #expect(cities == ["Cairo", "Quito", "Lima"])
    let profiles = try SourceProfile.compute(source: source, filter: filter)
    let temp = try #require(profiles.first { $0.name == "temp" })
    #expect(temp.count == 3)
    #expect(temp.minimum == "14")
    #expect(temp.maximum == "24")
    // (19 + 24 + 14) / 3 = 19
    #expect(temp.numbers?.mean == 19)
  }

  @Test func detectionSettlesTiesBySurenessThenOrder() throws {
    let csvNamed = Array("{\"a\":1}\n{\"a\":2}\n".utf8)
    let kind = csvNamed.withUnsafeBytes {
      SourceKinds.detect(
        SourceProbe(path: "x.kv", prefix: $0, isComplete: true, isStream: false), kinds: Self.kinds)
    }
    // The extension names the new kind: surer than content that looks like JSON Lines.
    #expect(kind?.name == "key=value lines")
    let plain = csvNamed.withUnsafeBytes {
      SourceKinds.detect(
        SourceProbe(path: "x.txt", prefix: $0, isComplete: true, isStream: false),
        kinds: Self.kinds)
    }
    #expect(plain?.name == "JSON Lines")
  }

  @Test func aStreamWaitsWhileAKindCouldStillBeSurer() throws {
    let start = Array("{\"a\":1}\n".utf8)
    let kind = start.withUnsafeBytes {
      SourceKinds.detect(
        SourceProbe(path: "<stdin>", prefix: $0, isComplete: false, isStream: true))
    }
    #expect(kind == nil)
  }

  @Test func theRegisteredKindsAreNamed() {
    #expect(
      SourceKinds.registered.map(\.name) == [
        "PostgreSQL", "SQLite", "CSV or TSV", "JSON Lines", "JSON",
      ])
  }

  @Test func aTableOptionOnTheNewFormatSaysItNeedsADatabase() throws {
    let url = try Self.write(Self.text, name: "weather.kv")
    #expect(throws: DataError.self) {
      try SourceKinds.open(url.path, options: ReadingOptions(table: "t"), kinds: Self.kinds)
    }
  }
}
