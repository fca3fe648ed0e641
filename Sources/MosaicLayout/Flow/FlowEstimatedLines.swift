/// The placement of a self-sizing section (an `estimatedItemSize` and no per-item sizes from the
/// delegate) while every measured item keeps the estimate's length: frames exactly those of a
/// flow layout whose delegate answers the current sizes, at any item count, without per-item
/// arrays.
///
/// While no measured thickness differs from the estimate, the section is the uniform grid
/// (rule 3) of the estimate, as that reference would place it. Once one differs, the reference
/// takes the per-item path (rules 4–7): lines then hold the `perLine` items a greedy fill of
/// the estimate's length gives (every line has the same lengths, so the same composition),
/// their line-axis positions are the per-item path's (computed once, per column), and a line
/// is as thick as its thickest item; the line thicknesses live in `FlowLineThicknesses`, so a
/// line's offset is arithmetic plus a Fenwick prefix. Exact equality with the reference's
/// running sums holds when the sums are exact in binary64 (sizes and spacings on a binary
/// grid, such as the terminal's whole points); see DECISIONS.md.
///
/// Not for: a measured length that differs from the estimate (it changes the lines'
/// composition), a negative line spacing, every item measured, or more than `maximumPerLine`
/// items on a line, once some thickness differs: the section then takes the per-item path
/// over all its sizes (`init` and `measure` say so by failing).
final class FlowEstimatedLines {
  /// The most items a line may hold on the fast path (a zero-length estimate could otherwise
  /// put millions on one line, each placed by a running sum).
  static let maximumPerLine = 4096

  /// The number of items.
  let itemCount: Int
  /// Every item's extent on the line axis: the estimate's.
  let length: Double
  /// The estimated extent on the scroll axis.
  let thickness: Double
  /// The section's line spacing.
  let lineSpacing: Double
  /// The uniform grid of the estimate: the placement while no thickness differs.
  private(set) var grid: FlowUniformGrid
  /// The scroll-axis position of the first line (moves when an earlier section changes).
  var linesStart: Double {
    didSet { grid.linesStart = linesStart }
  }
  /// Items per line on the per-item path (every line but the last holds this many).
  let perLine: Int
  /// The number of lines on the per-item path.
  let lineCount: Int
  /// Whether the per-item placement is possible on the fast path at all.
  let perItemPossible: Bool
  /// The line-axis position of each item of a line that is not the last.
  private let fullColumns: [Double]
  /// The line-axis position of each item of the last line.
  private let lastColumns: [Double]
  /// The estimated thickness plus the line spacing.
  private let pitch: Double
  /// The measured thickness of every measured item.
  private var measured: [Int: Double] = [:]
  /// How many measured thicknesses differ from the estimate.
  private var differing = 0
  /// Each line's thickness.
  private var lines: FlowLineThicknesses
  /// The last line's excess before it and its thickness, kept so `linesEnd` is O(1) when
  /// the sections after a measured one are placed again.
  private var lastLine = (excessBefore: 0.0, thickness: 0.0)

  /// Places `count` items of the estimate `length` × `thickness`, with the measured sizes
  /// (line-axis length, scroll-axis thickness) of some of them; nil when the fast path cannot
  /// place them exactly.
  ///
  /// - Complexity: O(p + r·p) for p items per line and r measured items (O(1) per line once
  ///   the first thickness differs, for the tree); O(1) in the item count.
  init?(
    count: Int, length: Double, thickness: Double, metrics: FlowSectionMetrics,
    linesStart: Double, measured sizes: [Int: (length: Double, thickness: Double)]
  ) {
    itemCount = count
    self.length = length
    self.thickness = thickness
    lineSpacing = metrics.lineSpacing
    self.linesStart = linesStart
    pitch = thickness + metrics.lineSpacing
    grid = FlowUniformGrid(
      count: count, length: length, thickness: thickness, begin: metrics.begin, room: metrics.room,
      interitemSpacing: metrics.interitemSpacing, lineSpacing: metrics.lineSpacing,
      linesStart: linesStart)
    // The per-item path's greedy fill (rule 4) of one line, step by step as it runs, so the
    // composition and the room left are bit for bit the reference's.
    let room = metrics.room
    let spacing = metrics.interitemSpacing
    let oversized = length > room
    var roomLeft = room
    var lineItems = 0
    repeat {
      lineItems += 1
      roomLeft -= length + spacing
    } while !oversized && lineItems < count && lineItems < Self.maximumPerLine
      && length <= roomLeft
    let fits = oversized || lineItems == count || !(length <= roomLeft)
    let possible = fits && metrics.lineSpacing >= 0
    let lines = (count - 1) / lineItems + 1
    perItemPossible = possible
    perLine = lineItems
    lineCount = lines
    self.lines = FlowLineThicknesses(lineCount: lines, estimate: thickness)
    if possible {
      let lastCount = count - (lines - 1) * lineItems
      var lastRoomLeft = room
      for _ in 0..<lastCount { lastRoomLeft -= length + spacing }
      // Rule 5: the last line is complete when every line holds one item or it is exactly
      // as full as the line before it; a lone line is complete only with one item.
      let complete =
        lines == 1
        ? lastCount == 1 : (lineItems == 1 && lastCount == 1) || lastRoomLeft == roomLeft
      fullColumns = Self.columns(
        items: lineItems, complete: true, length: length, metrics: metrics)
      lastColumns = Self.columns(
        items: lastCount, complete: complete, length: length, metrics: metrics)
    } else {
      fullColumns = []
      lastColumns = []
    }
    for (item, size) in sizes where item >= 0 && item < count {
      guard size.length == length else { return nil }
      self.measured[item] = size.thickness
      if size.thickness != thickness { differing += 1 }
    }
    if differing > 0 {
      guard perItemPossible, self.measured.count < count else { return nil }
      for item in self.measured.keys { updateLine(of: item) }
    }
    updateLastLine()
  }

