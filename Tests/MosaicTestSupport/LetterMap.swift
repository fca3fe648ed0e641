import MosaicLayout

/// Renders layout attributes as a map of letters, one character per terminal cell: item i is
/// the letter `a` + i, headers `H`, footers `F`, decoration views `D`, empty cells `.`.
///
/// STYLE.md §13: compare a layout to a picture. Frames go through `CellMetrics` exactly as the
/// terminal draws them, so the map shows what a user would see. Items past `z` use `A`–`Z`
/// (skipping nothing: headers and footers are recognised by position in a test anyway), then
/// `*`. Later elements paint over earlier ones, except that higher z-indexes win.
@MainActor
public enum LetterMap {
  /// The letter of item `index`.
  public static func letter(forItem index: Int) -> Character {
    let lower = Array("abcdefghijklmnopqrstuvwxyz")
    let upper = Array("ABCDEFGIJKLMNOPQRSTUVWXYZ")  // no H: that is the header
    if index < lower.count { return lower[index] }
    if index - lower.count < upper.count { return upper[index - lower.count] }
    return "*"
  }

  /// The map of `elements` over `columns` × `rows` cells starting at cell (0, 0).
  public static func render(
    _ elements: [LayoutAttributes], columns: Int, rows: Int, metrics: CellMetrics
  ) -> String {
    var grid = [[Character]](
      repeating: [Character](repeating: ".", count: max(columns, 0)), count: max(rows, 0))
    let ordered = elements.enumerated().sorted {
      ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset)
    }
    for (_, element) in ordered where !element.isHidden {
      let mark: Character
      switch element.representedElementCategory {
      case .cell: mark = letter(forItem: element.indexPath.item)
      case .supplementaryView:
        mark = element.representedElementKind == ElementKind.sectionFooter ? "F" : "H"
      case .decorationView: mark = "D"
      }
      let cells = metrics.cellRect(for: element.frame)
      for row in max(cells.row, 0)..<max(min(cells.endRow, rows), max(cells.row, 0)) {
        for column in max(
          cells.column, 0)..<max(min(cells.endColumn, columns), max(cells.column, 0))
        {
          grid[row][column] = mark
        }
      }
    }
    return grid.map { String($0) }.joined(separator: "\n")
  }

  /// The map of every element of `layout`'s content, over its whole content size.
  public static func render(
    _ layout: FlowLayout, metrics: CellMetrics = .init(pointsPerColumn: 1, pointsPerRow: 1)
  )
    -> String
  {
    let size = layout.contentSize
    let columns = metrics.column(forX: size.width)
    let rows = metrics.row(forY: size.height)
    let elements = layout.layoutAttributesForElements(
      in: Rect(x: -1e9, y: -1e9, width: 2e9 + size.width, height: 2e9 + size.height))
    return render(elements, columns: columns, rows: rows, metrics: metrics)
  }

  /// Describes how `actual` differs from `expected`, line by line, or returns nil when equal.
  public static func difference(_ actual: String, _ expected: String) -> String? {
    if actual == expected { return nil }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    var lines = ["letter maps differ (expected | actual):"]
    for i in 0..<max(a.count, e.count) {
      let left = i < e.count ? String(e[i]) : "∅"
      let right = i < a.count ? String(a[i]) : "∅"
      lines.append("\(left == right ? " " : ">") \(left) | \(right)")
    }
    return lines.joined(separator: "\n")
  }
}
