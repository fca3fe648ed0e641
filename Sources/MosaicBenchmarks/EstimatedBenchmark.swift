import Foundation
import MosaicLayout

#if canImport(Glibc)
  import Glibc
#endif

/// Prints the self-sizing flow layout's figures: ten million items with an estimated size (one
/// section, then 1000 sections), prepare time, stored bytes and peak RSS, a one-screen query at
/// the start, middle and end, and the cost of one measured size (a correction) reported the
/// UIKit way: should-invalidate, the context, `invalidateLayout(with:)`.
@MainActor
enum EstimatedBenchmark {
  /// Sections of equal item counts and no per-item sizes, so the layout estimates.
  final class Content: LayoutDataSource {
    let sections: Int
    let perSection: Int
    var bounds = Rect.zero

    init(items: Int, sections: Int) {
      self.sections = sections
      perSection = items / sections
    }

    var numberOfSections: Int { sections }
    func numberOfItems(inSection section: Int) -> Int { perSection }
  }

  /// The viewport: 120 × 40 cells of 8 × 16 points.
  static let viewport = Size(width: 960, height: 640)

  /// The process's peak resident set size in MB (VmHWM), 0 where unknown.
  static func peakResidentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let number = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
      return number / 1024
    }
    return 0
  }

  /// Reports `size` for `path` the way the runtime does; returns the context if it invalidated.
  @discardableResult
  static func correct(_ layout: FlowLayout, _ path: IndexPath, _ size: Size)
    -> InvalidationContext?
  {
    guard let original = layout.layoutAttributesForItem(at: path) else { return nil }
    let preferred = original.copy()
    preferred.size = size
    guard
      layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    else { return nil }
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    layout.invalidateLayout(with: context)
    return context
  }

  /// The CPU seconds this thread spends in `body` (the machine is shared: wall time would
  /// count other processes' turns).
  static func time(_ body: () -> Void) -> Double {
    func now() -> Double {
      var spec = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
      return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
    let start = now()
    body()
    return now() - start
  }

  static func microseconds(_ seconds: Double) -> String { String(format: "%.2f µs", seconds * 1e6) }

  static func run() {
    print("Self-sizing flow layout: 10M items with estimatedItemSize 960 × 16 (one row a line),")
    print("viewport 960 × 640 (120 × 40 cells of 8 × 16 points); CPU time of this thread;")
    print("peak RSS of the process once prepared; corrections: 100,000 random items and")
    print("heights (8…48), the whole UIKit protocol each; queries after them\n")
    print(
      "| sections | prepare | stored | peak RSS | query start / middle / end | "
        + "correction | correction above the view |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for sections in [1, 1000] { measure(sections: sections) }
  }

  static func measure(sections: Int) {
    // Resets the peak resident size (VmHWM), so each variant reports its own.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let total = 10_000_000
    let content = Content(items: total, sections: sections)
    content.bounds = Rect(origin: .zero, size: viewport)
    let layout = FlowLayout()
    layout.estimatedItemSize = Size(width: 960, height: 16)
    layout.minimumLineSpacing = 0
    layout.dataSource = content
    // Totals over many runs, divided: the thread's CPU clock costs about a microsecond a read.
    let prepareRuns = 101
    let prepare =
      time {
        for _ in 0..<prepareRuns {
          layout.invalidateLayout()
          layout.prepareIfNeeded()
        }
      } / Double(prepareRuns)
    let stored = layout.storageBytes
    let extent = layout.contentSize.height
    let preparedRSS = peakResidentMB()

    // Corrections: random items, random heights on the 8-point grid, the full UIKit protocol.
    var generator = SystemRandomNumberGenerator()
    let corrections = 100_000
    var paths: [IndexPath] = []
    var sizes: [Size] = []
    paths.reserveCapacity(corrections)
    for _ in 0..<corrections {
      let item = Int.random(in: 0..<total, using: &generator)
      paths.append(IndexPath(item: item % content.perSection, section: item / content.perSection))
      sizes.append(Size(width: 960, height: Double(Int.random(in: 1...6, using: &generator) * 8)))
    }
    var applied = 0
    let correctionTime = time {
      for index in 0..<corrections where correct(layout, paths[index], sizes[index]) != nil {
        applied += 1
      }
    }

    // Queries after the corrections, at the start, the middle and the end.
    let height = layout.contentSize.height
    var queries: [String] = []
    var found = 0
    for y in [0, height / 2, height - viewport.height] {
      let rect = Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
      let runs = 1000
      let seconds = time {
        for _ in 0..<runs { found = layout.layoutAttributesForElements(in: rect).count }
      }
      queries.append(microseconds(seconds / Double(runs)))
    }

    // A correction above the viewport: the owner would move the offset by the adjustment.
    content.bounds.origin.y = height / 2
    let top = layout.layoutAttributesForElements(
      in: Rect(origin: content.bounds.origin, size: viewport))
    let firstVisible = top.first?.indexPath ?? IndexPath(item: 0, section: 0)
    var adjustment = 0.0
    let anchoredRuns = 1000
    let anchored =
      time {
        for step in 0..<anchoredRuns {
          let item = max(0, firstVisible.item - 1 - step)
          let path = IndexPath(item: item, section: firstVisible.section)
          let size = Size(width: 960, height: Double(8 * (1 + step % 5)))
          let context = correct(layout, path, size)
          adjustment = context?.contentOffsetAdjustment.y ?? adjustment
        }
      } / Double(anchoredRuns)
    print(
      "| \(sections) | \(microseconds(prepare)) "
        + "| \(LayoutBenchmark.format(bytes: stored)) "
        + "| \(String(format: "%.1f MB", preparedRSS)) "
        + "| \(queries.joined(separator: " / ")) "
        + "| \(microseconds(correctionTime / Double(max(applied, 1)))) "
        + "| \(microseconds(anchored)) |")
    print(
      "  (content \(Int(extent)) → \(Int(layout.contentSize.height)) points after "
        + "\(applied) corrections; stored after them \(LayoutBenchmark.format(bytes: layout.storageBytes)); "
        + "\(found) elements a screen; last offset adjustment \(adjustment); "
        + "peak RSS after them \(String(format: "%.1f MB", peakResidentMB())))")
  }
}
