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
  /// The item placement.
  var items: Items

  /// The frame of item `item` (which must exist).
  func frame(ofItem item: Int) -> AxisRect {
    switch items {
    case .none: return AxisRect(line: 0, scroll: start, length: 0, thickness: 0)
    case .uniform(let grid): return grid.frame(ofItem: item)
    case .perItem(let lines): return lines.frame(ofItem: item)
    }
  }

  /// Calls `body` with every item overlapping `range`, in item order.
  func forEachItem(in range: AxisRange, _ body: (Int, AxisRect) -> Void) {
    switch items {
    case .none: return
    case .uniform(let grid): grid.forEachItem(in: range, body)
    case .perItem(let lines): lines.forEachItem(in: range, body)
    }
  }

  /// Calls `body` with the items whose frames bound the rest, in item order: in a uniform
  /// section the first and last item of its first and last lines, in a section sized per item
  /// every item.
  ///
  /// - Complexity: O(1) for a uniform section, O(n) for n items sized per item.
  func forEachBoundaryItem(_ body: (Int, AxisRect) -> Void) {
    switch items {
    case .none: return
    case .uniform(let grid):
      for item in grid.boundaryItems { body(item, grid.frame(ofItem: item)) }
    case .perItem:
      forEachItem(body)
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
    }
  }

  /// The bytes the section's item placement stores beyond the section record itself.
  var itemStorageBytes: Int {
    if case .perItem(let lines) = items { return lines.storageBytes }
    return 0
  }
}
