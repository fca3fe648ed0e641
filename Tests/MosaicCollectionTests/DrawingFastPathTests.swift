import MosaicLayout
import Testing

@testable import MosaicCollection

/// The fast paths of the per-frame drawing (ASCII text, one-scalar widths, bulk fills, short
/// truncation) must draw exactly what the general paths draw.
@Suite @MainActor struct DrawingFastPathTests {
  /// A small deterministic generator, so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test func oneScalarWidthsMatchTheClusterRule() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)..<0x3_0000 where value < 0xD800 || value > 0xDFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = Character(scalar)
      if CharacterWidth.of(character) != CharacterWidth.clusterWidth(character) {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    for cluster in [
      "\r\n", "e\u{301}", "1\u{FE0F}\u{20E3}", "\u{FE0F}", "🇫🇷", "👩‍💻", "a\u{301}\u{302}",
    ] {
      let character = Character(cluster)
      #expect(CharacterWidth.of(character) == CharacterWidth.clusterWidth(character), "\(cluster)")
    }
    #expect(CharacterWidth.of("a\tb\u{7F}c") == 3)
    // A String's width (its own fast path) is its Substring's (the general one).
    for text in ["", "plain", "a\tb\u{7F}c", "日本語", "e\u{301}t\u{E9}", "👩‍💻 x", "1\u{FE0F}\u{20E3}"] {
      #expect(CharacterWidth.of(text) == CharacterWidth.of(text[...]), "\(text)")
    }
    #expect(CharacterWidth.of("a\r\nb") == 2)
  }

  @Test func bulkFillMatchesPuttingEachCell() {
    var random = Generator(state: 42)
    let glyphs: [(Character, Int)] = [("a", 1), ("日", 2), ("─", 1), ("😀", 2)]
    for _ in 0..<200 {
      let columns = 1 + random.next(9)
      let rows = 1 + random.next(3)
      let bulk = MemorySurface(columns: columns, rows: rows)
      let single = MemorySurface(columns: columns, rows: rows)
      for _ in 0..<random.next(12) {
        let (glyph, width) = glyphs[random.next(glyphs.count)]
        let column = random.next(columns)
        let row = random.next(rows)
        let style = TextStyle(attributes: random.next(2) == 0 ? .bold : [])
        bulk.put(glyph, width: width, column: column, row: row, style: style)
        single.put(glyph, width: width, column: column, row: row, style: style)
      }
      let rect = CellRect(
        column: random.next(columns), row: random.next(rows), columns: 1 + random.next(columns),
        rows: 1 + random.next(rows))
      let area = rect.intersection(CellRect(column: 0, row: 0, columns: columns, rows: rows))
      let style = TextStyle(foreground: .red)
      bulk.fill(rect, with: "x", style: style)
      for row in area.row..<area.endRow {
        for column in area.column..<area.endColumn {
          single.put("x", width: 1, column: column, row: row, style: style)
        }
      }
      #expect(bulk.cells == single.cells, "\(columns)×\(rows) fill \(rect)")
      #expect(bulk.putCount == single.putCount)
    }
  }

  @Test func asciiTextDrawsOneVisibleColumnPerPrintableCharacter() {
    for text in ["hello", "a\tb\u{7}c", "x\r\ny", "  spaced  ", ""] {
      for column in -3...4 {
        let fast = MemorySurface(columns: 8, rows: 1)
        let expected = MemorySurface(columns: 8, rows: 1)
        let area = CellRect(column: 1, row: 0, columns: 5, rows: 1)
        let style = TextStyle(attributes: .underline)
        let used = Canvas(surface: fast, area: area).adding(.dim)
          .text(text, column: column, row: 0, style: style)
        // The general rule, one grapheme at a time.
        var x = area.column + column
        for character in text where CharacterWidth.clusterWidth(character) > 0 {
          if x >= area.column && x < area.endColumn {
            expected.put(character, width: 1, column: x, row: 0, style: style.adding(.dim))
          }
          x += 1
        }
        #expect(fast.cells == expected.cells, "\(text.debugDescription) at \(column)")
        #expect(used == x - area.column - column)
        #expect(used == CharacterWidth.of(text))
      }
    }
  }

  /// A surface that implements only `put`, as a terminal backend may.
  final class PutOnlySurface: Surface {
    let columns = 6
    let rows = 3
    var puts: [String] = []
    func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle) {
      puts.append("\(glyph)\(width)@\(column),\(row)")
    }
    func clear(style: TextStyle) {}
  }

  @Test func theDefaultFillPutsEachCellOfTheClippedArea() {
    let surface = PutOnlySurface()
    Canvas(surface: surface, area: CellRect(column: 4, row: 1, columns: 5, rows: 5))
      .fill(with: "x")
    #expect(surface.puts == ["x1@4,1", "x1@5,1", "x1@4,2", "x1@5,2"])
  }

  @Test func truncationOfShortTextKeepsIt() {
    #expect(Canvas.truncate("abcd", toWidth: 4) == "abcd")
    #expect(Canvas.truncate("abcde", toWidth: 4) == "abc…")
    #expect(Canvas.truncate("日本", toWidth: 4) == "日本")
    #expect(Canvas.truncate("日本語", toWidth: 5) == "日本…")
    #expect(Canvas.truncate("e\u{301}e\u{301}", toWidth: 2) == "e\u{301}e\u{301}")
  }
}
