import Foundation
import Testing

@testable import MosaicCollection

/// The parts behind movement and the index, alone: the carried item's index path mapping and
/// the strip's rows.
@MainActor @Suite struct MovementPartsTests {
  @Test("shown and data index paths map both ways, within and across sections")
  func mappingRoundTrips() {
    let counts = [5, 3]
    for original in [IndexPath(item: 1, section: 0), IndexPath(item: 4, section: 0)] {
      for target in [
        IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0),
        IndexPath(item: 0, section: 1), IndexPath(item: 3, section: 1),
      ] {
        let movement = InteractiveMovement(original: original, target: target, dataCounts: counts)
        let shown = movement.shownCounts
        #expect(shown.reduce(0, +) == 8)
        var seen: Set<IndexPath> = []
        for section in 0..<2 {
          for item in 0..<shown[section] {
            let path = IndexPath(item: item, section: section)
            let data = movement.dataIndexPath(forShown: path)
            #expect(data.item < counts[data.section], "\(path) -> \(data)")
            #expect(movement.shownIndexPath(forData: data) == path)
            seen.insert(data)
          }
        }
        #expect(seen.count == 8, "every data item is shown once")
        #expect(movement.dataIndexPath(forShown: target) == original)
      }
    }
  }

  @Test("the shown order is the data with the carried item removed and inserted at the target")
  func mappingMatchesArrayMove() {
    var data = Array(0..<6)
    let movement = InteractiveMovement(
      original: IndexPath(item: 4, section: 0), target: IndexPath(item: 1, section: 0),
      dataCounts: [6])
    let shown = (0..<6).map {
      data[movement.dataIndexPath(forShown: IndexPath(item: $0, section: 0)).item]
    }
    data.insert(data.remove(at: 4), at: 1)
    #expect(shown == data)
  }

  @Test("the strip centres titles that fit and elides the rest behind dots")
  func stripRows() {
    let strip = IndexStrip(titles: ["A", "B", "C"])
    #expect(strip.entries(rows: 5).map { $0?.text } == [nil, "A", "B", "C", nil])
    let long = IndexStrip(titles: (0..<10).map { String($0) })
    #expect(long.entries(rows: 5).map { $0?.text } == ["0", "•", "5", "•", "9"])
    #expect(long.entries(rows: 1).map { $0?.text } == ["0"])
    #expect(long.entries(rows: 0).isEmpty)
    #expect(IndexStrip(titles: ["#", "Ab", "Abcdef"]).width == 3)
    #expect(strip.titleIndex(forTyped: "b") == 1)
    #expect(strip.titleIndex(forTyped: "x") == nil)
  }
}
