import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// `SourceProfile` reads a CSV file's fields as bytes where they lie (no `String` for an ASCII
/// value): the distinct counts, text extremes and numbers it finds are checked against Python's
/// csv module reading the same file, the distinct texts counted by Swift's `Set<String>` (whose
/// equality is canonical equivalence: `é` in one scalar or two, the Kelvin sign and `K`), and
/// plain decimals against the standard library's `Double(String)`.
@Suite struct SourceProfileBytesTests {
  /// Writes `argv[2]` records to `argv[1]` (seed `argv[3]`): quoted fields with `""` and text
  /// after the closing quote, texts outside ASCII that are canonically equal, an invalid UTF-8
  /// byte, texts sharing their first eight bytes, blanks around values, and decimals in several
  /// forms. Prints, per field, the present values as Python reads them (JSON).
  static let generator = #"""
    import csv, io, json, random, sys
    path, n = sys.argv[1], int(sys.argv[2]); random.seed(int(sys.argv[3]))
    words = ["K", "\u212a", "\u00e9", "e\u0301", "\u00c5", "\u212b", "A\u030a", "plain",
             " padded ", '"quoted, comma"', '"say ""hi"""', '"open"tail', "abcdefgh",
             "abcdefghi", "abcdefg", "abcdefgh\x01", "zebra", "Zebra", "", "NA"]
    lines = ["word,amount,mixed"]
    for i in range(n):
        word = random.choice(words)
        amount = random.choice([
            f"{random.uniform(-1e6, 1e6):.{random.randint(1, 6)}f}", "-0.5", "0.1",
            "123456789012345678.25", "9007199254740993.5", "1e3", " 7.25 ", "NA",
            f"{random.randint(0, 10**15)}.{random.randint(0, 999)}",
            "0." + str(random.randint(0, 10**18)).zfill(19)])
        mixed = random.choice(["1", "2.5", "x", "10", "2013-01-01", "Jan 1 2000"])
        lines.append(f"{word},{amount},{mixed}")
    data = ("\n".join(lines) + "\n").encode()
    # One invalid byte, in a few records: read as U+FFFD.
    data = data.replace(b"plain", b"pl\xffin", 7)
    open(path, "wb").write(data)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8", errors="replace"), newline="")))
    header, rows = rows[0], rows[1:]
    out = {}
    for i, name in enumerate(header):
        values = [r[i] for r in rows if r[i] != "" and r[i].strip(" \t") != "NA"]
        numbers = []
        if name == "amount":
            numbers = [repr(float(v)) for v in values]
        out[name] = {"values": values, "min": min(values).strip(" \t"),
                     "max": max(values).strip(" \t"), "numbers": numbers}
    print(json.dumps(out))
    """#

  /// Runs the Python `program` with `arguments` and returns its standard output.
  static func python(_ program: String, _ arguments: [String]) throws -> String {
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program] + arguments, input: Data())
    #expect(result.status == 0, "\(result)")
    return result.stdout
  }

  @Test(.enabled(if: NumberSummaryTests.hasPython, "needs python3"))
  func distinctCountsExtremesAndNumbersMatchPythonAndSetOfString() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-profile-bytes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tricky.csv").path
    // Enough records that the two halves are read on two cores and merged.
    let output = try Self.python(Self.generator, [path, "40000", "5"])
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: Any]])
    let table = try DelimitedTable(path: path)
    let profiles = try SourceProfile.compute(
      source: table, missing: MissingValues(list: "NA"))
    #expect(profiles.map(\.name) == ["word", "amount", "mixed"])
    for profile in profiles {
      let want = try #require(expected[profile.name])
      let values = try #require(want["values"] as? [String])
      #expect(profile.count == values.count, "\(profile.name)")
      #expect(profile.distinct == Set(values).count, "\(profile.name)")
      #expect(!profile.isDistinctCapped)
      if profile.name != "amount" {
        #expect(profile.type == .text)
        #expect(profile.minimum == want["min"] as? String, "\(profile.name)")
        #expect(profile.maximum == want["max"] as? String, "\(profile.name)")
      }
    }
    // The word field holds `é` and `e` + U+0301 (equal as `String`s), the Kelvin sign and `K`.
    #expect(Set(["\u{E9}", "e\u{301}", "K", "\u{212A}"]).count == 2)
    let amount = try #require(profiles.first { $0.name == "amount" })
    #expect(amount.type == .decimal)
    let numbers = try #require(want(expected, "amount")).map { Double($0)! }
    let summary = try #require(amount.numbers)
    #expect(summary.minimum == numbers.min())
    #expect(summary.maximum == numbers.max())
    let sorted = numbers.sorted()
    let middle = sorted.count / 2
    let median =
      sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    #expect(summary.median == median)
  }

  private func want(_ expected: [String: [String: Any]], _ name: String) -> [String]? {
    expected[name]?["numbers"] as? [String]
  }

  /// With a limit of three, `K`, the Kelvin sign, `a` and `b` are three distinct texts (not
  /// capped), and one more is four (capped), as `Set<String>` counts them.
  @Test func theLimitCountsCanonicallyEqualTextsOnce() throws {
    func profile(_ values: [String], limit: Int) throws -> FieldProfile {
      let table = try DelimitedTable(
        text: "v\n" + values.joined(separator: "\n") + "\n", name: "t.csv")
      return try #require(try SourceProfile.compute(source: table, distinctLimit: limit).first)
    }
    let three = try profile(["K", "\u{212A}", "a", "b", "K"], limit: 3)
    #expect(three.distinct == 3 && !three.isDistinctCapped)
    let four = try profile(["K", "\u{212A}", "a", "b", "c"], limit: 3)
    #expect(four.isDistinctCapped)
    let decomposed = try profile(
      ["\u{E9}", "e\u{301}", "\u{C5}", "\u{212B}", "A\u{30A}"], limit: 3)
    #expect(decomposed.distinct == 2 && !decomposed.isDistinctCapped)
  }

  /// Large sets (where the quantiles are found by counting into buckets, not by selection):
  /// uniform, heavily skewed, few distinct values, one far outlier, negative and positive zero,
  /// and whole numbers with many repeats; each figure is Python's to the bit.
  @Test(.enabled(if: NumberSummaryTests.hasPython, "needs python3"))
  func largeSetsQuantilesAreExactlyPythons() throws {
    var generator = SeededGenerator(seed: 29)
    func uniform() -> Double { Double.random(in: -1e6...1e6, using: &generator) }
    let size = 150_000
    let sets: [[Double]] = [
      (0..<size).map { _ in uniform() },
      (0..<size).map { _ in exp(Double.random(in: 0...1, using: &generator) * 30) },
      (0..<size).map { _ in Double(Int.random(in: 0...4, using: &generator)) },
      (0..<size).map { $0 == 7 ? 1e300 : uniform() },
      (0..<size).map { $0 % 3 == 0 ? -0.0 : ($0 % 3 == 1 ? 0.0 : uniform()) },
      (0..<size).map { _ in Double(Int.random(in: -1000...1000, using: &generator)) },
      (0..<size).map { Double($0) / 8 },
    ]
    let expected = try NumberSummaryTests.python(sets)
    for (index, (values, wanted)) in zip(sets, expected).enumerated() {
      var copy = values
      let summary = try #require(NumberSummary(values: &copy))
      #expect(summary.median == wanted[0], "median of set \(index)")
      #expect(summary.p5 == wanted[2], "p5 of set \(index)")
      #expect(summary.p25 == wanted[3], "p25 of set \(index)")
      #expect(summary.p75 == wanted[4], "p75 of set \(index)")
      #expect(summary.p95 == wanted[5], "p95 of set \(index)")
    }
  }

  /// Digits, a point and digits read to the double `Double(String)` reads, sign of zero
  /// included; other forms still read as `Double(String)` reads them.
  @Test func plainDecimalsReadAsTheStandardLibraryReadsThem() {
    var generator = SystemRandomNumberGenerator()
    var texts = [
      "0.1", "0.30000000000000004", "-0.0", "0.0", "9007199254740993.5", "9007199254740992.5",
      "123456789012345678.25", "1.7976931348623157", "4.9406564584124654", "+2.5", "-7.125",
      "1e3", "1.5E-3", "0x1p3", "00012.500", "0.0000000000000000000001",
      "1.00000000000000000000001",
    ]
    for _ in 0..<20_000 {
      let whole = UInt64.random(in: 0...UInt64(1) << UInt64.random(in: 1...60), using: &generator)
      let scale = Int.random(in: 1...24, using: &generator)
      let fraction = (0..<scale).map { _ in String(Int.random(in: 0...9, using: &generator)) }
      texts.append((Bool.random(using: &generator) ? "-" : "") + "\(whole)." + fraction.joined())
    }
    for text in texts {
      let expected = Double(text)
      switch ValueReading(text) {
      case .decimal(let value), .integer(let value):
        #expect(value.bitPattern == expected?.bitPattern, "\(text)")
      default:
        Issue.record("\(text) read as no number")
      }
    }
  }
}
