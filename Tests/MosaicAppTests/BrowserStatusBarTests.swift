import MosaicCollection
import Testing

@testable import MosaicApp

/// The status bar keeps its layout while only the position changes: what it then draws must be
/// what a layout made afresh draws, whatever the position, width and pieces.
@Suite @MainActor struct BrowserStatusBarTests {
  /// A bar with every left piece and a few right ones.
  static var full: StatusBar {
    var bar = StatusBar()
    bar.fileName = "countries.csv"
    bar.total = 123_456
    bar.section = "Africa"
    bar.selected = 3
    bar.search = "/lo  2 of 40"
    bar.progress = "indexing 43%"
    return bar
  }

  @Test(arguments: [12, 24, 30, 40, 52, 80])
  func aKeptLayoutDrawsWhatAFreshOneDraws(width: Int) {
    var layout: StatusBar.Layout?
    var bars = [Self.full, StatusBar()]
    bars[1].fileName = "a-long-name-of-a-file.csv"
    bars[1].total = 2_000
    for var bar in bars {
      for position in [nil, 1, 2, 9, 10, 11, 99, 100, 999, 1_000, 1_001, 1_999, 2_000, 12_345] {
        bar.position = position
        for estimated in [false, true] {
          bar.isEstimated = estimated
          let kept = bar.layout(width: width, reusing: layout)
          layout = kept
          #expect(
            (kept.left, kept.right) == bar.line(width: width),
            "position \(String(describing: position)), estimated \(estimated)")
        }
      }
    }
  }

  @Test func aLayoutIsKeptOnlyForAnotherPositionAsWide() {
    var bar = Self.full
    bar.position = 10
    let first = bar.layout(width: 80)
    bar.position = 11
    #expect(bar.layout(width: 80, reusing: first).left.hasPrefix("11/123,456  Africa"))
    bar.position = 1_000
    let wider = bar.layout(width: 80, reusing: first)
    #expect(wider.positionWidth == first.positionWidth + 3, "laid out again for a wider position")
    bar.selected = 4
    #expect(
      bar.layout(width: 80, reusing: wider).left.hasSuffix("4 selected"),
      "laid out again for another piece")
    #expect(bar.layout(width: 40, reusing: wider).width == 40, "laid out again for a width")
  }
}
