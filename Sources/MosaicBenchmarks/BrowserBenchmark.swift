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
/// and through ncurses to a 120 × 40 pseudo-terminal.
///
/// The key loops are separate functions so that callgrind can count them alone:
/// `valgrind --tool=callgrind --toggle-collect='*BrowserBenchmark*pressKeys*' mosaic-bench browser FILE`.
@MainActor
enum BrowserBenchmark {
  /// The keys measured, by name.
  nonisolated(unsafe) static var keys: [(String, Key)] = []

  static func run(arguments: [String]) {
    guard let path = arguments.first else {
      print("usage: mosaic-bench browser FILE [COUNT] [memory|curses|both] [down|pgdn|both]")
      return
    }
    let count = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
    let target = arguments.count > 2 ? arguments[2] : "both"
    let keyChoice = arguments.count > 3 ? arguments[3] : "both"
    keys = [("Down", Key.down), ("PgDn", Key.pageDown)].filter {
      keyChoice == "both" || $0.0.lowercased() == keyChoice
    }
    print("## Browser: \(path), \(count) keys, 120 × 40\n")
    print("| surface | key | CPU per key (µs) |")
    print("|---|---|---:|")
    if target != "curses" { measureMemory(path: path, count: count) }
    if target != "memory" { measureCurses(path: path, count: count) }
    print()
  }

  /// A scene over `path` with indexing (and any arranging) finished.
  static func makeScene(path: String) -> BrowserScene? {
    do {
      let source = try DataFile.open(path: path)
      let scene = BrowserScene(
        source: source, configuration: try BrowserConfiguration(source: source))
      while scene.wantsTicks {
        _ = scene.tick()
        usleep(1000)
      }
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

  static func measureMemory(path: String, count: Int) {
    guard let scene = makeScene(path: path) else { return }
    let screen = MemorySurface(columns: 120, rows: 40)
    scene.draw(into: screen)
    for (name, key) in keys {
      let start = TerminalBenchmark.threadNanoseconds()
      pressKeys(key, count: count, scene: scene) { scene.draw(into: screen) }
      report("memory", name, TerminalBenchmark.threadNanoseconds() - start, count)
    }
  }

  static func measureCurses(path: String, count: Int) {
    guard let scene = makeScene(path: path) else { return }
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

  /// Hands `count` presses of `key` to `scene`, each followed by `draw`.
  @inline(never)
  static func pressKeys(_ key: Key, count: Int, scene: BrowserScene, draw: () -> Void) {
    for _ in 0..<count {
      _ = scene.handle(.key(key))
      draw()
    }
  }
}
