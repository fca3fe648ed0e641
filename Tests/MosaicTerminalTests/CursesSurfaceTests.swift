import CNcurses
import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// Writes through `CursesSurface` and reads curses' virtual screen back.
extension Curses {
  @Suite @MainActor struct CursesSurfaceTests {
    /// One cell of curses' virtual screen.
    struct Cell: Equatable {
      var text: String
      var attributes: attr_t
      var pair: Int16
    }

    func cell(_ surface: CursesSurface, column: Int, row: Int) -> Cell {
      var stored = cchar_t()
      mvwin_wch(surface.window, Int32(row), Int32(column), &stored)
      var characters = [wchar_t](repeating: 0, count: 8)
      var attributes: attr_t = 0
      var pair: Int16 = 0
      getcchar(&stored, &characters, &attributes, &pair, nil)
      let scalars = characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32($0)) }
      // getcchar reports the pair inside the attributes too; compare them apart.
      return Cell(
        text: String(String.UnicodeScalarView(scalars)),
        attributes: attributes & mosaic_a_attributes() & ~mosaic_color_pair(pair), pair: pair)
    }

    func withSurface(_ body: (CursesSurface, Terminal) throws -> Void) throws {
      let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
      defer { pty.close() }
      // Curses writes to the pty as it starts and restores; a hang-up ends any such write.
      try Watchdog.guarding(
        "the surface test on a pty to finish", limit: 60, unblock: { pty.hangUp() }
      ) {
        let terminal = Terminal(on: pty)
        try terminal.start()
        defer { terminal.restore() }
        try body(try #require(terminal.surface), terminal)
      }
    }

    /// Every cell of the window, and which lines curses has marked changed.
    func contents(_ surface: CursesSurface) -> (cells: [[Cell]], touched: [Bool]) {
      let cells = (0..<surface.rows).map { row in
        (0..<surface.columns).map { cell(surface, column: $0, row: row) }
      }
      let touched = (0..<surface.rows).map { is_linetouched(surface.window, Int32($0)) }
      return (cells, touched)
    }

    /// A frame of ASCII runs and fills in several styles and colours, beside and over wide
    /// glyphs (a run or fill whose end cuts one), over an earlier frame, in a terminal that writes lines directly or
    /// through curses; what the window holds after each frame and the bytes sent.
    func drawRuns(directly: Bool, background: TextStyle) throws -> (
      frames: [[[Cell]]], touched: [[Bool]], bytes: [UInt8]
    ) {
      unsetenv("NO_COLOR")
      let pty = try #require(PseudoTerminal(columns: 40, rows: 10))
      defer { pty.close() }
      var frames: [[[Cell]]] = []
      var touched: [[Bool]] = []
      var sent: [UInt8] = []
      try Watchdog.guarding("the runs to be drawn on a pty", limit: 60, unblock: { pty.hangUp() }) {
        let terminal = Terminal(on: pty)
        terminal.writesLinesDirectly = directly
        try terminal.start()
        defer { terminal.restore() }
        let surface = try #require(terminal.surface)
        let styles = [
          TextStyle.plain, TextStyle(attributes: .bold), TextStyle(attributes: [.reverse, .dim]),
          TextStyle(foreground: .cyan), TextStyle(foreground: .red, background: .blue),
        ]
        for frame in 0..<3 {
          // Later frames are drawn over the last, as a collection view draws: only what each
          // put marks changed reaches the terminal.
          if frame == 0 { surface.clear(style: background) }
          surface.put("日", width: 2, column: 10 + frame, row: 2, style: .plain)
          for row in 0..<surface.rows {
            let text = Array("row \(row) frame \(frame) " + String(repeating: "x", count: row))
            text.map { $0.asciiValue! }.withUnsafeBufferPointer {
              surface.putASCII(
                $0, column: (row * 3 + frame) % 8, row: row, style: styles[(row + frame) % 5])
            }
          }
          // The run's end and start cut the wide glyph put above.
          Array("cut".utf8).withUnsafeBufferPointer {
            surface.putASCII($0, column: 9 + frame, row: 2, style: styles[1])
          }
          // Fills of one-column glyphs, over runs and across the end of a wide glyph.
          surface.fill(
            CellRect(column: 2 + frame, row: 5, columns: 12, rows: 2), with: "─",
            style: styles[frame % 5])
          surface.put("日", width: 2, column: 20, row: 7, style: .plain)
          surface.fill(
            CellRect(column: 21, row: 6 + frame % 2, columns: 1, rows: 3), with: " ",
            style: styles[(frame + 2) % 5])
          surface.fill(
            CellRect(column: 30, row: frame, columns: 10, rows: 1), with: "x", style: styles[3])
          let state = contents(surface)
          frames.append(state.cells)
          touched.append(state.touched)
          terminal.present(EmptyScene())
          pty.waitForQuiet()
        }
        // The frames' bytes, before the restore's (whose last bytes may still be on the way).
        sent = Array(pty.writtenBytes)
      }
      return (frames, touched, sent)
    }

    /// Draws nothing: the frame is whatever the test put in the surface.
    final class EmptyScene: Scene {
      func draw(into surface: any Surface) {}
      func handle(_ event: InputEvent) -> SceneResponse { .continue }
    }

    @Test func aFrameDrawnWholeLeavesMarkedOnlyTheLinesThatChanged() throws {
      try withSurface { surface, terminal in
        func draw(_ changed: String) {
          surface.clear(style: .plain)
          for row in 0..<surface.rows {
            let text = row == 4 ? changed : "line \(row)"
            Array(text.utf8).withUnsafeBufferPointer {
              surface.putASCII($0, column: 2, row: row, style: .plain)
            }
          }
        }
        draw("first")
        terminal.present(CursesSurfaceTests.EmptyScene())
        // The next frame is drawn whole again: every line is marked, one differs.
        draw("second")
        #expect((0..<surface.rows).allSatisfy { is_linetouched(surface.window, Int32($0)) })
        #expect(mosaic_unmark_unchanged_lines(surface.window, mosaic_newscr()) == 1)
        #expect((0..<surface.rows).filter { is_linetouched(surface.window, Int32($0)) } == [4])
        terminal.present(CursesSurfaceTests.EmptyScene())
        // What curses records as sent: the changed line went out, the others were already so.
        func sent(row: Int32) -> String {
          var stored = cchar_t()
          mvwin_wch(mosaic_curscr(), row, 2, &stored)
          return Unicode.Scalar(UInt32(stored.chars.0)).map { String($0) } ?? ""
        }
        #expect(sent(row: 4) == "s")
        #expect(sent(row: 3) == "l")
      }
    }

    @Test func thisCursesLetsLinesBeWrittenDirectly() throws {
      // The layout the shim assumes is checked against this machine's curses, so the fast path
      // is the one every other test here exercises.
      try withSurface { _, _ in #expect(mosaic_lines_are_writable() == 1) }
    }

    /// Over a styled background (which curses merges into every cell) the runs go through
    /// curses either way; over a plain one they are stored directly, with the same result.
    @Test(arguments: [
      TextStyle.plain, TextStyle(attributes: .reverse),
      TextStyle(foreground: .red, background: .blue),
    ])
    func runsAndFillsWrittenDirectlyLeaveWhatCursesWouldAndSendTheSameBytes(background: TextStyle)
      throws
    {
      let direct = try drawRuns(directly: true, background: background)
      let throughCurses = try drawRuns(directly: false, background: background)
      #expect(direct.frames == throughCurses.frames)
      #expect(direct.touched == throughCurses.touched)
      let sameBytes = direct.bytes == throughCurses.bytes
      #expect(
        sameBytes, "\(direct.bytes.count) bytes sent, through curses \(throughCurses.bytes.count)")
      #expect(direct.frames.count == 3 && direct.frames[0] != direct.frames[1])
    }

    @Test func putsGlyphsWithAttributes() throws {
      try withSurface { surface, _ in
        surface.clear(style: .plain)
        surface.put("A", width: 1, column: 0, row: 0, style: .plain)
        surface.put("B", width: 1, column: 1, row: 0, style: TextStyle(attributes: .bold))
        surface.put(
          "C", width: 1, column: 2, row: 0, style: TextStyle(attributes: [.reverse, .underline]))
        surface.put("D", width: 1, column: 3, row: 0, style: TextStyle(attributes: .dim))
        #expect(
          cell(surface, column: 0, row: 0)
            == Cell(text: "A", attributes: mosaic_a_normal(), pair: 0))
        #expect(
          cell(surface, column: 1, row: 0) == Cell(text: "B", attributes: mosaic_a_bold(), pair: 0))
        #expect(
          cell(surface, column: 2, row: 0)
            == Cell(text: "C", attributes: mosaic_a_reverse() | mosaic_a_underline(), pair: 0))
        #expect(
          cell(surface, column: 3, row: 0) == Cell(text: "D", attributes: mosaic_a_dim(), pair: 0))
      }
    }

    @Test func allocatesOnePairPerColourCombination() throws {
      // The test runner may set NO_COLOR for its own output; colour is the point here.
      unsetenv("NO_COLOR")
      try withSurface { surface, terminal in
        try #require(terminal.hasColors)
        let redOnBlue = TextStyle(foreground: .red, background: .blue)
        let green = TextStyle(foreground: .green)
        surface.put("r", width: 1, column: 0, row: 1, style: redOnBlue)
        surface.put("g", width: 1, column: 1, row: 1, style: green)
        surface.put("R", width: 1, column: 2, row: 1, style: redOnBlue.adding(.bold))
        let first = cell(surface, column: 0, row: 1)
        let second = cell(surface, column: 1, row: 1)
        let third = cell(surface, column: 2, row: 1)
        #expect(first.pair != 0)
        #expect(second.pair != 0)
        #expect(first.pair != second.pair)
        #expect(third.pair == first.pair, "same colours, same pair")
        var foreground: Int16 = 0
        var background: Int16 = 0
        pair_content(first.pair, &foreground, &background)
        #expect(foreground == mosaic_color_red())
        #expect(background == mosaic_color_blue())
        pair_content(second.pair, &foreground, &background)
        #expect(foreground == mosaic_color_green())
        #expect(background == -1, "the terminal's own background")
      }
    }

    @Test func putsWideAndCombiningGlyphs() throws {
      try withSurface { surface, _ in
        surface.clear(style: .plain)
        surface.put("中", width: 2, column: 4, row: 2, style: .plain)
        surface.put("x", width: 1, column: 6, row: 2, style: .plain)
        surface.put("e\u{301}", width: 1, column: 7, row: 2, style: .plain)
        #expect(cell(surface, column: 4, row: 2).text == "中")
        #expect(cell(surface, column: 6, row: 2).text == "x")
        #expect(cell(surface, column: 7, row: 2).text == "e\u{301}")
      }
    }

    @Test func clearBlanksWithTheStyle() throws {
      try withSurface { surface, _ in
        surface.put("Z", width: 1, column: 39, row: 9, style: .plain)
        #expect(cell(surface, column: 39, row: 9).text == "Z", "bottom-right cell is written")
        surface.clear(style: TextStyle(attributes: .reverse))
        #expect(
          cell(surface, column: 39, row: 9)
            == Cell(text: " ", attributes: mosaic_a_reverse(), pair: 0))
        #expect(cell(surface, column: 0, row: 0).text == " ")
      }
    }
  }
}

