import Foundation
import MosaicApp
import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicPseudoTerminal
import MosaicTerminal

/// Prints the bytes a key sends to a 120 × 40 terminal (TERM=xterm-256color) in each browser
/// layout, beside the floors they are held to (issue 11, item 1): a Down that scrolls, beside
/// the bytes of painting only the lines it brings onto a screen that already shows the rest;
/// a Down that only moves the focus, beside the bytes of changing only the borders of the two
/// items it moves between (a card's frame; a table row is one line, all border); a PgDn,
/// beside a repaint of the whole content area.
///
/// A `BrowserScene` over the file (indexing finished) is presented through `Terminal` to a
/// pseudo-terminal whose output is drained and counted, as `BrowserBenchmark` does. For each
/// Down that scrolled by n rows, the terminal is then shown the same frame with its last n
/// content lines blank, and the bytes of presenting the whole frame over that are the floor.
/// For a Down that only moved the focus, the terminal is shown the frame before the key again,
/// then that frame with only the two items' border cells taken from the frame after it: the
/// bytes of that are the focus floor. The full repaint is the frame presented over a screen
/// whose content area is blank. Each
/// layout is measured with curses alone deciding what to send (`Terminal.shiftsLines` off, as
/// before issue 11) and with the collection view's scroll hints carried out; the CPU time is the
/// benchmark thread's own for presenting a scrolling Down's frame (drawing and sending).
@MainActor
enum WireBenchmark {
  /// Draws `scene`, then blanks `lines` of the screen: the frame before those lines are painted.
  final class BlankedScene: Scene {
    let scene: BrowserScene
    var lines: Range<Int>

    init(scene: BrowserScene, lines: Range<Int>) {
      self.scene = scene
      self.lines = lines
    }

    func draw(into surface: any Surface) {
      scene.draw(into: surface)
      let rect = CellRect(
        column: 0, row: lines.lowerBound, columns: surface.columns, rows: lines.count)
      surface.fill(rect, with: " ", style: .plain)
    }

    func handle(_ event: InputEvent) -> SceneResponse { .continue }
  }

  /// Shows a screen kept in memory, cell for cell: a frame shown before, or a mix of two.
  final class StillScene: Scene {
    let screen: MemorySurface

    init(_ screen: MemorySurface) { self.screen = screen }

    func draw(into surface: any Surface) {
      for row in 0..<min(screen.rows, surface.rows) {
        for column in 0..<min(screen.columns, surface.columns) {
          let cell = screen[column, row]
          guard cell.width > 0, column + cell.width <= surface.columns else { continue }
          surface.put(
            cell.character, width: cell.width, column: column, row: row, style: cell.style)
        }
      }
    }

    func handle(_ event: InputEvent) -> SceneResponse { .continue }
  }

  /// `scene`'s frame drawn in memory, at the size of the benchmark's terminal.
  static func snapshot(_ scene: BrowserScene) -> MemorySurface {
    let screen = MemorySurface(columns: 120, rows: 40)
    scene.draw(into: screen)
    return screen
  }

