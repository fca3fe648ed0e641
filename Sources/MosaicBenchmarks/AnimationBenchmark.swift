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

/// Prints the CPU cost of an animation frame: a full-screen layout change at 120 × 40 (a grid of
/// 20 × 4-cell cards to one-line rows and back, over 1M items, the middle one focused), animated
/// on a virtual clock stepped by a sixtieth of a second until it lands.
///
/// Figures per frame, median and p99 over every frame of 40 changes: the collection view's work
/// alone (into a surface that discards what it is given), the same drawn into a `MemorySurface`,
/// and drawn through ncurses into a pty (`CursesSurface`, one `doupdate()`), plus the cost of
/// starting a change (capturing the old screen and planning every element's way). CPU time is
/// the benchmark thread's (`CLOCK_THREAD_CPUTIME_ID`). Frames per second achievable is one
/// second over the median frame into memory.
@MainActor
enum AnimationBenchmark {
  /// A surface that takes every call and keeps nothing: what remains is the view's own work.
  final class DiscardingSurface: Surface {
    let columns: Int
    let rows: Int
    init(columns: Int, rows: Int) {
      self.columns = columns
      self.rows = rows
    }
    func put(_ glyph: Character, width: Int, column: Int, row: Int, style: TextStyle) {}
    func clear(style: TextStyle) {}
    func fill(_ rect: CellRect, with glyph: Character, style: TextStyle) {}
    func putASCII(_ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, style: TextStyle) {}
  }

  static let count = 1_000_000
  static let changes = 40

  /// The grid of cards and the list of rows the view swaps between.
  static func layouts() -> (grid: FlowLayout, list: FlowLayout) {
    let grid = FlowLayout()
    grid.itemSize = Size(width: 160, height: 64)
    let list = FlowLayout()
    list.itemSize = Size(width: 960, height: 16)
    list.minimumLineSpacing = 0
    return (grid, list)
  }

  /// Microseconds per frame (every frame of every change) and per change started, drawing each
  /// frame with `draw`.
  static func measure(
    view: CollectionView, clock: ManualAnimationClock, draw: () -> Void
  ) -> (frames: [Double], starts: [Double]) {
    let (grid, list) = layouts()
    view.setCollectionViewLayout(grid, animated: false)
    draw()
    var frames: [Double] = []
    var starts: [Double] = []
    for change in 0..<changes {
      let begin = TerminalBenchmark.threadNanoseconds()
      view.setCollectionViewLayout(change % 2 == 0 ? list : grid, animated: true)
      starts.append(Double(TerminalBenchmark.threadNanoseconds() - begin) / 1000)
      while view.hasRunningAnimations {
        clock.advance(by: 1.0 / 60)
        let start = TerminalBenchmark.threadNanoseconds()
        draw()
        frames.append(Double(TerminalBenchmark.threadNanoseconds() - start) / 1000)
      }
    }
    return (frames, starts)
  }

