import MosaicCollection

/// The data of the `updates` demo: lettered sections of numbered tiles, and the changes the
/// demo's keys make to them, each with its inverse so it can be undone.
///
/// UIKit: the array a view controller keeps behind its data source. Numbers are never reused, so
/// a tile keeps its number (and colour) wherever it moves, and a screen can be read by them.
public struct UpdatesModel: Equatable, Sendable {
  /// One section: its letter and its tiles' numbers, in order.
  public struct Section: Equatable, Sendable {
    /// The section's letter, its header.
    public var name: String
    /// The numbers of its tiles.
    public var items: [Int]

    /// Creates a section.
    public init(name: String, items: [Int]) {
      self.name = name
      self.items = items
    }
  }

  /// The sections, in order.
  public var sections: [Section]
  /// The number the next new tile gets.
  public private(set) var nextNumber: Int
  /// The number of sections made so far, which names the next one.
  private var sectionsMade: Int
  /// The state of the shuffle's generator: the same keys shuffle the same way on every run, so
  /// an animated run and an unanimated one end on the same screen.
  private var shuffleState: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The demo's starting data: sections A–D of 12, 7, 16 and 9 tiles numbered 1–44.
  public static let initial = UpdatesModel(counts: [12, 7, 16, 9])

  /// Sections of `counts` tiles each, lettered from A and numbered from 1.
  public init(counts: [Int]) {
    var next = 1
    sections = []
    for (index, count) in counts.enumerated() {
      sections.append(Section(name: Self.letter(index), items: Array(next..<next + count)))
      next += count
    }
    nextNumber = next
    sectionsMade = counts.count
  }

  /// "A"… "Z", then "AA", "AB"…: the name of the `index`th section made.
  static func letter(_ index: Int) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if index < letters.count { return String(letters[index]) }
    return letter(index / letters.count - 1) + String(letters[index % letters.count])
  }

  /// The total number of tiles.
  public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The number of the tile at `path`, if there is one.
  public func number(at path: IndexPath) -> Int? {
    guard path.count == 2, sections.indices.contains(path.section),
      sections[path.section].items.indices.contains(path.item)
    else { return nil }
    return sections[path.section].items[path.item]
  }

  /// "B.3": a tile's place as the status line names it (section letter, place from 1).
  public func place(_ path: IndexPath) -> String {
    guard sections.indices.contains(path.section) else { return "?" }
    return "\(sections[path.section].name).\(path.item + 1)"
  }

  // MARK: Making changes

  /// A fresh tile number.
  public mutating func makeNumber() -> Int {
    defer { nextNumber += 1 }
    return nextNumber
  }

  /// A fresh section of `count` new tiles, named with the next letter.
  public mutating func makeSection(count: Int) -> Section {
    let name = Self.letter(sectionsMade)
    sectionsMade += 1
    return Section(name: name, items: (0..<count).map { _ in makeNumber() })
  }

  /// A new order for `count` tiles, never the one they have (for two or more): `order[i]` is
  /// the old place of the tile that goes to place `i`.
  public mutating func shuffledOrder(count: Int) -> [Int] {
    var order = Array(0..<count)
    guard count > 1 else { return order }
    repeat {
      // Fisher–Yates over a 64-bit linear congruential generator (Knuth's MMIX constants).
      for i in stride(from: count - 1, to: 0, by: -1) {
        shuffleState = shuffleState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let j = Int((shuffleState >> 33) % UInt64(i + 1))
        order.swapAt(i, j)
      }
    } while order == Array(0..<count)
    return order
  }

  /// Applies `change` to the sections; the demo calls it inside `performBatchUpdates`, next to
  /// the collection view calls that describe the same change.
  public mutating func apply(_ change: UpdatesChange) {
    switch change {
    case .insertItems(let paths, let numbers):
      // Ascending new index paths: each lands where the finished batch has it.
      for (path, number) in zip(paths, numbers).sorted(by: { $0.0 < $1.0 }) {
        sections[path.section].items.insert(number, at: path.item)
      }
    case .deleteItems(let paths, _):
      // Descending old index paths, so each removal leaves the ones still to go in place.
      for path in paths.sorted(by: >) { sections[path.section].items.remove(at: path.item) }
    case .moveItem(let from, let to):
      let number = sections[from.section].items.remove(at: from.item)
      sections[to.section].items.insert(number, at: to.item)
    case .reloadItem(let path, _, let new):
      sections[path.section].items[path.item] = new
    case .insertSection(let index, let section):
      sections.insert(section, at: index)
    case .deleteSection(let index, _):
      sections.remove(at: index)
    case .moveSection(let from, let to):
      sections.insert(sections.remove(at: from), at: to)
    case .reorderSection(let index, let order):
      let old = sections[index].items
      sections[index].items = order.map { old[$0] }
    }
  }
}
