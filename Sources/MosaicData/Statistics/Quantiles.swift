/// Quantiles of numbers by one documented method: linear interpolation between the closest
/// ranks with the minimum as the 0th and the maximum as the 100th percentile, the same as
/// Python's `statistics.quantiles(data, n=N, method='inclusive')`, NumPy's default, R's type 7
/// and PostgreSQL's `percentile_cont`; the median is `statistics.median`'s.
///
/// No UIKit counterpart. The values are not sorted: the ranks a quantile needs are put in place
/// by selection (quickselect with a three-way partition, falling back to a sort where it would
/// go quadratic), O(n) for a handful of quantiles where a sort is O(n log n).
public enum Quantiles {
  /// A quantile as a fraction `numerator / denominator` (1/4 is the first quartile), so that
  /// the ranks are found with exact integer arithmetic as Python finds them.
  public struct Cut: Hashable, Sendable {
    /// The fraction's numerator, 0...denominator.
    public var numerator: Int
    /// The fraction's denominator, at least 1.
    public var denominator: Int

    /// The cut at `numerator / denominator`.
    public init(_ numerator: Int, _ denominator: Int) {
      self.numerator = numerator
      self.denominator = max(1, denominator)
    }

    /// The two ranks the cut interpolates between in `count` values, and the weight of the
    /// upper one (in `denominator`ths): `divmod(i * (count - 1), n)` in Python.
    func ranks(count: Int) -> (lower: Int, upper: Int, delta: Int) {
      let scaled = numerator * (count - 1)
      let lower = scaled / denominator
      return (lower, min(count - 1, lower + 1), scaled % denominator)
    }
  }

  /// The values at `cuts` of `values`, in the order of `cuts`; `values` is reordered (partly
  /// sorted) on the way. Empty when `values` is.
  ///
  /// - Complexity: O(n) expected for a few cuts; O(n log n) at worst.
  public static func values(at cuts: [Cut], of values: inout [Double]) -> [Double] {
    guard !values.isEmpty else { return [] }
    let count = values.count
    let spans = cuts.map { $0.ranks(count: count) }
    let ranks = Array(Set(spans.flatMap { [$0.lower, $0.upper] })).sorted()
    let ranked: [Int: Double]
    if let found = bucketed(ranks, of: values) {
      ranked = found
    } else {
      values.withUnsafeMutableBufferPointer { buffer in
        var depth = 0
        var size = count
        while size > 0 {
          depth += 2
          size /= 2
        }
        select(buffer, 0, count, ranks[...], depthLimit: depth + 8)
      }
      ranked = Dictionary(uniqueKeysWithValues: ranks.map { ($0, values[$0]) })
    }
    return zip(cuts, spans).map { cut, span in
      let n = Double(cut.denominator)
      return
        (ranked[span.lower]! * (n - Double(span.delta)) + ranked[span.upper]!
        * Double(span.delta)) / n
    }
  }

  /// The values at `ranks` found by counting instead of moving: one pass finds the range, one
  /// counts the values in equal-width buckets over it (a value's bucket never precedes a smaller
  /// value's), one gathers the few buckets the ranks fall in, which are sorted. Branch-light
  /// passes over a large array, where the selection's partitions swap and mispredict. Nil (the
  /// selection answers) for a small array, a NaN, an infinite or empty range, a gathered part
  /// over an eighth of the values (skewed data), or a -0.0: with it, equal numbers may differ in
  /// sign, and which one a rank shows would depend on the method; without it the numbers at the
  /// ranks are the same bits however they are found.
  private static func bucketed(_ ranks: [Int], of values: [Double]) -> [Int: Double]? {
    let count = values.count
    guard count >= 65_536 else { return nil }
    var low = Double.infinity
    var high = -Double.infinity
    var irregular = false
    for value in values {
      low = Swift.min(low, value)
      high = Swift.max(high, value)
      irregular = irregular || value.isNaN || (value == 0 && value.sign == .minus)
    }
    let spread = high - low
    guard !irregular, spread > 0, spread.isFinite else { return nil }
    let bucketCount = 1 << 14
    let scale = Double(bucketCount) / spread
    guard scale.isFinite else { return nil }
    @inline(__always) func bucket(_ value: Double) -> Int {
      Swift.min(bucketCount - 1, Int((value - low) * scale))
    }
    var counts = [Int](repeating: 0, count: bucketCount)
    counts.withUnsafeMutableBufferPointer { counts in
      for value in values { counts[bucket(value)] += 1 }
    }
    // Each rank's bucket and the rank of that bucket's first value.
    var wanted: [Int: Int] = [:]
    var rankBuckets: [(rank: Int, bucket: Int)] = []
    var before = 0
    var next = 0
    for index in 0..<bucketCount where next < ranks.count {
      while next < ranks.count, ranks[next] < before + counts[index] {
        wanted[index] = before
        rankBuckets.append((ranks[next], index))
        next += 1
      }
      before += counts[index]
    }
    guard next == ranks.count,
      wanted.keys.reduce(0, { $0 + counts[$1] }) <= count / 8
    else { return nil }
    var gathered: [Int: [Double]] = [:]
    for index in wanted.keys { gathered[index] = [] }
    var isWanted = [Bool](repeating: false, count: bucketCount)
    for index in wanted.keys { isWanted[index] = true }
    for value in values {
      let index = bucket(value)
      if isWanted[index] { gathered[index]!.append(value) }
    }
    for index in wanted.keys { gathered[index]!.sort() }
    var ranked: [Int: Double] = [:]
    for (rank, index) in rankBuckets {
      ranked[rank] = gathered[index]![rank - wanted[index]!]
    }
    return ranked
  }

  /// Puts the elements of ranks `ranks` (sorted, within `low..<high`) in their sorted places.
  private static func select(
    _ buffer: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int,
    _ ranks: ArraySlice<Int>, depthLimit: Int
  ) {
    var low = low
    var high = high
    var ranks = ranks
    var depth = depthLimit
    while let first = ranks.first, let last = ranks.last {
      if first >= high || last < low { return }
      if high - low <= 24 {
        insertionSort(buffer, low, high)
        return
      }
      if depth == 0 {
        // Adversarial order: a sort bounds the work.
        buffer[low..<high].sort()
        return
      }
      depth -= 1
      let pivot = medianOfThree(buffer[low], buffer[(low + high) / 2], buffer[high - 1])
      // Three ways: below, equal to and above the pivot, so a column of few distinct values
      // (integers, flags) settles in one pass.
      var below = low
      var index = low
      var above = high
      while index < above {
        let value = buffer[index]
        if value < pivot {
          buffer.swapAt(below, index)
          below += 1
          index += 1
        } else if value > pivot {
          above -= 1
          buffer.swapAt(index, above)
        } else {
          index += 1
        }
      }
      let left = ranks.prefix(while: { $0 < below })
      let right = ranks.drop(while: { $0 < above })
      if left.count <= right.count {
        select(buffer, low, below, left, depthLimit: depth)
        low = above
        ranks = right
      } else {
        select(buffer, above, high, right, depthLimit: depth)
        high = below
        ranks = left
      }
    }
  }

  private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
    max(min(a, b), min(max(a, b), c))
  }

  private static func insertionSort(
    _ buffer: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int
  ) {
    guard high - low > 1 else { return }
    for i in (low + 1)..<high {
      let value = buffer[i]
      var j = i
      while j > low, buffer[j - 1] > value {
        buffer[j] = buffer[j - 1]
        j -= 1
      }
      buffer[j] = value
    }
  }
}