extension Curses.CursesSurfaceTests {
  @Test func fillsARectangleAsPutWould() throws {
    try withSurface { surface, _ in
      surface.clear(style: .plain)
      let style = TextStyle(attributes: .bold)
      surface.fill(CellRect(column: 2, row: 3, columns: 4, rows: 2), with: "─", style: style)
      for row in 0..<10 {
        for column in 0..<40 {
          let inside = (2..<6).contains(column) && (3..<5).contains(row)
          let expected =
            inside
            ? Cell(text: "─", attributes: mosaic_a_bold(), pair: 0)
            : Cell(text: " ", attributes: mosaic_a_normal(), pair: 0)
          #expect(
            cell(surface, column: column, row: row) == expected, "column \(column) row \(row)")
        }
      }
    }
  }
}

extension Curses.CursesSurfaceTests {
  @Test func putsAnASCIIRunAsPutWould() throws {
    try withSurface { surface, _ in
      surface.clear(style: .plain)
      let style = TextStyle(attributes: .underline)
      let text = "Edsger, 42 ~"
      Array(text.utf8).withUnsafeBufferPointer { bytes in
        surface.putASCII(bytes, column: 3, row: 4, style: style)
      }
      for (offset, character) in text.enumerated() {
        surface.put(character, width: 1, column: 3 + offset, row: 5, style: style)
      }
      // The last cell of the last row too: curses answers ERR there yet stores the glyph.
      Array("xy".utf8).withUnsafeBufferPointer { bytes in
        surface.putASCII(bytes, column: 38, row: 9, style: .plain)
      }
      for column in 0..<40 {
        #expect(
          cell(surface, column: column, row: 4) == cell(surface, column: column, row: 5),
          "column \(column)")
      }
      #expect(
        cell(surface, column: 3, row: 4)
          == Cell(text: "E", attributes: mosaic_a_underline(), pair: 0))
      #expect(cell(surface, column: 38, row: 9).text == "x")
      #expect(cell(surface, column: 39, row: 9).text == "y")
    }
  }
}

