import Foundation
import MosaicData
import Testing

/// Field names on the command line are matched without regard to case; an unknown one is
/// answered with the field the user most likely meant.
@Suite struct FieldLookupTests {
  static let names = ["name", "official name", "Region", "population", "region"]

  @Test func anExactNameWinsOverOneThatDiffersInCase() {
    #expect(FieldLookup.index(of: "region", in: Self.names) == 4)
    #expect(FieldLookup.index(of: "Region", in: Self.names) == 2)
  }

  @Test func caseIsIgnoredWhenNothingMatchesExactly() {
    #expect(FieldLookup.index(of: "NAME", in: Self.names) == 0)
    #expect(FieldLookup.index(of: "Official Name", in: Self.names) == 1)
    #expect(FieldLookup.index(of: "POPULATION", in: Self.names) == 3)
    #expect(FieldLookup.index(of: "nme", in: Self.names) == nil)
  }

  @Test(arguments: [
    ("nmae", "name"),  // two letters swapped
    ("nam", "name"),  // one missing
    ("populaton", "population"),
    ("POPULATON", "population"),
    ("offical name", "official name"),
    ("regoin", "Region"),
  ])
  func aTypoIsAnsweredWithTheFieldMeant(typo: String, meant: String) {
    #expect(FieldLookup.suggestion(for: typo, in: Self.names) == meant)
  }

  @Test func aNameLikeNoFieldHasNoSuggestion() {
    #expect(FieldLookup.suggestion(for: "zzz", in: Self.names) == nil)
    #expect(FieldLookup.suggestion(for: "capital", in: Self.names) == nil)
    #expect(FieldLookup.suggestion(for: "", in: Self.names) == nil)
  }

  @Test func aPrefixOfALongNameIsSuggested() {
    #expect(FieldLookup.suggestion(for: "off", in: Self.names) == "official name")
  }

  @Test func everyOptionResolvesNamesOfAnotherCase() throws {
    let table = try DelimitedTable(text: "Name,Region\nx,y\n", name: "c.csv")
    #expect(try table.fieldIndices(named: ["region", "NAME"]) == [1, 0])
    #expect(table.fieldIndex(named: "rEgIoN") == 1)
  }

  @Test func theMessageSaysWhichFieldWasMeant() throws {
    let table = try DelimitedTable(text: "name,region\nx,y\n", name: "countries.csv")
    #expect(throws: DataError.self) { try table.fieldIndices(named: ["nmae"]) }
    do {
      _ = try table.fieldIndices(named: ["name", "nmae"])
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(error.description == #"no field "nmae" in countries.csv (did you mean "name"?)"#)
    }
  }

  @Test func withoutALikelyFieldTheMessageListsTheFields() throws {
    let table = try DelimitedTable(text: "name,region\nx,y\n", name: "countries.csv")
    do {
      _ = try table.fieldIndices(named: ["capital"])
      Issue.record("expected an error")
    } catch let error as DataError {
      #expect(error.description == #"no field "capital" in countries.csv (fields: name, region)"#)
    }
  }
}
