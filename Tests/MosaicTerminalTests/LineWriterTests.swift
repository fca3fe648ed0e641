import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

extension Curses {
  /// The lines of a frame that changed are sent by `LineWriter` rather than by curses' update:
  /// the bytes a run of frames wrote to a pty, played back in a tmux pane, leave the same screen
  /// (text and styles, `capture-pane -e`) as curses' own bytes for the same frames do.
  @Suite(.enabled(if: TmuxSession.shouldRun, "needs tmux")) @MainActor
  struct LineWriterTests {
    static let columns = 80
    static let rows = 24

    /// A table's page from record `first`: an id right-aligned before a rule, a name, a city, a
    /// number right-aligned, a digit alone in a wide column, and every third record a note, so
    /// that lines end at different columns; the focused row reversed across the screen, some
    /// values dimmed, bold, red on the default background, two columns wide (CJK) or with a
    /// combining mark; a status line at the bottom.
    final class Page: Scene {
      var first = 0
      var focused = 3

      func draw(into surface: any Surface) {
        surface.clear(style: .plain)
        let canvas = Canvas(surface: surface)
        let cities = ["Oslo", "Hanoi", "Cork", "Lima", "Graz", "Accra"]
        for row in 0..<(LineWriterTests.rows - 1) {
          let record = first + row
          let isFocused = row == focused
          let style = TextStyle(attributes: isFocused ? [.reverse] : [])
          if isFocused {
            canvas.fill(CellRect(column: 0, row: row, columns: 80, rows: 1), style: style)
          }
          let id = String(record)
          canvas.text(id, column: 5 - id.count, row: row, style: style)
          canvas.put("│", column: 6, row: row, style: style)
          let name =
            record % 7 == 0
            ? "東京 \(record)"
            : record % 13 == 0 ? "cafe\u{301} \(record)" : "Name \(record * 37 % 101)"
          canvas.text(name, column: 8, row: row, style: style)
          canvas.text(cities[record % cities.count], column: 24, row: row, style: style)
          let amount = String(record * 7919 % 100_000) + ".5"
          let amountStyle =
            record % 11 == 0 ? TextStyle(foreground: .red, attributes: style.attributes) : style
          canvas.text(amount, column: 42 - amount.count, row: row, style: amountStyle)
          canvas.text(
            record % 5 == 0 ? "·" : String(record % 9), column: 48, row: row,
            style: record % 5 == 0 ? style.adding(.dim) : style.adding(record % 4 == 0 ? .bold : [])
          )
          if record % 3 == 0 {
            canvas.text("note $<5> for \(record)", column: 52, row: row, style: style)
          }
        }
        canvas.text(
          "rows from \(first)", column: 0, row: LineWriterTests.rows - 1,
          style: TextStyle(attributes: [.reverse]))
      }

      func handle(_ event: InputEvent) -> SceneResponse { .continue }
    }

    /// The bytes written for a first page, three pages down, the focus two rows down and a page
    /// up, and how many frames the line writer sent lines of. No frame moves lines by less than
    /// the screen: those the writer leaves to curses.
    func frames(writingChangedLines: Bool) throws -> (bytes: [UInt8], written: Int) {
      let pty = try #require(PseudoTerminal(columns: Self.columns, rows: Self.rows))
      defer { pty.close() }
      var bytes: [UInt8] = []
      var written = 0
      try Watchdog.guarding("the frames to be sent", limit: 60, unblock: { pty.hangUp() }) {
        let terminal = Terminal(on: pty)
        terminal.writesChangedLines = writingChangedLines
        try terminal.start()
        defer { terminal.restore() }
        let page = Page()
        terminal.present(page)
        for (pages, focus) in [(1, 3), (1, 3), (1, 3), (0, 4), (0, 5), (-1, 5)] {
          page.first += pages * 23
          page.focused = focus
          terminal.present(page)
        }
        pty.waitForQuiet()
        // Up to the last frame: what the restore sends would put the screen away.
        bytes = pty.writtenBytes
        written = terminal.framesSentByLineWriter
      }
      return (bytes, written)
    }

    /// The screen tmux shows once it has read `bytes`, with its styles.
    func shown(_ bytes: [UInt8]) throws -> String {
      let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("mosaic-line-writer-\(getpid())-\(UUID().uuidString.prefix(8))")
        .path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      defer { try? FileManager.default.removeItem(atPath: path) }
      let tmux = try TmuxSession(
        command: "cat \(TmuxSession.shellQuoted(path)); exec sleep 600",
        columns: Self.columns, rows: Self.rows, environment: ["LANG": "C.UTF-8"], timeLimit: 60)
      defer { tmux.kill() }
      // The bytes end inside the alternate screen, on the last frame's status line.
      tmux.waitFor(text: "rows from 46")
      return tmux.command("capture-pane", "-p", "-e", "-N")
    }

    @Test func theTerminalEndsOnTheScreenCursesWouldHaveSent() throws {
      let byWriter = try frames(writingChangedLines: true)
      let byCurses = try frames(writingChangedLines: false)
      // The writer sent the pages (the focus moving changes two lines, left to curses); with it
      // off, curses sent all.
      #expect(byWriter.written >= 4)
      #expect(byCurses.written == 0)
      #expect(byWriter.bytes != byCurses.bytes)
      let screen = try shown(byWriter.bytes)
      #expect(screen.contains("rows from 46"), "\(screen)")
      #expect(screen == (try shown(byCurses.bytes)))
      // About as many bytes as curses sends for the same frames.
      #expect(
        byWriter.bytes.count * 10 < byCurses.bytes.count * 11,
        "\(byWriter.bytes.count) vs \(byCurses.bytes.count) bytes")
    }
  }
}
