import Foundation
import MosaicLayout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints the flow layout's figures: prepare time, one-screen query time and stored bytes, at
/// 1k to 10M items, uniform and per-item sizes, both scroll directions.
///
/// Memory is the layout's own count of its stored arrays (`FlowLayout.storageBytes`: array
/// capacities times element sizes), not the process's RSS.
@MainActor
enum LayoutBenchmark {
  /// One data source and delegate: a single section of `count` items, sized per item or not.
  final class Content: LayoutDataSource, FlowLayoutMetrics {
    let count: Int
    let perItem: Bool
    var bounds = Rect.zero

    init(count: Int, perItem: Bool) {
      self.count = count
      self.perItem = perItem
    }

    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }

    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
      guard perItem else { return nil }
      let i = indexPath.item
      // Varied but deterministic: widths 40…99 in steps of 1, heights 20…49.
      return Size(width: Double(40 + (i &* 7) % 60), height: Double(20 + (i &* 13) % 30))
    }
  }

  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  static func format(count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : count >= 1000 ? "\(count / 1000)k" : "\(count)"
  }

  static func format(bytes: Int) -> String {
    if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
    if bytes >= 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
    return "\(bytes) B"
  }

  static func run() {
    let viewport = Size(width: 960, height: 640)
    print("Flow layout: prepare and a one-screen query (960 × 640 points, middle of the content)")
    print("memory = FlowLayout.storageBytes (bytes of the prepared layout's arrays)\n")
    print("| items | sizes | direction | prepare (median) | query (median) | elements | memory |")
    print("|---:|---|---|---:|---:|---:|---:|")
    for count in [1_000, 100_000, 1_000_000, 10_000_000] {
      for perItem in [false, true] {
        for direction in ScrollDirection.allCases {
          let content = Content(count: count, perItem: perItem)
          let layout = FlowLayout()
          layout.dataSource = content
          layout.delegate = content
          layout.scrollDirection = direction
          content.bounds = Rect(origin: .zero, size: viewport)
          let runs = count >= 1_000_000 ? (perItem ? 3 : 21) : 21
          var prepares: [Double] = []
          for _ in 0..<runs {
            layout.invalidateLayout()
            let start = now()
            layout.prepare()
            prepares.append(Double(now() - start))
          }
          let size = layout.contentSize
          let rect =
            direction == .vertical
            ? Rect(x: 0, y: size.height / 2, width: viewport.width, height: viewport.height)
            : Rect(x: size.width / 2, y: 0, width: viewport.width, height: viewport.height)
          var queries: [Double] = []
          var elements = 0
          for _ in 0..<2001 {
            let start = now()
            let found = layout.layoutAttributesForElements(in: rect)
            queries.append(Double(now() - start))
            elements = found.count
          }
          let prepareText =
            median(prepares) >= 1e6
            ? String(format: "%.1f ms", median(prepares) / 1e6)
            : String(format: "%.1f µs", median(prepares) / 1e3)
          print(
            "| \(format(count: count)) | \(perItem ? "per-item" : "uniform") | \(direction) | "
              + "\(prepareText) | \(String(format: "%.1f µs", median(queries) / 1e3)) | "
              + "\(elements) | \(format(bytes: layout.storageBytes)) |")
        }
      }
    }
  }
}
