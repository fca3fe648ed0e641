import Foundation
import MosaicLayout

/// Prints the spreadsheet layout's figures: prepare time, one-screen query time and stored
/// bytes, for 1k and 1M rows of 26 columns, uniform and sized per row.
@MainActor
enum SheetBenchmark {
  /// The rows and columns of one sheet: a header row and `rows` body rows, each of 27 items.
  final class Content: LayoutDataSource {
    let rows: Int
    var bounds = Rect.zero

    init(rows: Int) { self.rows = rows }

    var numberOfSections: Int { rows + 1 }
    func numberOfItems(inSection section: Int) -> Int { 27 }
  }

  static func run() {
    // An 80 × 24 terminal at the standard 8 × 16 points per cell.
    let viewport = Size(width: 640, height: 384)
    print("\nSpreadsheet layout: prepare and a one-screen query (640 × 384 points, mid-sheet)")
    print("memory = SpreadsheetLayout.storageBytes (bytes of the prepared prefix sums)\n")
    print("| rows | heights | prepare (median) | query (median) | cells | memory |")
    print("|---:|---|---:|---:|---:|---:|")
    for rows in [1_000, 1_000_000] {
      for perRow in [false, true] {
        let content = Content(rows: rows)
        let layout = SpreadsheetLayout()
        layout.dataSource = content
        layout.headerColumnWidth = 64
        layout.defaultColumnWidth = 96
        if perRow { layout.heightForRow = { $0 % 7 == 0 ? 32 : nil } }
        content.bounds = Rect(origin: .zero, size: viewport)
        var prepares: [Double] = []
        for _ in 0..<(perRow && rows >= 1_000_000 ? 5 : 21) {
          layout.invalidateLayout()
          let start = LayoutBenchmark.now()
          layout.prepare()
          prepares.append(Double(LayoutBenchmark.now() - start))
        }
        let size = layout.contentSize
        content.bounds = Rect(
          x: size.width / 3, y: size.height / 2, width: viewport.width, height: viewport.height)
        var queries: [Double] = []
        var cells = 0
        for _ in 0..<2001 {
          let start = LayoutBenchmark.now()
          let found = layout.layoutAttributesForElements(in: content.bounds)
          queries.append(Double(LayoutBenchmark.now() - start))
          cells = found.count
        }
        let prepare = LayoutBenchmark.median(prepares)
        let prepareText =
          prepare >= 1e6
          ? String(format: "%.1f ms", prepare / 1e6) : String(format: "%.2f µs", prepare / 1e3)
        print(
          "| \(LayoutBenchmark.format(count: rows)) | \(perRow ? "per-row" : "uniform") | "
            + "\(prepareText) | \(String(format: "%.1f µs", LayoutBenchmark.median(queries) / 1e3)) | "
            + "\(cells) | \(LayoutBenchmark.format(bytes: layout.storageBytes)) |")
      }
    }
  }
}
