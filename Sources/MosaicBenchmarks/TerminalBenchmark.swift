import Foundation
import MosaicCollection
import MosaicLayout
import MosaicPseudoTerminal
import MosaicTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints the cost of a scroll step drawn through ncurses: CPU time per step and bytes sent to
/// the terminal per step, by one line and by one page, on a 120 × 40 screen of cards, at 1k, 1M
/// and 10M items.
///
/// The same cards and steps as `ScrollBenchmark`, but each frame goes through `CursesSurface`
/// into curses' virtual screen and one `doupdate()` to a pseudo-terminal (TERM=xterm-256color)
/// whose output is drained and counted. CPU time is the benchmark thread's own
/// (`CLOCK_THREAD_CPUTIME_ID`, so the drain thread is not counted), the median of five runs;
/// "of which ncurses" subtracts the same steps drawn into a `MemorySurface`.
@MainActor
enum TerminalBenchmark {
  /// Draws one collection view over the whole screen.
  final class ViewScene: Scene {
    let view: CollectionView
    init(view: CollectionView) { self.view = view }
    func draw(into surface: any Surface) { view.draw(into: surface) }
    func handle(_ event: InputEvent) -> SceneResponse { .continue }
  }

  static func threadNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// A view of `count` cards, scrolled to the middle of its content.
  static func makeView(count: Int, cards: ScrollBenchmark.Cards) -> CollectionView {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 160, height: 64)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 120, rows: 40), collectionViewLayout: layout)
    view.register(ScrollBenchmark.Card.self, forCellWithReuseIdentifier: "card")
    view.dataSource = cards
    view.scrollToItem(at: IndexPath(item: count / 2, section: 0), at: .top)
    return view
  }

  /// `steps` scrolls by `rows`, bouncing at the ends, each followed by `draw`.
  static func steps(_ steps: Int, rows: Int, view: CollectionView, draw: () -> Void) {
    var direction = 1
    for _ in 0..<steps {
      let before = view.contentOffset
      view.scroll(rows: rows * direction)
      if view.contentOffset == before {
        direction = -direction
        view.scroll(rows: rows * direction)
      }
      draw()
    }
  }

  /// Median µs per step of five runs of `body`.
  static func median(steps: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<5 {
      let start = threadNanoseconds()
      body()
      samples.append(Double(threadNanoseconds() - start) / Double(steps) / 1000)
    }
    return samples.sorted()[2]
  }

  /// One row of figures: through ncurses (µs, bytes) and into memory (µs).
  struct Figures {
    var cursesMicroseconds: Double
    var memoryMicroseconds: Double
    var bytesPerStep: Double
  }

  static func measure(count: Int, rows: Int, steps stepCount: Int) -> Figures? {
    let cards = ScrollBenchmark.Cards(count: count)
    guard let pty = PseudoTerminal(columns: 120, rows: 40) else { return nil }
    defer { pty.close() }
    let terminal = Terminal(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: "xterm-256color", installsSignalHandlers: false)
    do { try terminal.start() } catch {
      print("terminal benchmark: \(error)")
      return nil
    }
    defer { terminal.restore() }
    let view = makeView(count: count, cards: cards)
    let scene = ViewScene(view: view)
    terminal.present(scene)
    // A long quiet spell: on a loaded machine the drain thread can pause for a while.
    pty.waitForQuiet(quiet: 0.25, limit: 10)
    let bytesBefore = pty.bytesWritten
    let curses = median(steps: stepCount) {
      steps(stepCount, rows: rows, view: view) { terminal.present(scene) }
    }
    // A long quiet spell: on a loaded machine the drain thread can pause for a while.
    pty.waitForQuiet(quiet: 0.25, limit: 10)
    let bytes = Double(pty.bytesWritten - bytesBefore) / Double(5 * stepCount)

    let memoryView = makeView(count: count, cards: cards)
    let screen = MemorySurface(columns: 120, rows: 40)
    memoryView.draw(into: screen)
    let memory = median(steps: stepCount) {
      steps(stepCount, rows: rows, view: memoryView) { memoryView.draw(into: screen) }
    }
    return Figures(cursesMicroseconds: curses, memoryMicroseconds: memory, bytesPerStep: bytes)
  }

  static func run() {
    print("## Terminal: a scroll step through ncurses, 120 × 40 pty, xterm-256color\n")
    print(
      "| items | step | CPU per step (µs) | of which ncurses (µs) | bytes to the terminal per step |"
    )
    print("|---:|---|---:|---:|---:|")
    for count in [1_000, 1_000_000, 10_000_000] {
      for (name, rows, steps) in [("one line", 1, 400), ("one page", 40, 100)] {
        guard let figures = measure(count: count, rows: rows, steps: steps) else { return }
        let ncurses = max(0, figures.cursesMicroseconds - figures.memoryMicroseconds)
        print(
          "| \(ScrollBenchmark.label(count)) | \(name) "
            + "| \(String(format: "%.1f", figures.cursesMicroseconds)) "
            + "| \(String(format: "%.1f", ncurses)) "
            + "| \(String(format: "%.0f", figures.bytesPerStep)) |")
      }
    }
    print()
  }
}
