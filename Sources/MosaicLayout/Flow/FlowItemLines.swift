/// The placement of a section whose items differ in size (flow-layout.md rules 4–7): lines
/// filled greedily, stored one compact record per line.
///
/// Per line it keeps the first item (`Int32`), the scroll-axis offset and one placement value
/// (the gap for a line of several items, the position for a line of one); a line's thickness
/// is the largest thickness of its items, recomputed when asked, so a line costs 20 bytes.
final class FlowItemLines {
  /// Every item's size.
  let sizes: FlowSizeStore
  /// The first item of each line, plus the item count as a sentinel.
  let lineFirst: [Int32]
  /// The scroll-axis position of each line.
  let lineOffset: [Double]
  /// For a line of several items, the gap between them; for a line of one, its position.
  let linePlacement: [Double]
  /// The line-axis position of a line's first item when it holds several: `begin`.
  let begin: Double
  /// The line-axis room, the spacings and the first line's position the lines were filled
  /// with, to fill them again at another position.
  let room: Double
  let interitemSpacing: Double
  let lineSpacing: Double
  let linesStart: Double
  /// Whether line offsets never decrease (line spacing ≥ 0), so lines can be binary-searched.
  let linesAreSorted: Bool
  /// The scroll-axis end of the last line.
  let linesEnd: Double
  /// The least and greatest scroll-axis positions any line reaches (the first line's start
  /// and `linesEnd`, unless a negative line spacing stacks lines backwards).
  let scrollSpan: (min: Double, max: Double)

  /// The number of items.
  var itemCount: Int { Int(lineFirst[lineFirst.count - 1]) }
  /// The number of lines.
  var lineCount: Int { lineOffset.count }

  /// Fills lines from interleaved (length, thickness) sizes, already cleaned.
  ///
  /// - Parameters:
  ///   - room: `A`, the line-axis room between the insets.
  ///   - linesStart: the scroll-axis position of the first line.
  /// - Complexity: O(n) for n items.
  init(
    sizes: FlowSizeStore, count: Int, begin: Double, room: Double, interitemSpacing: Double,
    lineSpacing: Double, linesStart: Double
  ) {
    self.sizes = sizes
    self.begin = begin
    self.room = room
    self.interitemSpacing = interitemSpacing
    self.lineSpacing = lineSpacing
    self.linesStart = linesStart
    linesAreSorted = lineSpacing >= 0
    var firsts: [Int32] = []
    var offsets: [Double] = []
    var placements: [Double] = []
    // Lines average several items; this is only a first guess for the capacity.
    let guess = count / 4 + 1
    firsts.reserveCapacity(guess + 1)
    offsets.reserveCapacity(guess)
    placements.reserveCapacity(guess)

    var y = linesStart
    var lineCountInItems = 0  // items on the current line
    var lineSum = 0.0  // sum of their lengths
    var lineThickness = 0.0
    var roomLeft = room
    var lineClosed = false  // an oversized item ends its line (rule 6)
    var previousRoomLeft = Double.nan
    var everyLineHoldsOne = true
    var lastLineEnd = linesStart
    var spanMin = linesStart
    var spanMax = linesStart

    // A complete line is justified (rule 5); this is its placement value.
    func completePlacement(items: Int, sum: Double) -> Double {
      if items > 1 { return (room - sum) / Double(items - 1) }
      return sum > room ? begin : begin + (room - sum) / 2
    }

    for i in 0..<count {
      let length = sizes.length(i)
      let oversized = length > room
      if lineCountInItems > 0 && (lineClosed || oversized || !(length <= roomLeft)) {
        placements.append(completePlacement(items: lineCountInItems, sum: lineSum))
        offsets.append(y)
        lastLineEnd = y + lineThickness
        spanMin = min(spanMin, y)
        spanMax = max(spanMax, lastLineEnd)
        y += lineThickness + lineSpacing
        previousRoomLeft = roomLeft
        everyLineHoldsOne = everyLineHoldsOne && lineCountInItems == 1
        lineCountInItems = 0
        lineSum = 0
        lineThickness = 0
        roomLeft = room
        lineClosed = false
      }
      if lineCountInItems == 0 { firsts.append(Int32(truncatingIfNeeded: i)) }
      lineCountInItems += 1
      lineSum += length
      roomLeft -= length + interitemSpacing
      lineThickness = max(lineThickness, sizes.thickness(i))
      if oversized { lineClosed = true }
    }
    if lineCountInItems > 0 {
      // The last line is complete only when every line holds one item or it is exactly as
      // full as the line before it; otherwise it is packed at `begin` (rule 5).
      let complete =
        (everyLineHoldsOne && lineCountInItems == 1) || roomLeft == previousRoomLeft
      if complete {
        placements.append(completePlacement(items: lineCountInItems, sum: lineSum))
      } else {
        placements.append(lineCountInItems > 1 ? interitemSpacing : begin)
      }
      offsets.append(y)
      lastLineEnd = y + lineThickness
      spanMin = min(spanMin, y)
      spanMax = max(spanMax, lastLineEnd)
    }
    firsts.append(Int32(truncatingIfNeeded: count))
    // The capacity was a guess; keep only what the lines use.
    lineFirst = Self.trimmed(firsts)
    lineOffset = Self.trimmed(offsets)
    linePlacement = Self.trimmed(placements)
    linesEnd = lastLineEnd
    scrollSpan = (spanMin, spanMax)
  }

