import MosaicCollection
import Testing

@Suite @MainActor struct MemorySurfaceTests {
  @Test func wideGlyphLeavesAContinuationCell() {
    let surface = MemorySurface(columns: 4, rows: 1)
    surface.put("日", width: 2, column: 1, row: 0, style: .plain)
    #expect(surface[1, 0].width == 2)
    #expect(surface[2, 0].width == 0)
    #expect(surface.lines == [" 日 "])
  }

  @Test func overwritingEitherHalfOfAWideGlyphBlanksTheOther() {
    let surface = MemorySurface(columns: 5, rows: 2)
    surface.put("日", width: 2, column: 0, row: 0, style: .plain)
    surface.put("x", width: 1, column: 1, row: 0, style: .plain)
    surface.put("本", width: 2, column: 2, row: 1, style: .plain)
    surface.put("y", width: 1, column: 2, row: 1, style: .plain)
    #expect(surface.lines == [" x   ", "  y  "])
    #expect((0..<5).allSatisfy { surface[$0, 1].width == 1 })
  }

  @Test func wideGlyphOverAWideGlyphOffByOneBlanksTheRest() {
    let surface = MemorySurface(columns: 5, rows: 1)
    surface.put("日", width: 2, column: 1, row: 0, style: .plain)
    surface.put("本", width: 2, column: 0, row: 0, style: .plain)
    #expect(surface.lines == ["本   "])
    #expect(surface[2, 0].width == 1)
  }

  @Test func outOfRangeGlyphsAreIgnored() {
    let surface = MemorySurface(columns: 2, rows: 1)
    surface.put("日", width: 2, column: 1, row: 0, style: .plain)
    surface.put("x", width: 1, column: -1, row: 0, style: .plain)
    surface.put("x", width: 1, column: 0, row: 1, style: .plain)
    #expect(surface.lines == ["  "])
    #expect(surface.putCount == 0)
  }

  @Test func textTrimsTrailingSpacesAndClearUsesTheStyle() {
    let surface = MemorySurface(columns: 3, rows: 2)
    let blue = TextStyle(background: .blue)
    surface.clear(style: blue)
    surface.put("a", width: 1, column: 0, row: 0, style: .plain)
    #expect(surface.text == "a\n")
    #expect(surface.styleLines(legend: [blue: "b"]) == [".bb", "bbb"])
  }
}