  /// Refreshes `lastLine` after a line changed.
  private func updateLastLine() {
    let last = lineCount - 1
    lastLine = (lines.excess(before: last), lines.thickness(ofLine: last))
  }

  /// The line-axis positions of a line of `items` items, as the per-item path places them
  /// (rule 5): justified when complete, else packed at `begin` with the interitem spacing.
  private static func columns(
    items: Int, complete: Bool, length: Double, metrics: FlowSectionMetrics
  ) -> [Double] {
    let (begin, room) = (metrics.begin, metrics.room)
    var sum = 0.0
    for _ in 0..<items { sum += length }
    let placement: Double
    if complete {
      if items > 1 {
        placement = (room - sum) / Double(items - 1)
      } else {
        placement = sum > room ? begin : begin + (room - sum) / 2
      }
    } else {
      placement = items > 1 ? metrics.interitemSpacing : begin
    }
    var x = items == 1 ? placement : begin
    var result: [Double] = []
    result.reserveCapacity(items)
    for _ in 0..<items {
      result.append(x)
      x += length + placement
    }
    return result
  }

  /// Whether the section is the estimate's uniform grid (no measured thickness differs).
  @inline(__always)
  private var isUniform: Bool { differing == 0 }

  /// The thickness of `item`: measured, else estimated.
  @inline(__always)
  private func thickness(ofItem item: Int) -> Double {
    measured.isEmpty ? thickness : measured[item] ?? thickness
  }

  /// The thickest item of `line`, as the per-item path computes it.
  private func thickestItem(onLine line: Int) -> Double {
    var result = 0.0
    let first = line * perLine
    for item in first..<min(first + perLine, itemCount) {
      result = max(result, thickness(ofItem: item))
    }
    return result
  }

  /// Stores the thickness of `item`'s line again after its item changed.
  private func updateLine(of item: Int) {
    let line = item / perLine
    lines.setThickness(thickestItem(onLine: line), ofLine: line)
  }

  /// Takes the measured `length` × `thickness` of `item`. Returns false when the section must
  /// take the per-item path over all its sizes instead (the object is then to be discarded).
  ///
  /// - Complexity: O(log L + p) for L lines of p items.
  func measure(item: Int, length newLength: Double, thickness newThickness: Double) -> Bool {
    guard newLength == length else { return false }
    let old = measured.updateValue(newThickness, forKey: item)
    if (old ?? thickness) != thickness { differing -= 1 }
    if newThickness != thickness { differing += 1 }
    if differing > 0 && (!perItemPossible || measured.count == itemCount) { return false }
    if perItemPossible {
      updateLine(of: item)
      updateLastLine()
    }
    return true
  }

  /// The end of the lines after `measure(item:length:thickness:)` with these values, without
  /// measuring; nil when that measurement would send the section to the per-item path.
  ///
  /// - Complexity: O(p) for p items per line.
  func linesEnd(measuring item: Int, length newLength: Double, thickness newThickness: Double)
    -> Double?
  {
    guard newLength == length else { return nil }
    let old = measured[item]
    var newDiffering = differing
    if (old ?? thickness) != thickness { newDiffering -= 1 }
    if newThickness != thickness { newDiffering += 1 }
    if newDiffering == 0 { return grid.linesEnd }
    let newMeasuredCount = measured.count + (old == nil ? 1 : 0)
    guard perItemPossible, newMeasuredCount < itemCount else { return nil }
    let line = item / perLine
    var thickest = 0.0
    let first = line * perLine
    for other in first..<min(first + perLine, itemCount) {
      thickest = max(thickest, other == item ? newThickness : thickness(ofItem: other))
    }
    let excess =
      lines.totalExcess - lines.excess(ofLine: line) + (thickest - thickness)
    return linesStart + Double(lineCount - 1) * pitch + excess + thickness
  }

  /// The scroll-axis position of `line` (per-item placement).
  ///
  /// - Complexity: O(log L).
  @inline(__always)
  private func offset(ofLine line: Int) -> Double {
    linesStart + Double(line) * pitch + lines.excess(before: line)
  }

