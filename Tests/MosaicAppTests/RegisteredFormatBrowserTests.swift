import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// A format the browser has never heard of (`key=value` pairs, one record a line), handed to it
/// as a `SourceKind` in this test alone: the table, `--sort` and `&` conditions work on it
/// through what it declares (nothing: it is arranged in memory).
@MainActor @Suite struct RegisteredFormatBrowserTests {
  struct PairsKind: SourceKind {
    var name: String { "key=value lines" }

    func recognise(_ probe: SourceProbe) -> SourceRecognition {
      probe.fileExtension == "kv" ? .yes(self, certainty: .fileExtension) : .no
    }

    func open(_ input: SourceInput, options: ReadingOptions) throws -> OpenedInput {
      .records(Pairs(name: input.name, text: String(decoding: input.bytes, as: UTF8.self)))
    }
  }

  final class Pairs: RecordSource, @unchecked Sendable {
    let name: String
    let fieldNames: [String]
    private let rows: [[String: String]]

    init(name: String, text: String) {
      self.name = name
      rows = text.split(separator: "\n").map { line in
        Dictionary(
          line.split(separator: " ").compactMap { pair -> (String, String)? in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
          }, uniquingKeysWith: { first, _ in first })
      }
      var names: [String] = []
      for line in text.split(separator: "\n") {
        for pair in line.split(separator: " ") {
          let key = String(pair.prefix { $0 != "=" })
          if !names.contains(key) { names.append(key) }
        }
      }
      fieldNames = names
    }

    var recordCount: Int { rows.count }
    var isComplete: Bool { true }
    var progress: Double { 1 }
    var indexingError: DataError? { nil }
    var definedSections: [DefinedSection]? { nil }
    func value(_ record: Int, _ field: Int) -> String { rows[record][fieldNames[field]] ?? "" }
    func typedValue(_ record: Int, _ field: Int) -> DataValue? {
      rows[record][fieldNames[field]].map { Double($0) != nil ? .number($0) : .string($0) }
    }
    func waitUntilComplete() throws {}
  }

  static let text = """
    city=Oslo temp=3 wind=12 zone=north
    city=Lima temp=19 wind=4 zone=south
    city=Cairo temp=24 wind=9 zone=north
    city=Perth temp=21 wind=15 zone=south
    city=Quito temp=14 wind=7 zone=south

    """

  func settle(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while (browser.scene.stagedArrangement != nil || !browser.scene.arranger.isComplete
      || browser.scene.awaitsStatistics) && ContinuousClock.now < deadline
    {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(browser.scene.stagedArrangement == nil, "the filter did not finish within 10 s")
  }

  func shownCities(_ browser: BrowserFixture) -> [String] {
    let index = browser.scene.dataSource.index
    let source = browser.scene.baseSource
    return index.sections.flatMap { section in
      (0..<section.count).map { source.value(section.record(at: $0), 0) }
    }
  }

  @Test func theBrowserFiltersAndSortsAFormatRegisteredInATest() throws {
    let browser = try BrowserFixture(
      Self.text, format: DataFormat(PairsKind()), name: "weather.kv", columns: 80, rows: 14,
      sort: "-wind", layout: .table)
    #expect(browser.text.contains("Cairo"))
    // Sorted by wind, descending (hand-ordered): 15, 12, 9, 7, 4.
    #expect(shownCities(browser) == ["Perth", "Oslo", "Cairo", "Quito", "Lima"])
    browser.press(.character("&"))
    browser.type("temp > 10 and zone = south")
    browser.press(.enter)
    settle(browser)
    // Lima (19), Perth (21), Quito (14) are south and above 10; by wind: Perth, Quito, Lima.
    #expect(shownCities(browser) == ["Perth", "Quito", "Lima"])
    #expect(!browser.text.contains("Oslo"))
    #expect(!browser.text.contains("Cairo"))
  }
}
