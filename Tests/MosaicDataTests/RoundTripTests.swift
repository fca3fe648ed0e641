import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

@Suite struct RoundTripTests {
  /// Fields made of the characters that matter to CSV, written with RFC 4180 quoting, read back
  /// unchanged for every seed.
  @Test(arguments: 0..<40)
  func randomFieldsSurviveQuoting(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed))
    let alphabet: [String] = ["a", "B", ",", "\"", "\n", "\r\n", " ", "é", "\t", "x"]
    let columns = Int.random(in: 1...5, using: &rng)
    let header = (0..<columns).map { "f\($0)" }
    var expected: [[String]] = []
    for _ in 0..<Int.random(in: 0...30, using: &rng) {
      expected.append(
        (0..<columns).map { _ in
          (0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            .joined()
        })
    }
    // A record whose only field is empty is a blank line, which readers skip.
    if columns == 1 { expected.removeAll { $0 == [""] } }
    func quote(_ field: String) -> String {
      let special = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r\n" }
      let needsQuotes = special || field.hasPrefix(" ") || field.hasSuffix("\r")
      return needsQuotes ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
    let newline = seed % 2 == 0 ? "\n" : "\r\n"
    var text = header.joined(separator: ",") + newline
    for row in expected { text += row.map(quote).joined(separator: ",") + newline }
    if seed % 3 == 0 { text = String(text.dropLast(newline.count)) }
    let table = try DelimitedTable(text: text, name: "r.csv")
    #expect(table.fieldNames == header)
    #expect(rows(table) == expected, "seed \(seed)")
    for row in expected.indices {
      let line = table.jsonLine(row)
      let object = try JSONTable(text: "[\(line)]", name: "line.json")
      #expect(rows(object) == [expected[row]], "seed \(seed) row \(row)")
    }
  }

  /// Random bytes never crash any reader: each either throws a DataError or yields records whose
  /// every value can be read.
  @Test(arguments: 0..<60)
  func randomBytesNeverCrash(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) &* 7919)
    let pieces: [String] = [
      "{", "}", "[", "]", ":", ",", "\"", "\\", "\n", "\r", " ", "a", "1", "-", ".", "e", "true",
      "null", "\"k\"", "\u{FEFF}", "é", "\t", "\\u00", "0",
    ]
    let text = (0..<Int.random(in: 0...60, using: &rng)).map { _ in
      pieces.randomElement(using: &rng)!
    }.joined()
    for format in [DataFormat.csv, .tsv, .json, .jsonLines] {
      do {
        let source = try DataFile.open(text: text, name: "f", format: format)
        for record in 0..<source.recordCount {
          for field in source.fieldNames.indices { _ = source.value(record, field) }
          _ = source.jsonLine(record)
        }
        _ = RecordSearch.matches(of: "a", in: source)
      } catch let error as DataError {
        #expect(error.description.hasPrefix("f"))
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
}
