import MosaicCollection
import MosaicLayout
import Testing

/// Text is drawn by grapheme cluster: a cluster is drawn whole or not at all, never split by a
/// clip edge or by truncation, and never sends a joiner or half a flag.
@Suite @MainActor struct GraphemeDrawingTests {
  let family = "👨‍👩‍👧‍👦"
  let flag = "🇯🇵"

  /// The glyphs of a row, one per cell (continuation cells as "_").
  func cells(_ surface: MemorySurface, row: Int = 0) -> [String] {
    (0..<surface.columns).map { column in
      let cell = surface[column, row]
      return cell.width == 0 ? "_" : String(cell.character)
    }
  }

  @Test func aFamilyIsItsFourEmojiAndAFlagItsTwoIndicators() {
    let surface = MemorySurface(columns: 12, rows: 1)
    let used = Canvas(surface: surface).text(family + flag + "|", column: 0, row: 0)
    #expect(used == 11)
    #expect(
      cells(surface) == ["👨", "_", "👩", "_", "👧", "_", "👦", "_", "🇯", "🇵", "|", " "])
    #expect(!surface.cells.contains { $0.character.unicodeScalars.contains("\u{200D}") })
    // Printed again, the row is the same text the terminal shows.
    #expect(surface.lines == ["👨👩👧👦🇯🇵| "])
  }

  @Test func putReturnsTheColumnsOfTheWholeCluster() {
    let surface = MemorySurface(columns: 10, rows: 1)
    let canvas = Canvas(surface: surface)
    #expect(canvas.put(Character(family), column: 0, row: 0) == 8)
    #expect(canvas.put(Character(flag), column: 8, row: 0) == 2)
    #expect(surface.lines == ["👨👩👧👦🇯🇵"])
  }

  @Test func aClusterCutByTheRightClipEdgeIsBlankedWhole() {
    let surface = MemorySurface(columns: 7, rows: 1)
    surface.fill(CellRect(column: 0, row: 0, columns: 7, rows: 1), with: ".", style: .plain)
    let canvas = Canvas(surface: surface).clipped(
      to: CellRect(column: 0, row: 0, columns: 6, rows: 1))
    #expect(canvas.text("ab" + family, column: 0, row: 0) == 10)
    #expect(cells(surface) == ["a", "b", " ", " ", " ", " ", "."])
  }

  @Test func aFlagCutByTheLeftClipEdgeIsNotHalfDrawn() {
    let surface = MemorySurface(columns: 4, rows: 1)
    let canvas = Canvas(surface: surface).clipped(
      to: CellRect(column: 1, row: 0, columns: 3, rows: 1))
    let view = canvas.clipped(to: CellRect(column: 0, row: 0, columns: 4, rows: 1))
    view.fill(with: "x")
    // The view's text starts one column left of the clip: the flag straddles the edge.
    canvas.clipped(to: CellRect(column: -1, row: 0, columns: 5, rows: 1))
      .text(flag + "ab", column: 0, row: 0)
    #expect(cells(surface) == [" ", " ", "a", "b"])
  }

  /// Every clip of a line of clusters shows each cluster whole, at the columns it has unclipped,
  /// or as blanks.
  @Test func everyClipShowsEachClusterWholeOrBlank() {
    let clusters = ["a", flag, "b", family, "c", "👍🏽", "日", "e\u{301}", "\u{1FAE8}", "क्षि"]
    let line = clusters.joined()
    let full = MemorySurface(columns: 30, rows: 1)
    let width = Canvas(surface: full).text(line, column: 0, row: 0)
    var spans: [Range<Int>] = []
    var column = 0
    for cluster in clusters {
      let w = CharacterWidth.of(cluster)
      spans.append(column..<column + w)
      column += w
    }
    #expect(width == column)
    for start in 0..<width {
      for end in start + 1...width {
        let surface = MemorySurface(columns: 30, rows: 1)
        Canvas(surface: surface).clipped(
          to: CellRect(column: start, row: 0, columns: end - start, rows: 1)
        ).clipped(to: CellRect(column: -start, row: 0, columns: 30, rows: 1))
          .text(line, column: 0, row: 0)
        for span in spans {
          let shown = span.clamped(to: start..<end)
          let whole = shown == span
          for c in shown {
            let expected = whole ? full[c, 0] : .blank()
            #expect(
              surface[c, 0] == expected,
              "clip \(start)..<\(end): column \(c) of the cluster at \(span)")
          }
        }
      }
    }
  }

  @Test(
    arguments: [
      ("👨‍👩‍👧‍👦x", 4, "…"), ("ab👨‍👩‍👧‍👦", 9, "ab…"), ("ab👨‍👩‍👧‍👦", 10, "ab👨‍👩‍👧‍👦"),
      ("🇯🇵🇫🇷", 3, "🇯🇵…"), ("🇯🇵🇫🇷", 4, "🇯🇵🇫🇷"), ("e\u{301}\u{302}xyz", 3, "e\u{301}\u{302}x…"),
      ("䷀䷁䷂", 5, "䷀䷁…"), ("\u{1FAE8}\u{1FAE8}\u{1FAE8}", 2, "\u{1FAE8}…"),
    ] as [(String, Int, String)])
  func truncationKeepsWholeClusters(text: String, width: Int, expected: String) {
    #expect(Canvas.truncate(text, toWidth: width) == expected)
  }

  @Test func truncationNeverSplitsACluster() {
    let samples = [
      family + flag + "abc", "🇯🇵🇫🇷🇩🇪", "x" + family, "क्षिक्षि", "👍🏽👍🏽", "a\u{302A}b䷀c\u{0600}1",
    ]
    for sample in samples {
      for width in 0...14 {
        let result = Canvas.truncate(sample, toWidth: width)
        #expect(CharacterWidth.of(result) <= width, "\(sample) in \(width)")
        let kept = result.hasSuffix("…") ? Array(result.dropLast()) : Array(result)
        #expect(Array(sample).starts(with: kept), "\(sample) in \(width) kept \(kept)")
      }
    }
  }

  @Test func aBoxTitleIsCutBetweenFlags() {
    let surface = MemorySurface(columns: 8, rows: 2)
    Canvas(surface: surface).box(title: flag + flag + flag)
    #expect(cells(surface) == ["┌", " ", "🇯", "🇵", "🇯", "🇵", "…", "┐"])
    let other = MemorySurface(columns: 8, rows: 2)
    Canvas(surface: other).box(title: family)
    #expect(cells(other) == ["┌", " ", "…", "─", "─", "─", "─", "┐"])
  }

  @Test func fillingWithAFlagPutsBothIndicators() {
    let surface = MemorySurface(columns: 5, rows: 1)
    Canvas(surface: surface).fill(with: Character(flag))
    #expect(cells(surface) == ["🇯", "🇵", "🇯", "🇵", " "])
  }
}
