import Foundation
@_spi(Benchmarks) import MosaicCollection
import MosaicLayout

/// `mosaic-bench diffable`: the diffable data source's figures at a million items: building a
/// snapshot, its memory, the difference of two snapshots 1% apart, and applying it to a
/// collection view (the difference and the batch).
@MainActor
enum DiffableBenchmark {
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Int>

  /// A cell that draws nothing: the benchmark never draws.
  final class BlankCell: CollectionViewCell {}

  static func run(arguments: [String]) {
    let count = arguments.first.flatMap(Int.init) ?? 1_000_000
    let runs = 7
    print(
      "\nDiffable data source: \(count.formatted()) Int items (CPU seconds, median of \(runs) runs)\n"
    )
    let identifiers = Array(0..<count)
    // Memory first, on a fresh heap: the resident growth of building one snapshot and keeping it.
    let before = BenchmarkClock.residentMB()
    var kept: Snapshot? = build(identifiers, sections: 1)
    let grown = BenchmarkClock.residentMB() - before
    print(
      String(
        format: "  snapshot memory (resident growth)        %8.1f MB = %5.1f bytes an item",
        grown, grown * 1e6 / Double(count)))
    kept = nil
    _ = kept

    for sections in [1, 1_000] {
      let times = (0..<runs).map { _ in
        cpuTime { _ = build(identifiers, sections: sections) }
      }
      BenchmarkClock.report(
        "snapshot build, \(sections.formatted()) section\(sections == 1 ? "" : "s")",
        median(times), width: 40)
    }
    let strings = identifiers.map { "item-\($0)" }
    let stringTimes = (0..<3).map { _ in
      cpuTime {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(strings)
      }
    }
    BenchmarkClock.report("snapshot build, String identifiers", median(stringTimes), width: 40)

    let old = build(identifiers, sections: 1)
    let new = changed(old, count: count)
    var updates = 0
    let diffTimes = (0..<runs).map { _ in
      cpuTime { updates = new.updateCount(from: old) }
    }
    BenchmarkClock.report(
      "difference, 1% changed (\(updates.formatted()) updates)", median(diffTimes), width: 40)

    let applyTimes = (0..<3).map { _ in
      let view = CollectionView(
        frame: CellRect(column: 0, row: 0, columns: 80, rows: 24),
        collectionViewLayout: uniformLayout())
      let registration = CollectionView.CellRegistration<BlankCell, Int> { _, _, _ in }
      let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
        view, path, item in
        view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
      }
      dataSource.apply(old, animatingDifferences: false)
      view.layoutIfNeeded()
      let seconds = cpuTime { dataSource.apply(new) }
      if view.lastUpdateError != nil { print("  (the collection view refused the batch)") }
      return seconds
    }
    BenchmarkClock.report(
      "apply: difference + batch", median(applyTimes), width: 40)
  }

  /// A snapshot of `identifiers` in `sections` equal sections.
  static func build(_ identifiers: [Int], sections: Int) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(Array(0..<sections))
    let size = (identifiers.count + sections - 1) / sections
    for section in 0..<sections {
      let start = min(identifiers.count, section * size)
      let end = min(identifiers.count, start + size)
      snapshot.appendItems(Array(identifiers[start..<end]), toSection: section)
    }
    return snapshot
  }

  /// `old` (one section) with 1% of its items changed: a third deleted, a third new ones
  /// inserted, a third moved elsewhere, at random places (a fixed seed). Built as an app builds
  /// its next snapshot: the new order in an array, then one snapshot from it.
  static func changed(_ old: Snapshot, count: Int) -> Snapshot {
    var generator = SplitMix(state: 42)
    let each = max(1, count / 300)
    var dropped = Set<Int>()
    while dropped.count < 2 * each { dropped.insert(Int(generator.next() % UInt64(count))) }
    // The first half of the dropped items are deleted, the second half moved.
    let moved = Array(dropped).sorted().enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    var arrivals: [Int: [Int]] = [:]
    for (index, item) in moved.enumerated() {
      arrivals[Int(generator.next() % UInt64(count)), default: []].append(item)
      arrivals[Int(generator.next() % UInt64(count)), default: []].append(count + index)
    }
    var items: [Int] = []
    items.reserveCapacity(count + each)
    for item in old.itemIdentifiers {
      if let coming = arrivals[item] { items += coming }
      if !dropped.contains(item) { items.append(item) }
    }
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(items)
    return snapshot
  }

  /// A vertical flow layout of uniform one-row items, placed by arithmetic.
  static func uniformLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 80, height: 16)
    layout.minimumLineSpacing = 0
    return layout
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// The CPU seconds `body` takes: on a machine shared with other work, the wall clock counts
  /// their time too, and this work runs on one thread.
  static func cpuTime(_ body: () -> Void) -> Double {
    let start = BenchmarkClock.cpuSeconds()
    body()
    return BenchmarkClock.cpuSeconds() - start
  }

  /// A seeded generator, so every run changes the same items.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
