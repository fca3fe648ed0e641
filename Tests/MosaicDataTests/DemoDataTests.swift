import Foundation
import Testing

@testable import MosaicData

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite struct DemoDataTests {
  @Test func elementsAreGroupedByCategory() throws {
    let path = repositoryRoot.appendingPathComponent("demo-data/elements.json").path
    let table = try DataFile.open(path: path, name: "elements.json")
    #expect(table.recordCount == 118)
    let sections = try #require(table.definedSections)
    #expect(sections.count == 10)
    #expect(sections.map(\.records.count).reduce(0, +) == 118)
    let symbol = try #require(table.fieldIndex(named: "symbol"))
    let numbers = (0..<118).map { Int(table.value($0, 0)) ?? 0 }
    #expect(Set(numbers) == Set(1...118))
    let iron = try #require(RecordSearch.matches(of: "iron", in: table).first)
    #expect(table.value(iron, symbol) == "Fe")
    #expect(table.jsonLine(iron).contains(#""number":26"#))
  }

  @Test func bundledElementsMatchTheDemoFile() throws {
    let demo = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("demo-data/elements.json"))
    let bundled = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Sources/MosaicApp/Resources/elements.json")
    )
    #expect(demo == bundled)
  }

  @Test func countriesGroupByRegion() throws {
    let path = repositoryRoot.appendingPathComponent("demo-data/countries.csv").path
    let table = try DataFile.open(path: path, name: "countries.csv")
    #expect(table.recordCount == 249)
    let fields = try table.fieldIndices(named: ["region", "population"])
    let index = Arranger(source: table, groupBy: fields[0], sortBy: fields[1]).index
    #expect(
      Set(index.sections.compactMap(\.title))
        == ["Africa", "Americas", "Antarctica", "Asia", "Europe", "Oceania"])
    #expect(index.totalCount == 249)
    let europe = try #require(index.sections.first { $0.title == "Europe" })
    let populations = (0..<europe.count).compactMap {
      Double(table.value(europe.record(at: $0), fields[1]))
    }
    #expect(populations == populations.sorted())
  }

  @Test func unknownFieldNamesTheFileAndTheField() throws {
    let table = try DelimitedTable(text: "name,region\nx,y\n", name: "countries.csv")
    #expect(try table.fieldIndices(named: ["region", "name"]) == [1, 0])
    #expect(throws: DataError.self) { try table.fieldIndices(named: ["regoin"]) }
    do {
      _ = try table.fieldIndices(named: ["name", "regoin"])
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(
        error.description == #"no field "regoin" in countries.csv (did you mean "region"?)"#)
    }
  }
}
