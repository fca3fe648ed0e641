/// One section's geometry along the scroll axis (flow-layout.md rule 9) and how its items are
/// placed: `header, before, lines, after, footer`.
struct FlowSection {
  /// How a section's items are placed.
  enum Items {
    /// No items.
    case none
    /// All items share one size (rule 3): arithmetic.
    case uniform(FlowUniformGrid)
    /// Items differ in size (rules 4–7): stored lines.
    case perItem(FlowItemLines)
    /// Estimated items of which some may be measured, every one of the estimate's length
    /// (self-sizing): arithmetic plus a sparse store of line thicknesses.
    case estimated(FlowEstimatedLines)
  }

  /// The number of items.
  var itemCount: Int
  /// The scroll-axis position where the section (its header) starts.
  var start: Double
  /// The header's extent on the scroll axis; 0 means no header.
  var headerThickness: Double
  /// The scroll-axis position where the footer starts.
  var footerStart: Double
  /// The footer's extent on the scroll axis; 0 means no footer.
  var footerThickness: Double
  /// The scroll-axis position where the next section starts.
  var end: Double
  /// The least and greatest scroll-axis positions any element of the section can reach,
  /// pinned supplementary views included; equal to `start` and `end` unless insets are negative.
  var spanMin: Double
  var spanMax: Double
  /// The values that place the lines, to place the section again.
  var metrics: FlowSectionMetrics
  /// The estimated item size (line-axis length, scroll-axis thickness) of a self-sizing
  /// section, whatever path its items take now; nil for a section its delegate sizes.
  var estimate: (length: Double, thickness: Double)?
  /// The item placement.
  var items: Items

  /// A section at `start` with these extents and items (placed at the position `place(at:)`
  /// gives them).
  init(
    itemCount: Int, start: Double, headerThickness: Double, footerThickness: Double,
    metrics: FlowSectionMetrics, estimate: (length: Double, thickness: Double)?, items: Items
  ) {
    self.itemCount = itemCount
    self.headerThickness = headerThickness
    self.footerThickness = footerThickness
    self.metrics = metrics
    self.estimate = estimate
    self.items = items
    self.start = start
    footerStart = start
    end = start
    spanMin = start
    spanMax = start
    place(at: start)
  }

  /// The scroll-axis position of the first line for a section starting at `start`.
  @inline(__always)
  func linesStart(at start: Double) -> Double {
    var cursor = start
    cursor += headerThickness
    cursor += metrics.before
    return cursor
  }

  /// Places the section at `newStart`: its items, footer, end and span, with the arithmetic
  /// of the first placement (rule 9), so a section moved by an earlier one's change is bit for
  /// bit the section built there.
  ///
  /// - Complexity: O(1), or O(n) for n items sized per item when the start changes.
  mutating func place(at newStart: Double) {
    start = newStart
    let firstLine = self.linesStart(at: newStart)
    var linesEnd = firstLine
    var itemSpan = (min: firstLine, max: firstLine)
    switch items {
    case .none:
      break
    case .uniform(var grid):
      grid.linesStart = firstLine
      linesEnd = grid.linesEnd
      itemSpan = grid.scrollSpan
      items = .uniform(grid)
    case .perItem(let lines):
      let moved = lines.moved(toLinesStart: firstLine)
      linesEnd = moved.linesEnd
      itemSpan = moved.scrollSpan
      if moved !== lines { items = .perItem(moved) }
    case .estimated(let lines):
      lines.linesStart = firstLine
      linesEnd = lines.linesEnd
      itemSpan = lines.scrollSpan
    }
    var cursor = linesEnd
    cursor += metrics.after
    footerStart = cursor
    cursor += footerThickness
    end = cursor
    spanMin = min(start, itemSpan.min, footerStart)
    spanMax = max(cursor, itemSpan.max, start + headerThickness, footerStart + footerThickness)
  }

  /// The frame of item `item` (which must exist).
  func frame(ofItem item: Int) -> AxisRect {
    switch items {
    case .none: return AxisRect(line: 0, scroll: start, length: 0, thickness: 0)
    case .uniform(let grid): return grid.frame(ofItem: item)
    case .perItem(let lines): return lines.frame(ofItem: item)
    case .estimated(let lines): return lines.frame(ofItem: item)
    }
  }

  /// The scroll-axis end of the line holding `item` (which must exist).
  func lineEnd(ofItem item: Int) -> Double {
    switch items {
    case .none: return start
    case .uniform(let grid):
      let frame = grid.frame(ofItem: item)
      return frame.scroll + frame.thickness
    case .perItem(let lines): return lines.lineEnd(ofItem: item)
    case .estimated(let lines): return lines.lineEnd(ofItem: item)
    }
  }

  /// The scroll-axis end of the section's lines.
  var linesEnd: Double {
    switch items {
    case .none: return linesStart(at: start)
    case .uniform(let grid): return grid.linesEnd
    case .perItem(let lines): return lines.linesEnd
    case .estimated(let lines): return lines.linesEnd
    }
  }

  /// Calls `body` with every item overlapping `range`, in item order.
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    switch items {
    case .none: return
    case .uniform(let grid): grid.forEachItem(in: range, body)
    case .perItem(let lines): lines.forEachItem(in: range, body)
    case .estimated(let lines): lines.forEachItem(in: range, body)
    }
  }

  /// Calls `body` with the items whose frames bound the rest, in item order: in a uniform
  /// section the first and last item of its first and last lines, in a section sized per item
  /// every item, in an estimated one every item of its first and last lines.
  ///
  /// - Complexity: O(1) for a uniform section, O(n) for n items sized per item.
  func forEachBoundaryItem(_ body: (Int, AxisRect) -> Void) {
    switch items {
    case .none: return
    case .uniform(let grid):
      for item in grid.boundaryItems { body(item, grid.frame(ofItem: item)) }
    case .perItem:
      forEachItem(body)
    case .estimated(let lines):
      for item in lines.boundaryItems { body(item, lines.frame(ofItem: item)) }
    }
  }

  /// Calls `body` with every item, in item order.
  ///
  /// - Complexity: O(n) for n items.
  func forEachItem(_ body: (Int, AxisRect) -> Void) {
    switch items {
    case .none: return
    case .uniform(let grid):
      for item in 0..<grid.itemCount { body(item, grid.frame(ofItem: item)) }
    case .perItem(let lines):
      for line in 0..<lines.lineCount { lines.forEachItem(onLine: line, body) }
    case .estimated(let lines):
      lines.forEachItem(body)
    }
  }

  /// The bytes the section's item placement stores beyond the section record itself.
  var itemStorageBytes: Int {
    switch items {
    case .perItem(let lines): return lines.storageBytes
    case .estimated(let lines): return lines.storageBytes
    default: return 0
    }
  }
}
