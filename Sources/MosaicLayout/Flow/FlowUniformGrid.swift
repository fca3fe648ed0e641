/// The placement of a section whose items all have one size (flow-layout.md rule 3): pure
/// arithmetic, no per-item storage, so ten million items cost a few dozen bytes.
struct FlowUniformGrid {
  /// The number of items in the section (at least 1).
  var itemCount: Int
  /// Items per line, `n`, capped at `itemCount` (the gap still comes from the uncapped `n`).
  var perLine: Int
  /// The number of lines, `ceil(itemCount / perLine)`.
  var lineCount: Int
  /// The line-axis position of column 0: `begin`, or the centred position when `n = 1`.
  var firstColumn: Double
  /// The distance from one column to the next, `w + g`.
  var columnStep: Double
  /// The item's extent on the line axis, `w`.
  var length: Double
  /// The item's extent on the scroll axis.
  var thickness: Double
  /// The scroll-axis position of the first line.
  var linesStart: Double
  /// The distance from one line to the next, `thickness + LS`.
  var linePitch: Double

  /// Lays out `count` items of `length` × `thickness` in the room `room` (`A`) after `begin`.
  init(
    count: Int, length w: Double, thickness: Double, begin: Double, room: Double,
    interitemSpacing: Double, lineSpacing: Double, linesStart: Double
  ) {
    itemCount = count
    length = w
    self.thickness = thickness
    self.linesStart = linesStart
    linePitch = thickness + lineSpacing
    var n = 1.0
    if !(w > room) {  // An oversized item sits alone and centred (rule 6).
      let step = w + interitemSpacing
      if step == 0 {
        // Rule 14: zero-length items with no spacing all go on one line.
        n = Double(max(count, 1))
      } else {
        let ratio = ((room + interitemSpacing) / step).rounded(.down)
        n = ratio.isFinite ? max(1, ratio) : Double(max(count, 1))
      }
    }
    if n > 1 {
      let gap = (room - n * w) / (n - 1)
      firstColumn = begin
      columnStep = w + gap
      perLine = n < Double(count) ? Int(n) : count
    } else {
      firstColumn = begin + (room - w) / 2
      columnStep = 0
      perLine = 1
    }
    lineCount = (count - 1) / perLine + 1
  }

  /// The frame of item `k`.
  @inline(__always)
  func frame(ofItem k: Int) -> AxisRect {
    let line = k / perLine
    return frame(line: line, column: k - line * perLine)
  }

  /// The frame of the item on `line` at `column`.
  @inline(__always)
  func frame(line: Int, column: Int) -> AxisRect {
    AxisRect(
      line: column == 0 ? firstColumn : firstColumn + Double(column) * columnStep,
      scroll: line == 0 ? linesStart : linesStart + Double(line) * linePitch,
      length: length, thickness: thickness)
  }

  /// The first and last item of the first and of the last line, in order, without repeats:
  /// every other item lies between them on both axes and has their size.
  var boundaryItems: [Int] {
    let lastLineStart = (lineCount - 1) * perLine
    var items = [0, perLine - 1, lastLineStart, itemCount - 1]
    items.sort()
    return items.enumerated().filter { $0.offset == 0 || items[$0.offset - 1] != $0.element }
      .map(\.element)
  }

  /// The scroll-axis end of the last line.
  var linesEnd: Double {
    (lineCount == 1 ? linesStart : linesStart + Double(lineCount - 1) * linePitch) + thickness
  }

  /// The least and greatest scroll-axis positions any line reaches (the first line's start
  /// and `linesEnd`, unless a negative line spacing stacks lines backwards).
  var scrollSpan: (min: Double, max: Double) {
    let last = lineCount == 1 ? linesStart : linesStart + Double(lineCount - 1) * linePitch
    return (min(linesStart, last), max(linesStart, last) + thickness)
  }

  /// Calls `body` with the index and frame of every item overlapping `range`, in item order.
  ///
  /// - Complexity: O(k) for k items found: the lines and columns are found by arithmetic,
  ///   with one spare on each side that the exact overlap test then rejects.
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    // Items of zero area overlap nothing with positive area.
    guard length > 0, thickness > 0, range.lineMin < range.lineMax,
      range.scrollMin < range.scrollMax
    else { return }
    let lastLine = lineCount - 1
    var firstLine = 0
    var endLine = lastLine
    if linePitch > 0 && linePitch.isFinite {
      firstLine =
        flowFloorIndex(
          (range.scrollMin - linesStart - thickness) / linePitch, in: -1...lastLine + 1) - 1
      endLine = flowFloorIndex((range.scrollMax - linesStart) / linePitch, in: -1...lastLine) + 1
      firstLine = max(firstLine, 0)
      endLine = min(endLine, lastLine)
    }
    guard firstLine <= endLine else { return }
    let lastColumn = perLine - 1
    var firstColumnIndex = 0
    var endColumnIndex = lastColumn
    if perLine > 1 && columnStep > 0 && columnStep.isFinite {
      firstColumnIndex = max(
        flowFloorIndex((range.lineMin - firstColumn - length) / columnStep, in: -1...lastColumn + 1)
          - 1, 0)
      endColumnIndex = min(
        flowFloorIndex((range.lineMax - firstColumn) / columnStep, in: -1...lastColumn) + 1,
        lastColumn)
    }
    guard firstColumnIndex <= endColumnIndex else { return }
    for line in firstLine...endLine {
      let lineFrame = frame(line: line, column: firstColumnIndex)
      guard range.overlapsScroll(lineFrame) else { continue }
      let base = line * perLine
      for column in firstColumnIndex...endColumnIndex {
        let item = base + column
        if item >= itemCount { break }
        let f = frame(line: line, column: column)
        if range.overlaps(f) { body(item, f) }
      }
    }
  }
}
