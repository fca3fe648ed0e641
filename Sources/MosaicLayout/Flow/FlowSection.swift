/// One section's geometry along the scroll axis (flow-layout.md rule 9) and how its items are
/// placed: `header, before, lines, after, footer`.
///
/// Kept small (32 bytes) because a grouped browser holds one per group, a million of them: the
/// values sections share as a rule (metrics, header and footer, estimate, a uniform item size)
/// sit in a `FlowSectionStyle` shared by consecutive sections that agree on them, a uniform
/// grid is worked out from them when asked for, and so are where the footer starts and the
/// section ends and its span, with the very sums that placed them.
struct FlowSection {
  /// How a section's items are placed.
  enum Items {
    /// No items.
    case none
    /// All items share one size (rule 3): arithmetic.
    case uniform(length: Double, thickness: Double)
    /// Items differ in size (rules 4–7): stored lines.
    case perItem(FlowItemLines)
    /// Estimated items of which some may be measured, every one of the estimate's length
    /// (self-sizing): arithmetic plus a sparse store of line thicknesses.
    case estimated(FlowEstimatedLines)
  }

  /// What the section stores of its items: a uniform section's size is in its style.
  private enum Placement {
    case none
    case uniform
    case perItem(FlowItemLines)
    case estimated(FlowEstimatedLines)
  }

  /// The number of items.
  var itemCount: Int
  /// The scroll-axis position where the section (its header) starts.
  var start: Double
  /// The values shared with the sections around it.
  private(set) var style: FlowSectionStyle
  /// The item placement.
  private var placement: Placement

  /// The header's extent on the scroll axis; 0 means no header.
  var headerThickness: Double { style.headerThickness }
  /// The footer's extent on the scroll axis; 0 means no footer.
  var footerThickness: Double { style.footerThickness }
  /// The scroll-axis position where the footer starts: after the lines and the inset after
  /// them, the sum that places the next section. Worked out when asked, in O(1), as are `end`
  /// and the span: stored, they took 24 bytes a section, 24 MB for a million.
  var footerStart: Double {
    var cursor = linesEnd
    cursor += style.metrics.after
    return cursor
  }
  /// The scroll-axis position where the next section starts.
  var end: Double { footerStart + style.footerThickness }
  /// The least scroll-axis position any element of the section can reach, pinned
  /// supplementary views included; `start` unless insets are negative.
  var spanMin: Double { min(start, itemSpan.min, footerStart) }
  /// The greatest scroll-axis position any element of the section can reach; `end` unless
  /// insets are negative.
  var spanMax: Double { max(end, itemSpan.max, start + style.headerThickness) }
  /// The least and greatest scroll-axis positions of the items' lines, at the section's place.
  private var itemSpan: (min: Double, max: Double) {
    switch placement {
    case .none:
      let firstLine = linesStart(at: start)
      return (firstLine, firstLine)
    case .uniform: return grid.scrollSpan
    case .perItem(let lines): return lines.scrollSpan
    case .estimated(let lines): return lines.scrollSpan
    }
  }
  /// The values that place the lines, to place the section again.
  var metrics: FlowSectionMetrics { style.metrics }
  /// The estimated item size (line-axis length, scroll-axis thickness) of a self-sizing
  /// section, whatever path its items take now; nil for a section its delegate sizes.
  var estimate: (length: Double, thickness: Double)? { style.estimate }

  /// The item placement.
  var items: Items {
    switch placement {
    case .none: return .none
    case .uniform:
      return .uniform(length: style.itemSize.length, thickness: style.itemSize.thickness)
    case .perItem(let lines): return .perItem(lines)
    case .estimated(let lines): return .estimated(lines)
    }
  }

  /// A section at `start` of `style` (whose item size is ignored: `items` gives it) with these
  /// items (placed at the position `place(at:)` gives them).
  init(itemCount: Int, start: Double, style: FlowSectionStyle, items: Items) {
    self.itemCount = itemCount
    self.style = style
    self.start = start
    placement = .none
    setItems(items)
    place(at: start)
  }

