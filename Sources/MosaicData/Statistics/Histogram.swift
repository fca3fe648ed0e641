/// Counts of numbers over equal-width bins from the smallest to the largest: the histogram `I`
/// draws in block characters and `F` lists as ranges.
///
/// No UIKit counterpart. Bin `i` holds the numbers from `lowerBound(i)` up to, not including,
/// `lowerBound(i + 1)`; the last bin holds the maximum too. All numbers equal: one bin.
public struct Histogram: Equatable, Sendable {
  /// The bins `I` draws.
  public static let defaultBinCount = 10
  /// The lower end of the first bin.
  public var minimum: Double
  /// The upper end of the last bin.
  public var maximum: Double
  /// The numbers in each bin.
  public var counts: [Int]

  /// A histogram with its counts given (a database's answer).
  public init(minimum: Double, maximum: Double, counts: [Int]) {
    self.minimum = minimum
    self.maximum = maximum
    self.counts = counts
  }

  /// The histogram of `values` between `minimum` and `maximum` (theirs) over `bins` bins.
  ///
  /// - Complexity: O(n).
  public init(_ values: [Double], minimum: Double, maximum: Double, bins: Int) {
    self.minimum = minimum
    self.maximum = maximum
    let binCount = maximum > minimum ? Swift.max(1, bins) : 1
    var counts = [Int](repeating: 0, count: binCount)
    for value in values {
      counts[Self.bin(of: value, minimum: minimum, maximum: maximum, count: binCount)] += 1
    }
    self.counts = counts
  }

  /// The histogram of `values` over `bins` bins between their extremes; empty counts for none.
  public init(_ values: [Double], bins: Int) {
    let low = values.min() ?? 0
    let high = values.max() ?? 0
    self.init(values, minimum: low, maximum: high, bins: bins)
    if values.isEmpty { counts = [] }
  }

  /// The bin of `value`: `floor(count * ((value - minimum) / (maximum - minimum)))`, the last
  /// bin holding the maximum; the same operations a database is asked for, so both agree on
  /// the values at the edges.
  static func bin(of value: Double, minimum: Double, maximum: Double, count: Int) -> Int {
    guard maximum > minimum else { return 0 }
    let index = (Double(count) * ((value - minimum) / (maximum - minimum))).rounded(.down)
    return Swift.min(count - 1, Swift.max(0, Int(index)))
  }

  /// The width of each bin.
  public var binWidth: Double {
    counts.isEmpty ? 0 : (maximum - minimum) / Double(counts.count)
  }

  /// The lower end of bin `index` (`maximum` past the last).
  public func lowerBound(_ index: Int) -> Double {
    index >= counts.count ? maximum : minimum + binWidth * Double(index)
  }

  /// The counts as a row of block characters, the fullest bin `█`, an empty one a space and
  /// any other at least `▁`: a histogram one line tall.
  public var sparkline: String {
    let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    let top = counts.max() ?? 0
    guard top > 0 else { return String(repeating: " ", count: counts.count) }
    return String(
      counts.map { count -> Character in
        if count == 0 { return " " }
        let level = (count * blocks.count + top - 1) / top - 1
        return blocks[Swift.min(blocks.count - 1, Swift.max(0, level))]
      })
  }
}
