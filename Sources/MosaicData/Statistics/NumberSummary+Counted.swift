extension NumberSummary {
  /// The summary of numbers given as distinct values with how many times each occurs (a
  /// database's `GROUP BY`), or nil when there are none: the same figures as
  /// `init(values:bins:)` over every occurrence (the sums to rounding), found without making
  /// the occurrences.
  ///
  /// - Complexity: O(k log k) for k distinct values.
  init?(counted: [(value: Double, count: Int)], bins: Int = Histogram.defaultBinCount) {
    let groups = counted.filter { $0.count > 0 }.sorted { $0.value < $1.value }
    guard let low = groups.first?.value, let high = groups.last?.value else { return nil }
    var sum = 0.0
    var compensation = 0.0
    var count = 0
    for group in groups {
      // Neumaier's summation, as over the values.
      let value = group.value * Double(group.count)
      let total = sum + value
      compensation += abs(sum) >= abs(value) ? (sum - total) + value : (value - total) + sum
      sum = total
      count += group.count
    }
    sum += compensation
    let mean = sum / Double(count)
    var deviation: Double?
    if count > 1 {
      // Scaled as over the values, so that a value near 1e300 does not square to infinity.
      let scale = Self.scale(low - mean, high - mean)
      var squares = 0.0
      var shift = 0.0
      for group in groups {
        let difference = (group.value - mean) / scale
        squares += difference * difference * Double(group.count)
        shift += difference * Double(group.count)
      }
      let variance = (squares - shift * shift / Double(count)) / Double(count - 1)
      deviation = Swift.max(0, variance).squareRoot() * scale
    }
    let binCount = high > low ? Swift.max(1, bins) : 1
    var histogram = [Int](repeating: 0, count: binCount)
    for group in groups {
      histogram[Histogram.bin(of: group.value, minimum: low, maximum: high, count: binCount)] +=
        group.count
    }
    // The value at each rank, found along the running count, interpolated as `Quantiles` does.
    var ends: [Int] = []
    ends.reserveCapacity(groups.count)
    var running = 0
    for group in groups {
      running += group.count
      ends.append(running)
    }
    func value(atRank rank: Int) -> Double {
      var lower = 0
      var upper = ends.count - 1
      while lower < upper {
        let middle = (lower + upper) / 2
        if ends[middle] > rank { upper = middle } else { lower = middle + 1 }
      }
      return groups[lower].value
    }
    let cuts = Self.cuts.map { cut -> Double in
      let span = cut.ranks(count: count)
      let n = Double(cut.denominator)
      return
        (value(atRank: span.lower) * (n - Double(span.delta)) + value(atRank: span.upper)
        * Double(span.delta)) / n
    }
    self.init(
      count: count, sum: sum, mean: mean, standardDeviation: deviation, minimum: low,
      maximum: high, p5: cuts[0], p25: cuts[1], median: cuts[2], p75: cuts[3], p95: cuts[4],
      histogram: Histogram(minimum: low, maximum: high, counts: histogram))
  }
}