extension Curses.CursesSurfaceTests {
  @Test func anASCIIRunOverBackgroundsAndWideGlyphsMatchesPut() throws {
    for background in [TextStyle.plain, TextStyle(attributes: .reverse)] {
      for start in 0..<8 {
        try withSurface { surface, _ in
          surface.clear(style: background)
          // Row 1 takes the run, row 2 the same glyphs one by one, over the same wide glyphs.
          for row in [1, 2] {
            surface.put("中", width: 2, column: 2, row: row, style: .plain)
            surface.put("日", width: 2, column: 6, row: row, style: .plain)
            surface.put("本", width: 2, column: 36, row: row, style: .plain)
          }
          let text = "ab c"
          Array(text.utf8).withUnsafeBufferPointer { bytes in
            surface.putASCII(bytes, column: start, row: 1, style: TextStyle(attributes: .bold))
          }
          for (offset, character) in text.enumerated() {
            surface.put(
              character, width: 1, column: start + offset, row: 2,
              style: TextStyle(attributes: .bold))
          }
          Array("xyz".utf8).withUnsafeBufferPointer { bytes in
            surface.putASCII(bytes, column: 37, row: 1, style: .plain)
          }
          for (offset, character) in "xyz".enumerated() {
            surface.put(character, width: 1, column: 37 + offset, row: 2, style: .plain)
          }
          for column in 0..<40 {
            #expect(
              cell(surface, column: column, row: 1) == cell(surface, column: column, row: 2),
              "background \(background), run at \(start), column \(column)")
          }
        }
      }
    }
  }
}

