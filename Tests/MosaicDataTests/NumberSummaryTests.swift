import Foundation
import MosaicTestSupport
import Testing

@testable import MosaicData

/// The statistics engine `I`, the columns sheet and `mosaic describe` share: quantiles by
/// selection, deviation, histogram, dates, types and missing values, checked against Python's
/// `statistics` module run on the same numbers and against dates counted by hand.
@Suite struct NumberSummaryTests {
  static var hasPython: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
      || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/python3")
  }

  /// Python's median, stdev and inclusive quantiles (n=4 and n=20) of each line of numbers.
  static func python(_ sets: [[Double]]) throws -> [[Double]] {
    let program = """
      import statistics, sys, json
      out = []
      for line in sys.stdin:
          xs = [float(x) for x in line.split()]
          q4 = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
          q20 = statistics.quantiles(xs, n=20, method="inclusive") if len(xs) > 1 else [xs[0]] * 19
          sd = statistics.stdev(xs) if len(xs) > 1 else -1
          figures = [statistics.median(xs), sd, q20[0], q4[0], q4[2], q20[18], statistics.mean(xs)]
          out.append(" ".join(repr(float(x)) for x in figures))
      print("\\n".join(out))
      """
    let input = sets.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n")
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 60)
      .run(["python3", "-c", program], input: Data((input + "\n").utf8))
    #expect(result.status == 0, "\(result)")
    // Each figure as Python's repr, read by `Double(String)`, which rounds correctly (a JSON
    // reader may not, off by an ulp).
    return result.stdout.split(separator: "\n").map { line in
      line.split(separator: " ").map { Double(String($0)) ?? .nan }
    }
  }

  /// Number sets that trouble a quickselect: sorted, reversed, all equal, few distinct values,
  /// organ-pipe, one value, two values, negative and huge values, plus random ones.
  static func awkwardSets() -> [[Double]] {
    var generator = SeededGenerator(seed: 22)
    var sets: [[Double]] = [
      [5], [2, 1], [3, 3, 3, 3, 3, 3, 3], Array(0..<1000).map(Double.init),
      Array((0..<1001).reversed()).map(Double.init),
      (0..<2000).map { Double($0 % 3) }, (0..<999).map { Double(min($0, 998 - $0)) },
      [-1e12, 1e-9, 0, 3.5, 1e15, -2.25],
      // A deviation whose square passes Double's range (it read 0).
      [1, 2, 3, 1e300], [-1e300, 5, 1e300, 7],
    ]
    for size in [7, 10, 33, 100, 1001, 5000] {
      sets.append(
        (0..<size).map { _ in (Double(Int.random(in: -100_000...100_000, using: &generator)) / 7) })
    }
    return sets
  }

  @Test(.enabled(if: hasPython, "needs python3"))
  func quantilesMedianAndDeviationAreExactlyPythons() throws {
    let sets = Self.awkwardSets()
    let expected = try Self.python(sets)
    for (values, wanted) in zip(sets, expected) {
      var copy = values
      let summary = try #require(NumberSummary(values: &copy))
      #expect(summary.median == wanted[0], "median of \(values.count)")
      #expect(summary.p5 == wanted[2], "p5 of \(values.count)")
      #expect(summary.p25 == wanted[3], "p25 of \(values.count)")
      #expect(summary.p75 == wanted[4], "p75 of \(values.count)")
      #expect(summary.p95 == wanted[5], "p95 of \(values.count)")
      #expect(abs(summary.mean - wanted[6]) <= 1e-12 * max(1, abs(wanted[6])))
      if wanted[1] < 0 {
        #expect(summary.standardDeviation == nil)
      } else {
        let deviation = try #require(summary.standardDeviation)
        #expect(abs(deviation - wanted[1]) <= 1e-9 * max(1, wanted[1]), "\(deviation) \(wanted[1])")
      }
      #expect(summary.minimum == values.min() && summary.maximum == values.max())
      #expect(summary.histogram.counts.reduce(0, +) == values.count)
    }
  }

  /// The summary of distinct values and their counts (a server's `GROUP BY`) is Python's over
  /// every occurrence: the same quantiles exactly, the mean and deviation to rounding.
  @Test(.enabled(if: hasPython, "needs python3"))
  func countedValuesSummarizeAsEveryOccurrence() throws {
    var generator = SeededGenerator(seed: 7)
    var sets: [[(value: Double, count: Int)]] = [
      [(5, 1)], [(1, 3), (2, 1), (10, 2)], [(3, 7)], [(-2.5, 1), (1e9, 4), (0, 0), (7, 2)],
    ]
    for size in [2, 9, 40, 300] {
      sets.append(
        (0..<size).map { _ in
          (
            Double(Int.random(in: -5_000...5_000, using: &generator)) / 4,
            Int.random(in: 1...30, using: &generator)
          )
        })
    }
    let expanded = sets.map { groups in
      groups.flatMap { Array(repeating: $0.value, count: $0.count) }
    }
    let expected = try Self.python(expanded)
    for ((groups, values), wanted) in zip(zip(sets, expanded), expected) {
      // Shuffled: the groups come in any order.
      let summary = try #require(NumberSummary(counted: groups.shuffled(using: &generator)))
      #expect(summary.count == values.count)
      #expect(summary.median == wanted[0], "median of \(groups)")
      #expect(summary.p5 == wanted[2] && summary.p25 == wanted[3], "\(groups)")
      #expect(summary.p75 == wanted[4] && summary.p95 == wanted[5], "\(groups)")
      #expect(abs(summary.mean - wanted[6]) <= 1e-12 * max(1, abs(wanted[6])))
      if wanted[1] < 0 {
        #expect(summary.standardDeviation == nil)
      } else {
        let deviation = try #require(summary.standardDeviation)
        #expect(abs(deviation - wanted[1]) <= 1e-9 * max(1, wanted[1]), "\(deviation) \(wanted[1])")
      }
      #expect(summary.minimum == values.min() && summary.maximum == values.max())
      #expect(
        summary.histogram.counts
          == Histogram(values, minimum: values.min()!, maximum: values.max()!, bins: 10).counts)
    }
    // By hand: 1, 1, 1, 2, 10, 10 over ten bins of width 0.9.
    let hand = try #require(NumberSummary(counted: [(10, 2), (1, 3), (2, 1)]))
    #expect(hand.histogram.counts == [3, 1, 0, 0, 0, 0, 0, 0, 0, 2])
    #expect(hand.median == 1.5 && hand.p25 == 1 && hand.p75 == 8)
    #expect(NumberSummary(counted: []) == nil)
  }

  @Test func histogramCountsByHand() {
    let histogram = Histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], bins: 5)
    // Width 2: [0,2) [2,4) [4,6) [6,8) [8,10], the maximum in the last bin.
    #expect(histogram.counts == [2, 2, 2, 2, 3])
    #expect(histogram.sparkline == "▆▆▆▆█")
    #expect(Histogram([4, 4, 4], bins: 10).counts == [3])
    #expect(Histogram([0, 0, 0, 0, 0, 0, 0, 0, 10], bins: 4).sparkline == "█  ▁")
  }

  @Test func datesReadAsTheInstantsCountedByHand() {
    // 2000-01-01 is 10,957 days after 1970-01-01 (30 years, 7 of them leap).
    let newYear = 10_957.0 * 86_400
    for text in [
      "2000-01-01", "Jan 1 2000", "Jan 1, 2000", "January 1, 2000", "1 Jan 2000", "2000/01/01",
    ] {
      #expect(DateText.reading(text) == .init(seconds: newYear, hasTime: false), "\(text)")
    }
    #expect(DateText.reading("2000-01-01 10:00") == .init(seconds: newYear + 36_000, hasTime: true))
    #expect(
      DateText.reading("2000-01-01T10:00:30Z") == .init(seconds: newYear + 36_030, hasTime: true))
    #expect(
      DateText.reading("2000-01-01T10:00:00+02:00")
        == .init(seconds: newYear + 8 * 3600, hasTime: true))
    #expect(DateText.reading("Feb 29 2000") != nil)
    for text in [
      "Feb 29 1900", "2000-13-01", "2000-02-30", "01/02/2000", "Jan 2000", "hello", "2000", "12:00",
    ] {
      #expect(DateText.reading(text) == nil, "\(text)")
    }
  }

  @Test func valuesReadAsTheirTypes() {
    #expect(ValueReading("42") == .integer(42))
    #expect(ValueReading(" -7 ") == .integer(-7))
    #expect(ValueReading("6.94") == .decimal(6.94))
    #expect(ValueReading("1e3") == .decimal(1000))
    #expect(ValueReading("TRUE") == .boolean(true))
    #expect(ValueReading("false") == .boolean(false))
    #expect(ValueReading("Jan 1 2000").isDate)
    #expect(ValueReading("NA") == .text)
    #expect(ValueReading("NA", missing: MissingValues(list: "NA, N/A,-")) == .missing)
    #expect(ValueReading("-", missing: MissingValues(list: "NA,N/A,-")) == .missing)
    #expect(ValueReading("") == .missing)
    #expect(ValueReading(DataValue.null) == .missing)
    #expect(ValueReading(DataValue.number("3")) == .integer(3))
    #expect(ValueReading(DataValue.bool(true)) == .boolean(true))
    #expect(ValueReading("12 units") == .text)
  }

  @Test func aProfileIsTheSameHoweverTheRecordsAreSplit() {
    let values: [String] = (0..<3000).map { (index: Int) -> String in
      index % 7 == 0 ? "NA" : "\((index * 7919) % 1000).5"
    }
    var whole = FieldProfiler(missing: MissingValues(list: "NA"))
    for value in values { whole.add(value) }
    var parts = FieldProfiler(missing: MissingValues(list: "NA"))
    for slice in stride(from: 0, to: values.count, by: 700) {
      var part = FieldProfiler(missing: MissingValues(list: "NA"))
      for value in values[slice..<min(values.count, slice + 700)] { part.add(value) }
      parts.merge(part)
    }
    let a = whole.profile(field: 0, name: "x")
    let b = parts.profile(field: 0, name: "x")
    #expect(a == b)
    #expect(a.type == .decimal)
    #expect(a.missing == 429)
    #expect(a.count == 2571)
    #expect(a.minimum == "0.5" && a.maximum == "999.5")
  }

  @Test func typesWidenAndMixedFieldsAreText() {
    func type(_ values: [String]) -> ValueType {
      var profiler = FieldProfiler()
      for value in values { profiler.add(value) }
      return profiler.type
    }
    #expect(type(["1", "2", ""]) == .integer)
    #expect(type(["1", "2.5"]) == .decimal)
    #expect(type(["2000-01-01", "2000-01-02 10:00"]) == .dateTime)
    #expect(type(["Jan 1 2000", "Feb 2 2001"]) == .date)
    #expect(type(["true", "False"]) == .boolean)
    #expect(type(["1", "x"]) == .text)
    #expect(type(["", ""]) == .empty)
  }
}

extension ValueReading {
  fileprivate var isDate: Bool {
    if case .date = self { return true }
    return false
  }
}