  /// `before` with the cells on the edges of `rects` taken from `after`.
  static func borders(of rects: [CellRect], from after: MemorySurface, over before: MemorySurface)
    -> MemorySurface
  {
    let mixed = MemorySurface(columns: before.columns, rows: before.rows)
    StillScene(before).draw(into: mixed)
    for rect in rects where !rect.isEmpty {
      for row in rect.row..<rect.endRow {
        for column in rect.column..<rect.endColumn {
          let onEdge =
            row == rect.row || row == rect.endRow - 1 || column == rect.column
            || column == rect.endColumn - 1
          guard onEdge, row >= 0, row < after.rows, column >= 0, column < after.columns
          else { continue }
          let cell = after[column, row]
          guard cell.width > 0, column + cell.width <= mixed.columns else { continue }
          mixed.put(cell.character, width: cell.width, column: column, row: row, style: cell.style)
        }
      }
    }
    return mixed
  }

  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench wire FILE [COUNT] [TABLE-FIELDS]")
      return
    }
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 60 : 60
    // The table again with only these fields (comma-separated): the fields a plain C grid
    // shows, to compare with its bytes.
    let tableFields =
      arguments.count > 2 ? arguments[2].split(separator: ",").map(String.init) : nil
    print("## Bytes per key: \(path), 120 × 40 pty, xterm-256color, \(count) Downs, 10 PgDns\n")
    print(
      "| layout | lines shifted | scrolling Down (B) | floor: the lines it brings (B) | ratio "
        + "| focus-only Down (B) | floor: the two items' borders (B) | ratio "
        + "| PgDn (B) | full repaint of the content (B) | ratio "
        + "| CPU to present a scrolling Down (µs) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    var runs: [(BrowserLayoutStyle, [String]?)] = [(.grid, nil), (.list, nil), (.table, nil)]
    if let tableFields { runs.append((.table, tableFields)) }
    for (layout, fields) in runs {
      // Curses alone (as before issue 11), then with the scroll hints carried out.
      for shiftsLines in [false, true] {
        measure(
          path: path, layout: layout, fields: fields, count: count, shiftsLines: shiftsLines)
      }
    }
    print()
  }

  /// The median of `values`, or nil when there are none.
  static func median(_ values: [Int]) -> Int? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[values.count / 2]
  }

  /// A scene over `path` in `layout` showing `fields` (nil: all), indexing finished.
  static func makeScene(path: String, layout: BrowserLayoutStyle, fields: [String]?)
    -> BrowserScene?
  {
    guard let fields else { return BrowserBenchmark.makeScene(path: path, layout: layout) }
    do {
      let source = try DataFile.open(path: path)
      let scene = BrowserScene(
        source: source,
        configuration: try BrowserConfiguration(
          source: source, fields: fields, layoutStyle: layout))
      SceneSettling.settle(scene)
      return scene
    } catch {
      print("wire benchmark: \(error)")
      return nil
    }
  }

  static func measure(
    path: String, layout: BrowserLayoutStyle, fields: [String]?, count: Int, shiftsLines: Bool
  ) {
    guard let scene = makeScene(path: path, layout: layout, fields: fields),
      let pty = PseudoTerminal(columns: 120, rows: 40)
    else { return }
    defer { pty.close() }
    let terminal = Terminal(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: "xterm-256color", installsSignalHandlers: false)
    do { try terminal.start() } catch {
      print("wire benchmark: \(error)")
      return
    }
    defer { terminal.restore() }
    terminal.shiftsLines = shiftsLines
    /// Presents `scene` and returns the bytes it sent.
    var presentNanoseconds: UInt64 = 0
    func send(_ scene: any Scene) -> Int {
      let before = pty.bytesWritten
      let start = TerminalBenchmark.threadNanoseconds()
      terminal.present(scene)
      presentNanoseconds = TerminalBenchmark.threadNanoseconds() - start
      pty.waitForQuiet(quiet: 0.03, limit: 5)
      return pty.bytesWritten - before
    }
    _ = send(scene)
    var scrolling: [Int] = []
    var floors: [Int] = []
    var focusOnly: [Int] = []
    var focusFloors: [Int] = []
    var scrollingMicroseconds: [Int] = []
    let view = scene.collectionView
    // Drawn in memory at the offset the terminal was last shown, so the collection view's
    // next scroll hint is still measured from the frame on the terminal.
    var shown = snapshot(scene)
    for _ in 0..<count {
      let before = view.contentOffset.y
      let focusedBefore = view.indexPathForFocusedItem.flatMap { view.cellForItem(at: $0)?.frame }
      _ = scene.handle(.key(.down))
      let bytes = send(scene)
      let rows = Int(((view.contentOffset.y - before) / view.cellMetrics.pointsPerRow).rounded())
      let after = snapshot(scene)
      defer { shown = after }
      guard rows > 0 else {
        focusOnly.append(bytes)
        let focusedAfter = view.indexPathForFocusedItem.flatMap { view.cellForItem(at: $0)?.frame }
        if let focusedBefore, let focusedAfter {
          _ = send(StillScene(shown))
          focusFloors.append(
            send(StillScene(borders(of: [focusedBefore, focusedAfter], from: after, over: shown))))
          _ = send(StillScene(after))
        }
        continue
      }
      scrolling.append(bytes)
      scrollingMicroseconds.append(Int(presentNanoseconds / 1000))
      let frame = view.frame
      _ = send(BlankedScene(scene: scene, lines: (frame.endRow - rows)..<frame.endRow))
      floors.append(send(scene))
    }
    var pages: [Int] = []
    var repaints: [Int] = []
    for _ in 0..<10 {
      _ = scene.handle(.key(.pageDown))
      pages.append(send(scene))
      let frame = view.frame
      _ = send(BlankedScene(scene: scene, lines: frame.row..<frame.endRow))
      repaints.append(send(scene))
    }
    func figure(_ value: Int?) -> String { value.map { $0.groupedDigits() } ?? "–" }
    func ratio(_ value: Int?, _ floor: Int?) -> String {
      guard let value, let floor, floor > 0 else { return "–" }
      return String(format: "%.2f", Double(value) / Double(floor))
    }
    let (down, floor, page, repaint) = (
      median(scrolling), median(floors), median(pages), median(repaints)
    )
    print(
      "| \(layout.rawValue)\(fields.map { " (" + $0.joined(separator: ", ") + ")" } ?? "") "
        + "| \(shiftsLines ? "yes" : "no") | \(figure(down)) | \(figure(floor)) | \(ratio(down, floor)) "
        + "| \(figure(median(focusOnly))) | \(figure(median(focusFloors))) "
        + "| \(ratio(median(focusOnly), median(focusFloors))) | \(figure(page)) | \(figure(repaint)) "
        + "| \(ratio(page, repaint)) | \(figure(median(scrollingMicroseconds))) |")
  }
}
