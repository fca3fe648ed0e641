import Foundation
import MosaicApp
import MosaicCollection
import MosaicData
import MosaicPseudoTerminal
import MosaicTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Prints the CPU cost of one browser key: a `BrowserScene` over a data file, indexing finished,
/// fed `count` Down keys (then PgDn keys), each followed by a frame drawn into a `MemorySurface`
/// and through ncurses to a 120 × 40 pseudo-terminal; then the same in the table view.
///
/// The key loops are separate functions so that callgrind can count them alone:
/// `valgrind --tool=callgrind --toggle-collect='*BrowserBenchmark*pressKeys*' mosaic-bench browser FILE`.
@MainActor
enum BrowserBenchmark {
  /// The keys measured, by name.
  nonisolated(unsafe) static var keys: [(String, Key)] = []

  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print(
        "usage: mosaic-bench browser FILE [COUNT] [memory|curses|both] [down|pgdn|both] "
          + "[cards|table|both]")
      return
    }
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
    let target = arguments.count > 2 ? arguments[2] : "both"
    let keyChoice = arguments.count > 3 ? arguments[3] : "both"
    let layouts = arguments.count > 4 ? arguments[4] : "both"
    keys = [("Down", Key.down), ("PgDn", Key.pageDown)].filter {
      keyChoice == "both" || $0.0.lowercased() == keyChoice
    }
    if layouts != "table" {
      measureFirstScreens(path: path)
      print("## Browser: \(path), \(count) keys, 120 × 40\n")
      print("| surface | key | CPU per key (µs) |")
      print("|---|---|---:|")
      if target != "curses" { measureMemory(path: path, count: count) }
      if target != "memory" { measureCurses(path: path, count: count) }
      print()
    }
    guard layouts != "cards" else { return }
    // The same keys in the table view (`--layout table`): a row per record, values as
    // supplementary views, the columns measured around the screen.
    print("## Browser table view: \(path), \(count) keys, 120 × 40\n")
    print("| surface | key | CPU per key (µs) |")
    print("|---|---|---:|")
    if target != "curses" { measureMemory(path: path, count: count, layout: .table) }
    if target != "memory" { measureCurses(path: path, count: count, layout: .table) }
    print()
  }

  /// A scene over `path` in `layout` with indexing (and any arranging) finished.
  static func makeScene(path: String, layout: BrowserLayoutStyle = .grid) -> BrowserScene? {
    do {
      let source = try DataFile.open(path: path)
      let scene = BrowserScene(
        source: source,
        configuration: try BrowserConfiguration(source: source, layoutStyle: layout))
      SceneSettling.settle(scene)
      return scene
    } catch {
      print("browser benchmark: \(error)")
      return nil
    }
  }

  static func report(_ surface: String, _ key: String, _ nanoseconds: UInt64, _ count: Int) {
    let micro = Double(nanoseconds) / Double(max(1, count)) / 1000
    print("| \(surface) | \(key) | \(String(format: "%.1f", micro)) |")
  }

  static func measureMemory(path: String, count: Int, layout: BrowserLayoutStyle = .grid) {
    guard let scene = makeScene(path: path, layout: layout) else { return }
    let screen = MemorySurface(columns: 120, rows: 40)
    scene.draw(into: screen)
    for (name, key) in keys {
      let start = TerminalBenchmark.threadNanoseconds()
      pressKeys(key, count: count, scene: scene) { scene.draw(into: screen) }
      report("memory", name, TerminalBenchmark.threadNanoseconds() - start, count)
    }
  }

  static func measureCurses(path: String, count: Int, layout: BrowserLayoutStyle = .grid) {
    guard let scene = makeScene(path: path, layout: layout) else { return }
    guard let pty = PseudoTerminal(columns: 120, rows: 40) else { return }
    defer { pty.close() }
    let terminal = Terminal(
      inputDescriptor: pty.programDescriptor, outputDescriptor: pty.programDescriptor,
      terminalType: "xterm-256color", installsSignalHandlers: false)
    do { try terminal.start() } catch {
      print("browser benchmark: \(error)")
      return
    }
    defer { terminal.restore() }
    terminal.present(scene)
    pty.waitForQuiet(quiet: 0.25, limit: 10)
    for (name, key) in keys {
      let start = TerminalBenchmark.threadNanoseconds()
      pressKeys(key, count: count, scene: scene) { terminal.present(scene) }
      report("curses", name, TerminalBenchmark.threadNanoseconds() - start, count)
    }
  }

  /// Prints the first screen with fixed and with self-sizing cards (`--item-size auto`): the
  /// time from opening the file to the first frame drawn into a 120 × 40 `MemorySurface`
  /// (indexing still running, as when the program starts), the cells measured and the
  /// measuring passes.
  static func measureFirstScreens(path: String) {
    print("## Browser first screen: \(path), 120 × 40\n")
    print("| cards | open → first frame (ms) | CPU (ms) | cells measured | passes | cards shown |")
    print("|---|---:|---:|---:|---:|---:|")
    // The first run warms the process (page cache, lazy initialisers) and is not printed.
    for (label, automatic) in [("", false), ("fixed", false), ("auto", true)] {
      let wallStart = DispatchTime.now().uptimeNanoseconds
      let cpuStart = TerminalBenchmark.threadNanoseconds()
      let scene: BrowserScene
      do {
        let source = try DataFile.open(path: path)
        scene = BrowserScene(
          source: source,
          configuration: try BrowserConfiguration(source: source, sizesCardsToContent: automatic))
      } catch {
        print("browser benchmark: \(error)")
        return
      }
      let screen = MemorySurface(columns: 120, rows: 40)
      scene.draw(into: screen)
      let cpu = Double(TerminalBenchmark.threadNanoseconds() - cpuStart) / 1e6
      let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6
      let statistics = scene.statistics
      let shown = scene.collectionView.indexPathsForVisibleItems.count
      if label.isEmpty { continue }
      print(
        "| \(label) | \(String(format: "%.1f", wall)) | "
          + "\(String(format: "%.1f", cpu)) | \(statistics.selfSizingMeasurements) | "
          + "\(statistics.selfSizingPasses) | \(shown) |")
    }
    print()
  }

  /// Hands `count` presses of `key` to `scene`, each followed by `draw`.
  @inline(never)
  static func pressKeys(_ key: Key, count: Int, scene: BrowserScene, draw: () -> Void) {
    for _ in 0..<count {
      _ = scene.handle(.key(key))
      draw()
    }
  }
}