  /// A 120 × 40 view of `count` cards on a manual clock, the middle item focused.
  static func makeView() -> (CollectionView, ManualAnimationClock, ScrollBenchmark.Cards) {
    let cards = ScrollBenchmark.Cards(count: count)
    let view = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 120, rows: 40),
      collectionViewLayout: layouts().grid)
    view.register(ScrollBenchmark.Card.self, forCellWithReuseIdentifier: "card")
    view.dataSource = cards
    let clock = ManualAnimationClock()
    view.animationClock = clock
    view.focusItem(at: IndexPath(item: count / 2, section: 0))
    return (view, clock, cards)
  }

  static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
  }

  static func row(_ name: String, _ values: [Double]) {
    print(
      "| \(name) | \(String(format: "%.0f", percentile(values, 0.5))) "
        + "| \(String(format: "%.0f", percentile(values, 0.99))) |")
  }

  /// Prints every figure; `runloop` alone prints only the run-loop table.
  static func run(arguments: [String] = []) {
    print("## Animation: a layout change (grid of cards ↔ one-line rows), 1M items, 120 × 40\n")
    if arguments.first == "runloop" {
      runLoopTable()
      return
    }
    // The data source is held weakly by the view: kept here for the whole run.
    let (view, clock, cards) = makeView()
    defer { withExtendedLifetime(cards) {} }
    let discarding = DiscardingSurface(columns: 120, rows: 40)
    let work = measure(view: view, clock: clock) { view.draw(into: discarding) }
    let screen = MemorySurface(columns: 120, rows: 40)
    let memory = measure(view: view, clock: clock) { view.draw(into: screen) }
    var still: [Double] = []
    for _ in 0..<200 {
      let start = TerminalBenchmark.threadNanoseconds()
      view.draw(into: screen)
      still.append(Double(TerminalBenchmark.threadNanoseconds() - start) / 1000)
    }
    let framesPerChange = Double(work.frames.count) / Double(changes)
    print(
      "\(changes) changes, \(String(format: "%.0f", framesPerChange)) frames each at 60 fps "
        + "(\(view.animationDuration) s); live views at most \(view.statistics.maxLiveViews), "
        + "views created \(view.statistics.viewsCreated)\n")
    print("| per frame | median (µs) | p99 (µs) |")
    print("|---|---:|---:|")
    row("collection view's work (surface discarding)", work.frames)
    row("drawn into a MemorySurface", memory.frames)
    row("starting a change (capture and plan)", memory.starts)
    row("a still frame into a MemorySurface (no animation)", still)
    if let curses = measureCurses() { row("drawn through ncurses into a pty", curses) }
    let median = percentile(memory.frames, 0.5)
    print(
      "\nframes per second achievable (into memory): "
        + "\(String(format: "%.0f", 1_000_000 / max(median, 1)))")
    runLoopTable()
  }

  /// Swaps the layout `total` times under the terminal's own run loop, on the system clock, each
  /// change started when the last has landed; then types "q".
  final class SwappingScene: Scene {
    let view: CollectionView
    let cards: ScrollBenchmark.Cards
    let pty: PseudoTerminal
    let layouts = AnimationBenchmark.layouts()
    let total: Int
    var changes = 0
    var changeStart = 0.0
    var quitSent = false
    /// Seconds from each change to the frame that showed it landed.
    var durations: [Double] = []

    init(pty: PseudoTerminal, total: Int) {
      self.pty = pty
      self.total = total
      cards = ScrollBenchmark.Cards(count: AnimationBenchmark.count)
      view = CollectionView(
        frame: CellRect(column: 0, row: 0, columns: 120, rows: 40),
        collectionViewLayout: layouts.grid)
      view.register(ScrollBenchmark.Card.self, forCellWithReuseIdentifier: "card")
      view.dataSource = cards
      view.focusItem(at: IndexPath(item: AnimationBenchmark.count / 2, section: 0))
    }

    var isAnimating: Bool { view.hasRunningAnimations }

    func draw(into surface: any Surface) {
      view.draw(into: surface)
      guard !view.hasRunningAnimations else { return }
      let now = SystemAnimationClock.shared.now
      if changes > 0, durations.count < changes { durations.append(now - changeStart) }
      guard changes < total else {
        if !quitSent { pty.type("q") }
        quitSent = true
        return
      }
      changes += 1
      changeStart = now
      view.setCollectionViewLayout(
        changes % 2 == 1 ? layouts.list : layouts.grid, animated: true)
    }

    func handle(_ event: InputEvent) -> SceneResponse {
      event == .key(.character("q")) ? .quit : .continue
    }
  }

  /// Runs `SwappingScene` on a pty read at `bytesPerSecond` (nil: at once); prints one row.
  static func runLoopRow(bytesPerSecond: Int?) {
    guard let pty = PseudoTerminal(columns: 120, rows: 40) else { return }
    defer { pty.close() }
    pty.setReadRate(bytesPerSecond: bytesPerSecond)
    let terminal = Terminal(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: "xterm-256color", installsSignalHandlers: false)
    let scene = SwappingScene(pty: pty, total: 10)
    let bytesBefore = pty.bytesWritten
    do { try terminal.run(scene) } catch {
      print("animation benchmark: \(error)")
      return
    }
    let changes = Double(max(1, scene.durations.count))
    let mean = scene.durations.reduce(0, +) / changes
    let rate = bytesPerSecond.map { "\($0 / 1000) KB/s" } ?? "unlimited"
    print(
      "| \(rate) | \(String(format: "%.1f", Double(terminal.animatedFrames) / changes)) "
        + "| \(String(format: "%.1f", Double(terminal.droppedFrames) / changes)) "
        + "| \(String(format: "%.0f", mean * 1000)) ms "
        + "| \(String(format: "%.1f", Double(pty.bytesWritten - bytesBefore) / 1000 / changes)) KB |"
    )
  }

  /// The same change under the real run loop on a pty read at several rates: frames drawn and
  /// slots dropped per change, and how long a change takes to land (0.2 s plus the frame that
  /// shows the end, if the pacing keeps time).
  static func runLoopTable() {
    print("\nUnder the terminal's run loop, 10 changes on the system clock, pty read at a rate:\n")
    print(
      "| pty read rate | frames per change | slots dropped per change | change lands after | sent per change |"
    )
    print("|---|---:|---:|---:|---:|")
    for rate in [nil, 1_000_000, 200_000, 50_000] as [Int?] { runLoopRow(bytesPerSecond: rate) }
    print()
  }

  /// Every animation frame drawn through curses into a 120 × 40 pty, in µs.
  static func measureCurses() -> [Double]? {
    guard let pty = PseudoTerminal(columns: 120, rows: 40) else { return nil }
    defer { pty.close() }
    let terminal = Terminal(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: "xterm-256color", installsSignalHandlers: false)
    do { try terminal.start() } catch {
      print("animation benchmark: \(error)")
      return nil
    }
    defer { terminal.restore() }
    let (view, clock, cards) = makeView()
    let scene = TerminalBenchmark.ViewScene(view: view)
    return withExtendedLifetime(cards) {
      measure(view: view, clock: clock) { terminal.present(scene) }.frames
    }
  }
}
