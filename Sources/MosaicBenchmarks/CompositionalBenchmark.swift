import Foundation
import MosaicLayout

/// Prints the compositional layout's figures: a million items in uniform groups (one section
/// repeating one description; a thousand sections, each described afresh by the section
/// provider; a thousand sideways rows), the time `prepare()` takes, a screen's rect query at
/// the start, middle and end, and peak RSS. Each figure is the median of five runs.
@MainActor
enum CompositionalBenchmark {
  /// Sections of equal item counts.
  final class Content: LayoutDataSource {
    let sections: Int
    let perSection: Int
    var bounds = Rect(origin: .zero, size: viewport)

    init(items: Int, sections: Int) {
      self.sections = sections
      perSection = items / sections
    }

    var numberOfSections: Int { sections }
    func numberOfItems(inSection section: Int) -> Int { perSection }
  }

  /// The viewport: 120 × 40 cells of 8 × 16 points.
  static let viewport = Size(width: 960, height: 640)

  /// Cards a quarter of the width, 4 rows high, in rows of four; sideways, in groups of 24 × 4
  /// cells; a header on each section.
  static func section(sideways: Bool) -> LayoutSection {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(sideways ? 1 : 0.25), heightDimension: .fractionalHeight(1)
      ))
    item.contentInsets = DirectionalEdgeInsets(all: 4)
    let width: LayoutDimension = sideways ? .absolute(192) : .fractionalWidth(1)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: width, heightDimension: .absolute(64)),
      subitems: [item])
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 8
    section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 8, bottom: 16, trailing: 8)
    section.orthogonalScrollingBehavior = sideways ? .continuous : .none
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(16)),
        elementKind: ElementKind.sectionHeader, alignment: .top)
    ]
    return section
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// One figure in microseconds, its label padded to line the figures up.
  static func report(_ what: String, _ seconds: Double) {
    let label = what.padding(toLength: 40, withPad: " ", startingAt: 0)
    print("    \(label) \(String(format: "%10.1f µs", seconds * 1e6))")
  }

  static func run() {
    print("Compositional layout (960 × 640-point viewport; medians of 5 runs)")
    let cases: [(String, Int, Bool, Bool)] = [
      ("1M items, 1 section", 1, false, false),
      ("1M items, 1000 sections, fresh descriptions", 1000, true, false),
      ("1M items, 1000 sideways rows", 1000, true, true),
      ("1M items, 1M sections of one item, one description", 1_000_000, false, false),
    ]
    for (name, sections, fresh, sideways) in cases {
      var prepares: [Double] = []
      var queries: [[Double]] = [[], [], []]
      var counts = [0, 0, 0]
      for _ in 0..<5 {
        let content = Content(items: 1_000_000, sections: sections)
        let shared = section(sideways: sideways)
        let layout = CompositionalLayout { _, _ in fresh ? section(sideways: sideways) : shared }
        layout.dataSource = content
        prepares.append(BenchmarkClock.time { layout.prepareIfNeeded() })
        let height = layout.contentSize.height
        for (index, y) in [0, height / 2, height - viewport.height].enumerated() {
          let rect = Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
          var found = 0
          let seconds = BenchmarkClock.time {
            for _ in 0..<100 { found = layout.layoutAttributesForElements(in: rect).count }
          }
          queries[index].append(seconds / 100)
          counts[index] = found
        }
      }
      print("  \(name):")
      report("prepare()", median(prepares))
      for (index, place) in ["start", "middle", "end"].enumerated() {
        report("screen query, \(place) (\(counts[index]) elements)", median(queries[index]))
      }
    }
    print(String(format: "  peak RSS %.1f MB", EstimatedBenchmark.peakResidentMB()))
  }
}
