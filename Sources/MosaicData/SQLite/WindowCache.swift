/// The windows of rows a `WindowedTable` keeps, the least recently read going first: at most
/// `windowLimit` of them and `byteBudget` bytes of values, so a few screens around the focus
/// stay at hand whatever the rows weigh (32 windows of rows of 250 KB values would be 2 GB).
///
/// UIKit has no counterpart; it is `NSCache` with a `countLimit` and a `totalCostLimit`. The
/// window read last is always kept, even alone over the budget, and so is the window the
/// screen read last (`fromScreen`): a background search reading fat rows would otherwise push
/// out the rows on show, and the drawing thread would read them again, a whole window of them
/// (64 MB of 250 KB rows, 0.45 s), before the next frame. At most two windows are over the
/// budget, then: the one on show and the one read last.
struct WindowCache {
  /// The bytes a table's windows may hold: 64 MB (docs/data.md lists every cache's budget).
  static let defaultByteBudget = 64 << 20

  /// The most windows kept.
  let windowLimit: Int
  /// The most bytes of values kept (beyond the newest window).
  let byteBudget: Int
  private var windows: [Int: (rows: [[DataValue]], bytes: Int)] = [:]
  private var recent: [Int] = []
  /// The window the screen read last: kept whatever the budget says.
  private var screen: [Int] = []
  /// The bytes the windows kept hold, by `weight(of:)`.
  private(set) var bytes = 0

  /// An empty cache of at most `windowLimit` windows and `byteBudget` bytes.
  init(windowLimit: Int, byteBudget: Int = Self.defaultByteBudget) {
    self.windowLimit = windowLimit
    self.byteBudget = byteBudget
  }

  /// The windows kept.
  var count: Int { windows.count }

  /// The rows of `window` if kept, marked as read last (and, `fromScreen`, as on show).
  mutating func rows(of window: Int, fromScreen: Bool = false) -> [[DataValue]]? {
    guard let entry = windows[window] else { return nil }
    if fromScreen { noteOnScreen(window) }
    if recent.last != window {
      recent.removeAll { $0 == window }
      recent.append(window)
    }
    return entry.rows
  }

  /// Keeps `rows` as `window` (unless it is kept already), then lets the least recently read
  /// windows go until both limits hold.
  mutating func insert(_ rows: [[DataValue]], for window: Int, fromScreen: Bool = false) {
    if fromScreen { noteOnScreen(window) }
    guard windows[window] == nil else { return }
    let weight = Self.weight(of: rows)
    windows[window] = (rows, weight)
    recent.append(window)
    bytes += weight
    while recent.count > 1, recent.count > windowLimit || bytes > byteBudget {
      // The oldest window neither on show nor just read goes.
      guard
        let index = recent.dropLast().firstIndex(where: { !screen.contains($0) })
      else { break }
      let oldest = recent.remove(at: index)
      bytes -= windows.removeValue(forKey: oldest)?.bytes ?? 0
    }
  }

  /// Marks `window` as on show (the one on show before it may go).
  private mutating func noteOnScreen(_ window: Int) {
    guard screen.last != window else { return }
    screen.removeAll { $0 == window }
    screen.append(window)
    if screen.count > 1 { screen.removeFirst() }
  }

  /// What `rows` weigh: each value's text bytes and a word of bookkeeping, each row an array.
  static func weight(of rows: [[DataValue]]) -> Int {
    var total = 0
    for row in rows {
      total += 32
      for value in row {
        switch value {
        case .string(let text), .number(let text), .json(let text): total += 16 + text.utf8.count
        case .bool, .null: total += 16
        }
      }
    }
    return total
  }
}