extension Curses.CursesSurfaceTests {
  @Test func aOneColumnFillMatchesPutOverWideGlyphs() throws {
    try withSurface { surface, _ in
      surface.clear(style: .plain)
      // Column 3 takes the fill, column 13 the same glyphs one by one, over the same wide glyphs.
      for column in [3, 13] {
        surface.put("中", width: 2, column: column - 1, row: 2, style: .plain)
        surface.put("日", width: 2, column: column, row: 4, style: .plain)
      }
      let style = TextStyle(attributes: .bold)
      surface.fill(CellRect(column: 3, row: 1, columns: 1, rows: 5), with: "┃", style: style)
      for row in 1..<6 {
        surface.put("┃", width: 1, column: 13, row: row, style: style)
      }
      for row in 0..<10 {
        for offset in -2...2 {
          #expect(
            cell(surface, column: 3 + offset, row: row)
              == cell(surface, column: 13 + offset, row: row), "row \(row), offset \(offset)")
        }
      }
      #expect(
        cell(surface, column: 3, row: 3) == Cell(text: "┃", attributes: mosaic_a_bold(), pair: 0))
    }
  }
}

extension Curses.CursesSurfaceTests {
  /// Curses keeps a wide glyph's other half in the window when something is drawn over one
  /// half, where a terminal (and `MemorySurface`) blanks it; kept, curses later sends the half as
  /// a whole glyph and the terminal's screen parts from curses' idea of it (TmuxScreenTests saw
  /// stray characters after wide ones). The surface blanks the other half itself.
  @Test func drawingOverHalfAWideGlyphBlanksTheOtherHalf() throws {
    try withSurface { surface, _ in
      surface.clear(style: .plain)
      let wide = TextStyle(attributes: .bold)
      // Over the second half, the first half, by a wide glyph one column on, by a fill, by ASCII.
      surface.put("中", width: 2, column: 2, row: 1, style: wide)
      surface.put("x", width: 1, column: 3, row: 1, style: .plain)
      surface.put("中", width: 2, column: 8, row: 1, style: wide)
      surface.put("y", width: 1, column: 8, row: 1, style: .plain)
      surface.put("中", width: 2, column: 14, row: 1, style: wide)
      surface.put("文", width: 2, column: 15, row: 1, style: .plain)
      surface.put("中", width: 2, column: 20, row: 1, style: wide)
      surface.fill(CellRect(column: 21, row: 1, columns: 3, rows: 1), with: "─", style: .plain)
      surface.put("中", width: 2, column: 28, row: 1, style: wide)
      "ab".utf8CString.withUnsafeBufferPointer { characters in
        characters.withMemoryRebound(to: UInt8.self) { bytes in
          surface.putASCII(
            UnsafeBufferPointer(rebasing: bytes.prefix(2)), column: 29, row: 1, style: .plain)
        }
      }
      let expected: [(column: Int, text: String)] = [
        (2, " "), (3, "x"), (8, "y"), (9, " "), (14, " "), (15, "文"), (20, " "), (21, "─"),
        (28, " "), (29, "a"), (30, "b"),
      ]
      for (column, text) in expected {
        #expect(cell(surface, column: column, row: 1).text == text, "column \(column)")
      }
      // The blanks keep the style of the glyph they were half of, as MemorySurface's do.
      #expect(cell(surface, column: 2, row: 1).attributes == mosaic_a_bold())
      #expect(mosaic_wide_part(surface.window, 1, 15) == 1)
      #expect(mosaic_wide_part(surface.window, 1, 16) == 2)
    }
  }
}
