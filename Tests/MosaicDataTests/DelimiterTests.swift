import Foundation
import MosaicData
import Testing

/// `--delimiter`, detection of `;` and `|` files from their first lines, and `--no-header`.
@Suite struct DelimiterTests {
  static func sniffed(_ text: String, path: String = "data.txt") -> DataFormat {
    Array(text.utf8).withUnsafeBytes { DataFormat.detect(path: path, prefix: $0) }
  }

  @Test(arguments: [
    // A European spreadsheet's export: `;` between fields, `,` in the numbers.
    ("name;price;weight\nbolt;1,50;0,2\nnut;0,75;0,1\n", UInt8(ascii: ";")),
    ("name|price\nbolt|1.50\nnut|0.75\n", UInt8(ascii: "|")),
    ("a,b;c\n1,2;3\n4,5;6\n", UInt8(ascii: ",")),
    // A `;` inside a quoted field is no separator.
    ("\"a;b\",c\n\"x;y\",z\n", UInt8(ascii: ",")),
    // The header has two `;` but no row agrees; every row agrees on one `,`.
    ("title;subtitle;x,y\n1,2\n3,4\n", UInt8(ascii: ",")),
    ("name\tvalue\nx\t1\n", 0x09),
  ])
  func detectsTheSeparatorFromTheFirstLines(text: String, separator: UInt8) {
    #expect(Self.sniffed(text) == .delimited(separator: separator))
  }

  @Test func aCSVExtensionStillSniffsSemicolons() {
    #expect(
      Self.sniffed("name;price\nbolt;1,50\n", path: "prices.csv") == .delimited(separator: 0x3B))
    #expect(Self.sniffed("name,price\nbolt,1\n", path: "prices.csv") == .csv)
    #expect(Self.sniffed("just one column\nx\n", path: "list.csv") == .csv)
  }

  @Test func aSemicolonFileOpensWithItsFields() throws {
    let file = try TemporaryFile(
      name: "prices.csv", contents: "name;price;weight\nbolt;1,50;0,2\nnut;0,75;0,1\n")
    let table = try DataFile.open(path: file.path)
    #expect(table.fieldNames == ["name", "price", "weight"])
    #expect(table.recordCount == 2)
    #expect(table.value(0, 1) == "1,50")
  }

  @Test(arguments: [
    (",", UInt8(ascii: ",")), (";", UInt8(ascii: ";")), ("|", UInt8(ascii: "|")),
    ("\\t", 0x09), ("tab", 0x09), ("TAB", 0x09), ("\t", 0x09), (":", UInt8(ascii: ":")),
    (" ", 0x20),
  ])
  func namesASeparator(text: String, separator: UInt8) throws {
    #expect(try DataFormat.separator(named: text) == separator)
  }

  @Test(arguments: ["", ";;", "a", "7", "\"", "\n", "é", "comma and more"])
  func refusesWhatIsNoSeparator(text: String) {
    #expect(throws: DataFormat.SeparatorError.self) { try DataFormat.separator(named: text) }
    let message =
      (try? DataFormat.separator(named: text)).map { "\($0)" }
      ?? DataFormat.SeparatorError(text: text).description
    #expect(message.hasPrefix("--delimiter takes one character such as , ; | or tab, not \""))
    #expect(!message.contains("\n"))
  }

  @Test func aForcedSeparatorOverridesDetection() throws {
    let file = try TemporaryFile(name: "data.json", contents: "[a|b]\n[1|2]\n")
    let table = try DataFile.open(
      path: file.path, options: ReadingOptions(format: .delimited(separator: UInt8(ascii: "|"))))
    #expect(table.fieldNames == ["[a", "b]"])
    #expect(table.value(0, 1) == "2]")
  }

  @Test func withoutAHeaderTheFieldsAreNumberedAndTheFirstRowIsARecord() throws {
    let file = try TemporaryFile(name: "points.csv", contents: "\u{FEFF}1,2,\"three\"\n4,5,6\n")
    let table = try DataFile.open(path: file.path, options: ReadingOptions(hasHeaderRow: false))
    #expect(table.fieldNames == ["1", "2", "3"])
    #expect(table.recordCount == 2)
    #expect(table.record(0).map(\.value) == ["1", "2", "three"])
    #expect(table.record(1).map(\.value) == ["4", "5", "6"])
    #expect(table.fieldIndex(named: "2") == 1)
  }

  @Test func withoutAHeaderAOneLineFileIsOneRecord() throws {
    let table = try DelimitedTable(text: "x;y", name: "one", delimiter: 0x3B, hasHeaderRow: false)
    #expect(table.fieldNames == ["1", "2"])
    #expect(table.recordCount == 1)
    #expect(table.value(0, 1) == "y")
  }
}
