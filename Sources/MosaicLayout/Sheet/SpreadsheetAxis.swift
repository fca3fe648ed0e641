/// One axis of a spreadsheet (its columns or its rows): where each index starts and how long it is.
///
/// Index 0 is the header (its own length), the others share one default length unless the
/// axis is sized per index. A uniform axis stores nothing per index and answers by arithmetic;
/// a per-index axis keeps the prefix sums of its lengths and answers by binary search.
struct SpreadsheetAxis {
  /// The number of indices (columns or rows).
  let count: Int
  /// The length of index 0, the header.
  let headerLength: Double
  /// The length of every other index, when the axis is uniform.
  let bodyLength: Double
  /// `offsets[i]` is where index `i` starts, `offsets[count]` the total; nil when uniform.
  let offsets: [Double]?

  /// An axis with no indices.
  static let empty = SpreadsheetAxis(count: 0, headerLength: 0, bodyLength: 0, offsets: nil)

  /// A uniform axis: the header's length, then `count − 1` indices of `bodyLength`.
  init(count: Int, headerLength: Double, bodyLength: Double) {
    self.init(
      count: max(count, 0), headerLength: Self.sanitized(headerLength),
      bodyLength: Self.sanitized(bodyLength), offsets: nil)
  }

  /// An axis sized per index: `length(i)` for every index, asked once each.
  ///
  /// - Complexity: O(count).
  init(count: Int, length: (Int) -> Double) {
    let count = max(count, 0)
    var offsets = [Double]()
    offsets.reserveCapacity(count + 1)
    var total = 0.0
    offsets.append(0)
    for index in 0..<count {
      total += Self.sanitized(length(index))
      offsets.append(total)
    }
    self.init(
      count: count, headerLength: count > 0 ? offsets[1] : 0, bodyLength: 0, offsets: offsets)
  }

  private init(count: Int, headerLength: Double, bodyLength: Double, offsets: [Double]?) {
    self.count = count
    self.headerLength = headerLength
    self.bodyLength = bodyLength
    self.offsets = offsets
  }

  /// A length the layout can use: negative, NaN and infinite values count as 0, so one bad
  /// answer cannot poison every offset after it.
  static func sanitized(_ length: Double) -> Double {
    length.isFinite && length > 0 ? length : 0
  }

  /// The sum of every length.
  var total: Double {
    if let offsets { return offsets[count] }
    return count == 0 ? 0 : headerLength + Double(count - 1) * bodyLength
  }

  /// Where index `i` (0 ≤ i ≤ count) starts; `start(count)` is the total.
  func start(_ i: Int) -> Double {
    if let offsets { return offsets[i] }
    return i == 0 ? 0 : headerLength + Double(i - 1) * bodyLength
  }

  /// The length of index `i`.
  func length(_ i: Int) -> Double {
    if let offsets { return offsets[i + 1] - offsets[i] }
    return i == 0 ? headerLength : bodyLength
  }

  /// The indices whose span [start, end) may overlap the open interval (`low`, `high`): those
  /// that end after `low` and start before `high`. Zero-length indices inside it are included;
  /// callers drop them with the positive-area test.
  ///
  /// - Complexity: O(1) when uniform, O(log count) otherwise.
  func indices(overlapping low: Double, _ high: Double) -> Range<Int> {
    guard count > 0, low < high else { return 0..<0 }
    let first = firstIndex(endingAfter: low)
    let end = firstIndex(startingAtOrAfter: high)
    return first < end ? first..<end : first..<first
  }

  /// The first index whose end is greater than `value`, or `count` if none.
  func firstIndex(endingAfter value: Double) -> Int {
    if let offsets {
      // Ends are offsets[1...count], non-decreasing: find the first > value.
      var low = 1
      var high = count + 1
      while low < high {
        let mid = (low + high) / 2
        if offsets[mid] > value { high = mid } else { low = mid + 1 }
      }
      return low - 1
    }
    if headerLength > value { return 0 }
    guard count > 1, bodyLength > 0 else { return count }
    // Index i ≥ 1 ends at header + i × body: the first with that > value.
    var index = Self.clamp(((value - headerLength) / bodyLength).rounded(.down) + 1, to: count)
    // The division may round the other way from the multiplication in `start(_:)`: settle
    // on the exact answer against the frames the layout actually produces.
    while index > 1 && start(index) > value { index -= 1 }
    while index < count && start(index + 1) <= value { index += 1 }
    return index
  }

  /// The first index whose start is at or after `value`, or `count` if none.
  func firstIndex(startingAtOrAfter value: Double) -> Int {
    if let offsets {
      // Starts are offsets[0..<count], non-decreasing: find the first >= value.
      var low = 0
      var high = count
      while low < high {
        let mid = (low + high) / 2
        if offsets[mid] >= value { high = mid } else { low = mid + 1 }
      }
      return low
    }
    if value <= 0 { return 0 }
    if value <= headerLength { return min(1, count) }
    guard count > 1, bodyLength > 0 else { return count }
    // Index i ≥ 1 starts at header + (i − 1) × body: the first with that >= value.
    var index = Self.clamp(((value - headerLength) / bodyLength).rounded(.up) + 1, to: count)
    while index > 1 && start(index - 1) >= value { index -= 1 }
    while index < count && start(index) < value { index += 1 }
    return index
  }

  /// `value` as an index in 0...count, saturating instead of trapping on huge values.
  private static func clamp(_ value: Double, to count: Int) -> Int {
    guard value.isFinite else { return value < 0 ? 0 : count }
    return value >= Double(count) ? count : max(0, Int(value))
  }

  /// The bytes of the stored prefix sums (array capacity); 0 when uniform.
  var storageBytes: Int {
    (offsets?.capacity ?? 0) * MemoryLayout<Double>.stride
  }
}