  /// The scroll-axis end of the last line.
  var linesEnd: Double {
    if isUniform { return grid.linesEnd }
    // offset(ofLine: last) + its thickness, from the cache, in the same order of additions.
    return linesStart + Double(lineCount - 1) * pitch + lastLine.excessBefore
      + lastLine.thickness
  }

  /// The least and greatest scroll-axis positions any line reaches.
  var scrollSpan: (min: Double, max: Double) {
    if isUniform { return grid.scrollSpan }
    return (linesStart, linesEnd)
  }

  /// The scroll-axis end of the line holding `item`.
  func lineEnd(ofItem item: Int) -> Double {
    if isUniform {
      let frame = grid.frame(ofItem: item)
      return frame.scroll + frame.thickness
    }
    let line = item / perLine
    return offset(ofLine: line) + lines.thickness(ofLine: line)
  }

  /// The frame of `item` on `line` at `offset`, of thickness `lineThickness`.
  @inline(__always)
  private func frame(item: Int, line: Int, offset: Double, lineThickness: Double) -> AxisRect {
    let column = item - line * perLine
    let x = line == lineCount - 1 ? lastColumns[column] : fullColumns[column]
    let itemThickness = thickness(ofItem: item)
    return AxisRect(
      line: x, scroll: offset + (lineThickness - itemThickness) / 2, length: length,
      thickness: itemThickness)
  }

  /// The frame of `item`.
  ///
  /// - Complexity: O(1) while uniform, else O(log L).
  func frame(ofItem item: Int) -> AxisRect {
    if isUniform { return grid.frame(ofItem: item) }
    let line = item / perLine
    return frame(
      item: item, line: line, offset: offset(ofLine: line),
      lineThickness: lines.thickness(ofLine: line))
  }

  /// Calls `body` with the index and frame of every item overlapping `range`, in item order.
  ///
  /// - Complexity: O(log L + k·p) for the k lines overlapping the range, of p items.
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    if isUniform { return grid.forEachItem(in: range, body) }
    guard range.lineMin < range.lineMax, range.scrollMin < range.scrollMax else { return }
    var block = lines.block(
      startingAtOrBefore: range.scrollMin, linesStart: linesStart, pitch: pitch)
    // The descent sums in another order; step back while its block starts after the range.
    while block > 0
      && offset(ofLine: block << FlowLineThicknesses.blockShift) > range.scrollMin
    {
      block -= 1
    }
    var line = block << FlowLineThicknesses.blockShift
    var excess = lines.excess(before: line)
    while line < lineCount {
      let offset = linesStart + Double(line) * pitch + excess
      if offset >= range.scrollMax { break }
      let lineThickness = lines.thickness(ofLine: line)
      if offset + lineThickness > range.scrollMin {
        let first = line * perLine
        for item in first..<min(first + perLine, itemCount) {
          let itemFrame = frame(
            item: item, line: line, offset: offset, lineThickness: lineThickness)
          if range.overlaps(itemFrame) { body(item, itemFrame) }
        }
      }
      // The running excess as `excess(before:)` sums it; a new block starts from the tree.
      excess += lineThickness - thickness
      line += 1
      if line & (FlowLineThicknesses.blockSize - 1) == 0 { excess = lines.excess(before: line) }
    }
  }

  /// Calls `body` with every item in item order.
  ///
  /// - Complexity: O(n).
  func forEachItem(_ body: (Int, AxisRect) -> Void) {
    if isUniform {
      for item in 0..<itemCount { body(item, grid.frame(ofItem: item)) }
      return
    }
    var excess = 0.0
    for line in 0..<lineCount {
      if line & (FlowLineThicknesses.blockSize - 1) == 0 { excess = lines.excess(before: line) }
      let offset = linesStart + Double(line) * pitch + excess
      let lineThickness = lines.thickness(ofLine: line)
      let first = line * perLine
      for item in first..<min(first + perLine, itemCount) {
        body(item, frame(item: item, line: line, offset: offset, lineThickness: lineThickness))
      }
      excess += lineThickness - thickness
    }
  }

  /// The items whose frames bound all the others: every item of the first and of the last
  /// line (their thickest items reach the lines' ends, their columns are every line's, and
  /// the lines between lie between).
  var boundaryItems: [Int] {
    if isUniform { return grid.boundaryItems }
    let lastLineStart = (lineCount - 1) * perLine
    var items = Array(0..<min(perLine, itemCount))
    items.append(contentsOf: max(lastLineStart, items.count)..<itemCount)
    return items
  }

  /// The bytes stored: the columns, the measured thicknesses and the line store.
  var storageBytes: Int {
    (fullColumns.capacity + lastColumns.capacity) * MemoryLayout<Double>.stride
      + measured.capacity * (MemoryLayout<Int>.stride + MemoryLayout<Double>.stride)
      + lines.storageBytes
  }
}