  /// `array` with no spare capacity (a copy only when it has much to spare).
  private static func trimmed<T>(_ array: [T]) -> [T] {
    guard array.capacity > array.count + array.count / 8 + 16 else { return array }
    return [T](unsafeUninitializedCapacity: array.count) { buffer, initialized in
      _ = buffer.initialize(from: array)
      initialized = array.count
    }
  }

  /// The same items with the first line at `newLinesStart` (an earlier section changed): the
  /// lines filled again, exactly as `init` fills them there.
  ///
  /// - Complexity: O(1) when the position is the same, else O(n).
  func moved(toLinesStart newLinesStart: Double) -> FlowItemLines {
    guard newLinesStart != linesStart else { return self }
    return FlowItemLines(
      sizes: sizes, count: itemCount, begin: begin, room: room,
      interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, linesStart: newLinesStart)
  }

  /// The scroll-axis end of the line holding `item`.
  ///
  /// - Complexity: O(log L + m).
  func lineEnd(ofItem item: Int) -> Double {
    let line = line(ofItem: item)
    var thickness = 0.0
    for i in Int(lineFirst[line])..<Int(lineFirst[line + 1]) {
      thickness = max(thickness, sizes.thickness(i))
    }
    return lineOffset[line] + thickness
  }

  /// The bytes the stored arrays take.
  var storageBytes: Int {
    sizes.storageBytes + lineFirst.capacity * MemoryLayout<Int32>.stride
      + lineOffset.capacity * MemoryLayout<Double>.stride
      + linePlacement.capacity * MemoryLayout<Double>.stride
  }

  /// The line holding `item`, by binary search over the lines' first items.
  ///
  /// - Complexity: O(log L) for L lines.
  func line(ofItem item: Int) -> Int {
    var low = 0
    var high = lineCount  // invariant: lineFirst[low] <= item < lineFirst[high]
    while high - low > 1 {
      let mid = (low + high) / 2
      if Int(lineFirst[mid]) <= item { low = mid } else { high = mid }
    }
    return low
  }

  /// Calls `body` with the index and frame of each item on `line` from its first item through
  /// `lastItem` (or the whole line), in item order.
  ///
  /// - Complexity: O(m) for m items on the line.
  @inline(__always)
  func forEachItem(onLine line: Int, through lastItem: Int? = nil, _ body: (Int, AxisRect) -> Void)
  {
    let first = Int(lineFirst[line])
    let end = Int(lineFirst[line + 1])
    var thickness = 0.0
    for i in first..<end { thickness = max(thickness, sizes.thickness(i)) }
    let offset = lineOffset[line]
    let placement = linePlacement[line]
    var x = end - first == 1 ? placement : begin
    let gap = placement
    let stop = min(end, (lastItem ?? end - 1) + 1)
    for i in first..<stop {
      let length = sizes.length(i)
      let itemThickness = sizes.thickness(i)
      body(
        i,
        AxisRect(
          line: x, scroll: offset + (thickness - itemThickness) / 2, length: length,
          thickness: itemThickness))
      x += length + gap
    }
  }

  /// The frame of `item`.
  ///
  /// - Complexity: O(log L + m): the binary search, then the items of its line.
  func frame(ofItem item: Int) -> AxisRect {
    var result = AxisRect(line: 0, scroll: 0, length: 0, thickness: 0)
    forEachItem(onLine: line(ofItem: item), through: item) { _, frame in result = frame }
    return result
  }

  /// Calls `body` with the index and frame of every item overlapping `range`, in item order.
  ///
  /// - Complexity: O(log L + m·l) where l lines overlap the range's scroll extent and hold m
  ///   items each; every line when line spacing is negative (lines may then overlap).
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    guard range.lineMin < range.lineMax, range.scrollMin < range.scrollMax, lineCount > 0 else {
      return
    }
    var start = 0
    if linesAreSorted {
      // The first line starting after scrollMin; the one before it may reach into the range,
      // and one more is taken so rounding at a shared edge cannot drop an item.
      var low = 0
      var high = lineCount
      while low < high {
        let mid = (low + high) / 2
        if lineOffset[mid] > range.scrollMin { high = mid } else { low = mid + 1 }
      }
      start = max(low - 2, 0)
    }
    for line in start..<lineCount {
      if lineOffset[line] >= range.scrollMax {
        if linesAreSorted { break } else { continue }
      }
      forEachItem(onLine: line) { item, frame in
        if range.overlaps(frame) { body(item, frame) }
      }
    }
  }
}
