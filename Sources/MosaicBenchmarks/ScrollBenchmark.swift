import Foundation
import MosaicCollection
import MosaicLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints the CPU time of one scroll step of the collection view, by one line and by one page,
/// drawn into a 120 × 40 in-memory screen, at 1k, 1M and 10M items: the figure should not grow
/// with the item count.
///
/// Each step scrolls, recomputes the visible set (recycling views), and draws every visible
/// card (a box and a title) into the surface. Time is the process's CPU time
/// (`CLOCK_PROCESS_CPUTIME_ID`), the median of five runs.
@MainActor
enum ScrollBenchmark {
  /// A card: a rounded box with the item's title, reversed when focused.
  final class Card: CollectionViewCell {
    var title = ""
    override func draw(in canvas: Canvas) {
      let style = TextStyle(attributes: stateAttributes)
      canvas.fill(style: style)
      canvas.box(border: .rounded, style: style)
      canvas.text(
        title, column: 2, row: 1, maxWidth: canvas.columns - 4, style: style.adding(.bold))
      canvas.text(
        "card", column: 2, row: 2, maxWidth: canvas.columns - 4, style: style.adding(.dim))
    }
  }

  /// One section of `count` cards.
  final class Cards: CollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let card = collectionView.dequeueReusableCell(
        Card.self, withReuseIdentifier: "card", for: indexPath)
      card.title = "Item \(indexPath.item)"
      return card
    }
  }

  static func cpuNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The median CPU time per step, in microseconds, of `steps` scrolls by `rows`, bouncing at
  /// the ends; plus the view's counters afterwards.
  static func measure(count: Int, rows: Int, steps: Int) -> (Double, CollectionView.Statistics) {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 160, height: 64)
    let cards = Cards(count: count)
    let screen = MemorySurface(columns: 120, rows: 40)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 120, rows: 40), collectionViewLayout: layout)
    view.register(Card.self, forCellWithReuseIdentifier: "card")
    view.dataSource = cards
    // Start in the middle of the content, where a naive implementation would pay the most.
    view.scrollToItem(at: IndexPath(item: count / 2, section: 0), at: .top)
    view.draw(into: screen)
    var direction = 1
    var samples: [Double] = []
    for _ in 0..<5 {
      let start = cpuNanoseconds()
      for _ in 0..<steps {
        let before = view.contentOffset
        view.scroll(rows: rows * direction)
        if view.contentOffset == before {
          direction = -direction
          view.scroll(rows: rows * direction)
        }
        view.draw(into: screen)
      }
      samples.append(Double(cpuNanoseconds() - start) / Double(steps) / 1000)
    }
    return (samples.sorted()[samples.count / 2], view.statistics)
  }

  static func label(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"
  }

  static func run() {
    print("## Scroll: CPU time per step, 120 × 40 in-memory screen, 20 × 4-cell cards\n")
    print("| items | one line (µs) | one page (µs) | views created | most visible |")
    print("|---:|---:|---:|---:|---:|")
    var last = CollectionView.Statistics()
    for count in [1_000, 1_000_000, 10_000_000] {
      let (line, lineStats) = measure(count: count, rows: 1, steps: 400)
      let (page, pageStats) = measure(count: count, rows: 40, steps: 100)
      let created = max(lineStats.viewsCreated, pageStats.viewsCreated)
      let visible = max(lineStats.maxVisibleElements, pageStats.maxVisibleElements)
      print(
        "| \(label(count)) | \(String(format: "%.1f", line)) | \(String(format: "%.1f", page)) "
          + "| \(created) | \(visible) |")
      last = lineStats
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    if let json = try? encoder.encode(last) {
      print("\nCounters after the 10M line steps: `\(String(decoding: json, as: UTF8.self))`")
    }
    print()
  }
}
