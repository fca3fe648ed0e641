/// What a field's numbers add up to: count, sum, mean, sample standard deviation, range, the
/// median and the 5th, 25th, 75th and 95th percentiles (by the method `Quantiles` documents),
/// and a histogram over equal-width bins.
///
/// No UIKit counterpart; the model of the figures `I`, the columns sheet and `mosaic describe`
/// show. Exact: made from every number (8 bytes each), the quantiles by selection.
public struct NumberSummary: Equatable, Sendable {
  /// The numbers summed up.
  public var count: Int
  /// Their sum (compensated, so a million values lose no more than one rounding).
  public var sum: Double
  /// The arithmetic mean.
  public var mean: Double
  /// The sample standard deviation (n − 1 in the denominator, as Python's `statistics.stdev`
  /// and pandas), nil for fewer than two numbers.
  public var standardDeviation: Double?
  /// The smallest number.
  public var minimum: Double
  /// The largest number.
  public var maximum: Double
  /// The 5th percentile.
  public var p5: Double
  /// The first quartile.
  public var p25: Double
  /// The median.
  public var median: Double
  /// The third quartile.
  public var p75: Double
  /// The 95th percentile.
  public var p95: Double
  /// How many numbers fall in each of `Histogram.binCount` equal-width bins from `minimum` to
  /// `maximum` (the last bin holds the maximum).
  public var histogram: Histogram

  /// The cuts asked of `Quantiles`, in the order of the percentile properties.
  static let cuts = [
    Quantiles.Cut(1, 20), Quantiles.Cut(1, 4), Quantiles.Cut(1, 2), Quantiles.Cut(3, 4),
    Quantiles.Cut(19, 20),
  ]

  /// A summary with every figure given (a database's answer).
  public init(
    count: Int, sum: Double, mean: Double, standardDeviation: Double?, minimum: Double,
    maximum: Double, p5: Double, p25: Double, median: Double, p75: Double, p95: Double,
    histogram: Histogram
  ) {
    self.count = count
    self.sum = sum
    self.mean = mean
    self.standardDeviation = standardDeviation
    self.minimum = minimum
    self.maximum = maximum
    self.p5 = p5
    self.p25 = p25
    self.median = median
    self.p75 = p75
    self.p95 = p95
    self.histogram = histogram
  }

  /// A power of two near the larger of `a` and `b` in size (1 when that is zero or not finite),
  /// by which deviations are divided before they are squared: dividing by it is exact, and the
  /// squares stay far from overflow.
  static func scale(_ a: Double, _ b: Double) -> Double {
    let largest = Swift.max(abs(a), abs(b))
    guard largest.isFinite, largest > 0 else { return 1 }
    return Double(sign: .plus, exponent: largest.exponent, significand: 1)
  }

  /// The summary of `values` (which are reordered), or nil when there are none.
  ///
  /// - Complexity: O(n) expected.
  public init?(values: inout [Double], bins: Int = Histogram.defaultBinCount) {
    guard !values.isEmpty else { return nil }
    var sum = 0.0
    var compensation = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    for value in values {
      // Neumaier's summation: the low bits each addition drops are kept apart.
      let total = sum + value
      compensation += abs(sum) >= abs(value) ? (sum - total) + value : (value - total) + sum
      sum = total
      minimum = Swift.min(minimum, value)
      maximum = Swift.max(maximum, value)
    }
    sum += compensation
    let count = values.count
    let mean = sum / Double(count)
    var deviation: Double?
    if count > 1 {
      // Two passes: the squares of the deviations from the mean, not the difference of two
      // large sums, which loses the digits of a small spread around a large mean.
      // Scaled by a power of two near the largest deviation (exact, so the figures do not
      // change): a value near 1e300 would square to infinity and leave a deviation of 0.
      let scale = Self.scale(minimum - mean, maximum - mean)
      var squares = 0.0
      var shift = 0.0
      for value in values {
        let difference = (value - mean) / scale
        squares += difference * difference
        shift += difference
      }
      let variance = (squares - shift * shift / Double(count)) / Double(count - 1)
      deviation = Swift.max(0, variance).squareRoot() * scale
    }
    let histogram = Histogram(values, minimum: minimum, maximum: maximum, bins: bins)
    let cuts = Quantiles.values(at: Self.cuts, of: &values)
    self.count = count
    self.sum = sum
    self.mean = mean
    self.standardDeviation = deviation
    self.minimum = minimum
    self.maximum = maximum
    p5 = cuts[0]
    p25 = cuts[1]
    median = cuts[2]
    p75 = cuts[3]
    p95 = cuts[4]
    self.histogram = histogram
  }
}