  /// Takes `items` as the section's placement (not placed yet: `place(at:)` does that).
  mutating func setItems(_ items: Items) {
    switch items {
    case .none: placement = .none
    case .uniform(let length, let thickness):
      style = style.with(itemSize: (length, thickness))
      placement = .uniform
    case .perItem(let lines): placement = .perItem(lines)
    case .estimated(let lines): placement = .estimated(lines)
    }
  }

  /// The grid of a uniform section, at its place now.
  @inline(__always)
  private var grid: FlowUniformGrid {
    let metrics = style.metrics
    return FlowUniformGrid(
      count: itemCount, length: style.itemSize.length, thickness: style.itemSize.thickness,
      begin: metrics.begin, room: metrics.room, interitemSpacing: metrics.interitemSpacing,
      lineSpacing: metrics.lineSpacing, linesStart: linesStart(at: start))
  }

  /// The scroll-axis position of the first line for a section starting at `start`.
  @inline(__always)
  func linesStart(at start: Double) -> Double {
    var cursor = start
    cursor += style.headerThickness
    cursor += style.metrics.before
    return cursor
  }

  /// Places the section at `newStart`: its items, and with them its footer, end and span,
  /// which the arithmetic of the first placement (rule 9) works out from the start when asked,
  /// so a section moved by an earlier one's change is bit for bit the section built there.
  ///
  /// - Complexity: O(1), or O(n) for n items sized per item when the start changes.
  mutating func place(at newStart: Double) {
    start = newStart
    let firstLine = self.linesStart(at: newStart)
    switch placement {
    case .none, .uniform:
      // Worked out from `start` when asked.
      break
    case .perItem(let lines):
      let moved = lines.moved(toLinesStart: firstLine)
      if moved !== lines { placement = .perItem(moved) }
    case .estimated(let lines):
      lines.linesStart = firstLine
    }
  }

  /// The frame of item `item` (which must exist).
  func frame(ofItem item: Int) -> AxisRect {
    switch placement {
    case .none: return AxisRect(line: 0, scroll: start, length: 0, thickness: 0)
    case .uniform: return grid.frame(ofItem: item)
    case .perItem(let lines): return lines.frame(ofItem: item)
    case .estimated(let lines): return lines.frame(ofItem: item)
    }
  }

  /// The scroll-axis end of the line holding `item` (which must exist).
  func lineEnd(ofItem item: Int) -> Double {
    switch placement {
    case .none: return start
    case .uniform:
      let frame = grid.frame(ofItem: item)
      return frame.scroll + frame.thickness
    case .perItem(let lines): return lines.lineEnd(ofItem: item)
    case .estimated(let lines): return lines.lineEnd(ofItem: item)
    }
  }

  /// The scroll-axis end of the section's lines.
  var linesEnd: Double {
    switch placement {
    case .none: return linesStart(at: start)
    case .uniform: return grid.linesEnd
    case .perItem(let lines): return lines.linesEnd
    case .estimated(let lines): return lines.linesEnd
    }
  }

  /// Calls `body` with every item overlapping `range`, in item order.
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    switch placement {
    case .none: return
    case .uniform: grid.forEachItem(in: range, body)
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
    switch placement {
    case .none: return
    case .uniform:
      let grid = self.grid
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
    switch placement {
    case .none: return
    case .uniform:
      let grid = self.grid
      for item in 0..<grid.itemCount { body(item, grid.frame(ofItem: item)) }
    case .perItem(let lines):
      for line in 0..<lines.lineCount { lines.forEachItem(onLine: line, body) }
    case .estimated(let lines):
      lines.forEachItem(body)
    }
  }

  /// The bytes the section's item placement stores beyond the section record itself.
  var itemStorageBytes: Int {
    switch placement {
    case .perItem(let lines): return lines.storageBytes
    case .estimated(let lines): return lines.storageBytes
    default: return 0
    }
  }
}
