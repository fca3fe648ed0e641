import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@Suite @MainActor struct CanvasTests {
  @Test func textReturnsColumnsUsedAndIsCutAtTheClip() {
    let surface = MemorySurface(columns: 8, rows: 2)
    let canvas = Canvas(surface: surface)
    #expect(canvas.text("hello world", column: 1, row: 0) == 11)
    #expect(canvas.text("日本", column: 0, row: 1) == 4)
    let diff = Snapshot.diff(surface, " hello w\n日本")
    #expect(diff == nil, "\(diff ?? "")")
  }

  @Test func wideGlyphCutByTheRightClipEdgeBecomesABlank() {
    let surface = MemorySurface(columns: 6, rows: 1)
    surface.clear(style: .plain)
    let canvas = Canvas(surface: surface).clipped(
      to: CellRect(column: 0, row: 0, columns: 5, rows: 1))
    canvas.fill(with: ".")
    canvas.text("日本語", column: 0, row: 0)
    #expect(surface.lines == ["日本  "])
    #expect(surface[4, 0].width == 1)
    #expect(surface[5, 0].character == " ")
  }

  @Test func wideGlyphCutByTheLeftClipEdgeBecomesABlank() {
    let surface = MemorySurface(columns: 6, rows: 1)
    let canvas = Canvas(surface: surface).clipped(
      to: CellRect(column: 1, row: 0, columns: 5, rows: 1))
    canvas.fill(with: "x")
    // The view starts one column left of the clip: its first glyph straddles the edge.
    let view = canvas.clipped(to: CellRect(column: -1, row: 0, columns: 6, rows: 1))
    view.text("日本語", column: 0, row: 0)
    #expect(surface.lines == ["  本語"])
    #expect(surface[0, 0].character == " ")
    #expect(surface[1, 0].width == 1)
  }

  @Test func clippedCanvasTranslatesAndNestsClips() {
    let surface = MemorySurface(columns: 10, rows: 4)
    let outer = Canvas(surface: surface).clipped(
      to: CellRect(column: 2, row: 1, columns: 6, rows: 2))
    let inner = outer.clipped(to: CellRect(column: 3, row: -1, columns: 10, rows: 3))
    #expect(inner.columns == 10 && inner.rows == 3)
    #expect(inner.visibleRect == CellRect(column: 0, row: 1, columns: 3, rows: 2))
    inner.fill(with: "#")
    outer.put("@", column: 0, row: 0)
    let diff = Snapshot.diff(surface, "\n  @  ###\n     ###\n")
    #expect(diff == nil, "\(diff ?? "")")
  }

  @Test(
    arguments: [
      ("hello", 10, "hello"), ("hello", 5, "hello"), ("hello world", 5, "hell…"), ("hello", 1, "…"),
      ("hello", 0, ""), ("日本語", 5, "日本…"), ("日本語", 4, "日…"), ("日本語", 6, "日本語"),
      ("a日", 2, "a…"),
    ] as [(String, Int, String)])
  func truncation(text: String, width: Int, expected: String) {
    let result = Canvas.truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(CharacterWidth.of(result) <= width)
  }

  @Test func truncatingTextEndsWithAnEllipsis() {
    let surface = MemorySurface(columns: 12, rows: 1)
    let used = Canvas(surface: surface).text(
      "a long title", column: 1, row: 0, maxWidth: 7, style: TextStyle(attributes: .bold))
    #expect(used == 7)
    #expect(surface.text == " a long…")
    #expect(surface.attributeLines == [".BBBBBBB...."])
  }

  @Test(arguments: BoxBorder.allCases)
  func boxesHaveCornersAndEdges(border: BoxBorder) {
    let surface = MemorySurface(columns: 5, rows: 3)
    Canvas(surface: surface).box(border: border)
    let g = border.glyphs
    let h = String(repeating: g.horizontal, count: 3)
    let expected =
      "\(g.topLeft)\(h)\(g.topRight)\n\(g.vertical)   \(g.vertical)\n"
      + "\(g.bottomLeft)\(h)\(g.bottomRight)"
    let diff = Snapshot.diff(surface, expected)
    #expect(diff == nil, "\(diff ?? "")")
  }

  @Test func boxWithTitleAndDegenerateBoxes() {
    let surface = MemorySurface(columns: 12, rows: 5)
    let canvas = Canvas(surface: surface)
    canvas.box(CellRect(column: 0, row: 0, columns: 10, rows: 3), title: "Photos 2024")
    canvas.box(CellRect(column: 0, row: 3, columns: 4, rows: 1))
    canvas.box(CellRect(column: 11, row: 0, columns: 1, rows: 2))
    let diff = Snapshot.diff(
      surface,
      """
      ┌ Photos…┐ │
      │        │ │
      └────────┘
      ────

      """)
    #expect(diff == nil, "\(diff ?? "")")
  }

  @Test func fillUsesStyleAndIsClipped() {
    let surface = MemorySurface(columns: 4, rows: 2)
    let reverse = TextStyle(foreground: .red, attributes: .reverse)
    Canvas(surface: surface).clipped(to: CellRect(column: 1, row: 1, columns: 9, rows: 9))
      .fill(with: "x", style: reverse)
    #expect(surface.lines == ["    ", " xxx"])
    #expect(surface.styleLines(legend: [reverse: "r"]) == ["....", ".rrr"])
  }

  @Test func drawingWhollyOutsideTheClipDrawsNothing() {
    let surface = MemorySurface(columns: 4, rows: 3)
    let canvas = Canvas(surface: surface).clipped(
      to: CellRect(column: 1, row: 1, columns: 2, rows: 1))
    canvas.fill(CellRect(column: 0, row: 3, columns: 4, rows: 2), with: "x")
    canvas.fill(CellRect(column: 0, row: -5, columns: 4, rows: 2), with: "x")
    canvas.box(CellRect(column: -3, row: -3, columns: 2, rows: 2))
    let below = canvas.clipped(to: CellRect(column: 0, row: 2, columns: 2, rows: 2))
    #expect(below.visibleRect.isEmpty)
    below.box()
    below.text("hello", column: 0, row: 0)
    #expect(surface.putCount == 0)
  }

  @Test func dimmedCanvasAddsTheAttribute() {
    let surface = MemorySurface(columns: 3, rows: 1)
    Canvas(surface: surface).adding(.dim).text("ab", column: 0, row: 0, style: .plain.adding(.bold))
    #expect(surface.attributeLines == ["**."])
    #expect(surface[0, 0].style.attributes == [.bold, .dim])
  }

  @Test func zeroWidthAndControlCharactersDrawNothing() {
    let surface = MemorySurface(columns: 6, rows: 1)
    let used = Canvas(surface: surface).text("a\u{301}\tb\u{200B}c", column: 0, row: 0)
    #expect(used == 3)
    #expect(surface.text == "a\u{301}bc")
  }
}
