import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// Numbered one-line items, "0001 aaa…", "0002 bbb…", a line each.
@MainActor final class NumberedItems: CollectionViewDataSource {
  final class Line: CollectionViewCell {
    var text = ""
    override func draw(in canvas: Canvas) { _ = canvas.text(text, column: 0, row: 0) }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    1_000
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      Line.self, withReuseIdentifier: "line", for: indexPath)
    // A letter per item across the line, so that a line shown one row off differs everywhere.
    let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(indexPath.item % 26)))
    let number = String(indexPath.item + 1)
    cell.text =
      String(repeating: "0", count: 4 - number.count) + number + " "
      + String(repeating: letter, count: 30)
    return cell
  }
}

extension Curses {
  /// In a pty: a scroll goes out as the terminal's own scroll of the lines that moved, and only
  /// what arrives is painted, where curses alone would paint every line.
  @Suite @MainActor struct LineShiftOutputTests {
    /// A list on the left 36 columns of a 40 × 12 screen; the last four columns label the
    /// screen's lines and do not scroll (as a pinned column or an index strip), so no line of the
    /// screen ever reappears whole one line higher, and curses' own line matching finds nothing.
    final class LabelledList: Scene {
      let items = NumberedItems()
      let view: CollectionView

      init() {
        let layout = FlowLayout()
        layout.itemSize = Size(width: 36, height: 1)
        layout.minimumLineSpacing = 0
        view = CollectionView(
          frame: CellRect(column: 0, row: 0, columns: 36, rows: 12), collectionViewLayout: layout,
          cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
        view.register(NumberedItems.Line.self, forCellWithReuseIdentifier: "line")
        view.dataSource = items
      }

      func draw(into surface: any Surface) {
        view.draw(into: surface)
        let labels = Canvas(
          surface: surface, area: CellRect(column: 36, row: 0, columns: 4, rows: 12))
        for row in 0..<12 { _ = labels.text("|r\(row % 10) ", column: 0, row: row) }
      }

      func handle(_ event: InputEvent) -> SceneResponse { .continue }
    }

    /// The bytes of five frames that each scroll the list by `rows`, and what was written;
    /// `inPlace`: whether curses' lines are read (and written) in place or through copies.
    func scroll(by rows: Int, shiftingLines: Bool, inPlace: Bool = true) throws -> (
      bytes: Int, written: String
    ) {
      let pty = try #require(PseudoTerminal(columns: 40, rows: 12))
      defer { pty.close() }
      var bytes = 0
      var written = ""
      try Watchdog.guarding("the scrolled frames to be sent", limit: 60, unblock: { pty.hangUp() })
      {
        let terminal = Terminal(on: pty)
        terminal.writesLinesDirectly = inPlace
        try terminal.start()
        defer { terminal.restore() }
        terminal.shiftsLines = shiftingLines
        let scene = LabelledList()
        scene.view.scroll(rows: 100)
        terminal.present(scene)
        pty.waitForQuiet()
        let before = pty.writtenBytes.count
        for _ in 0..<5 {
          scene.view.scroll(rows: rows)
          terminal.present(scene)
        }
        pty.waitForQuiet()
        let sent = pty.writtenBytes[before...]
        bytes = sent.count
        written = String(decoding: sent, as: UTF8.self)
        #expect(terminal.lineShifts == (shiftingLines ? 5 : 0))
      }
      return (bytes, written)
    }

    @Test func theRestoreResetsTheScrollRegion() throws {
      let pty = try #require(PseudoTerminal(columns: 40, rows: 12))
      defer { pty.close() }
      try Watchdog.guarding("the terminal to be restored", limit: 60, unblock: { pty.hangUp() }) {
        let terminal = Terminal(on: pty)
        try terminal.start()
        terminal.present(LabelledList())
        pty.waitForQuiet()
        let before = pty.writtenBytes.count
        terminal.restore()
        pty.waitForQuiet()
        let restore = String(decoding: pty.writtenBytes[before...], as: UTF8.self)
        // Saved and restored around the reset, which homes the cursor.
        #expect(restore.contains("\u{1B}7\u{1B}[r\u{1B}8"))
      }
    }

    @Test(arguments: [1, 3, -2])
    func aScrollSendsTheArrivingLinesAndAScrollOfTheRest(_ rows: Int) throws {
      let shifted = try scroll(by: rows, shiftingLines: true)
      let painted = try scroll(by: rows, shiftingLines: false)
      // Curses alone repaints the 36 columns of each of the 12 lines, each frame.
      #expect(painted.bytes > 5 * 12 * 30)
      // Shifted: the terminal scrolls (the whole screen here: ESC[nS or ESC[nT), and the
      // arriving lines and the labels put back are painted.
      #expect(shifted.bytes * 2 < painted.bytes, "\(shifted.bytes) vs \(painted.bytes) bytes")
      let scroll = "\u{1B}[\(abs(rows))" + (rows > 0 ? "S" : "T")
      #expect(abs(rows) == 1 || shifted.written.contains(scroll))
    }

    @Test(arguments: [1, 3, -2])
    func theShiftsAreTheSameWhetherCursesLinesAreReadInPlaceOrCopied(_ rows: Int) throws {
      let inPlace = try scroll(by: rows, shiftingLines: true, inPlace: true)
      let copied = try scroll(by: rows, shiftingLines: true, inPlace: false)
      #expect(inPlace.written == copied.written)
    }
  }
}
