import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// A cell that shows a word and, after a colon, a note; it counts its configurations and reuses.
final class NoteCell: CollectionViewCell {
  var word = ""
  var note = ""
  var configurations = 0
  var reuses = 0

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
    word = ""
    note = ""
  }

  override func draw(in canvas: Canvas) {
    canvas.text(
      note.isEmpty ? word : "\(word):\(note)", column: 0, row: 0, maxWidth: canvas.columns)
  }
}

/// A header that shows its section's name.
final class GroupHeader: ReusableView {
  var name = ""
  override func draw(in canvas: Canvas) {
    canvas.text("# " + name, column: 0, row: 0, maxWidth: canvas.columns)
  }
}

/// A screen written as an iOS 14 view controller writes one: a diffable data source, a cell
/// registration and a header registration, snapshots built and applied.
@MainActor
final class ElementsViewController {
  enum Group: String, Hashable, Sendable { case gases, metals, other }

  let layout = UpdateRecordingLayout()
  let collectionView: CollectionView
  var dataSource: CollectionViewDiffableDataSource<Group, String>!
  /// A note per word, read by the cell registration (the model behind the identifiers).
  var notes: [String: String] = [:]
  var completions = 0

  init(rows: Int = 12, headers: Bool = false) {
    layout.itemSize = Size(width: 12, height: 1)
    layout.headerReferenceSize = Size(width: 0, height: headers ? 1 : 0)
    collectionView = CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 12, rows: rows), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
    let cellRegistration = CollectionView.CellRegistration<NoteCell, String> {
      [unowned self] cell, indexPath, word in
      cell.word = word
      cell.note = notes[word] ?? ""
      cell.configurations += 1
    }
    dataSource = CollectionViewDiffableDataSource<Group, String>(collectionView: collectionView) {
      collectionView, indexPath, word in
      collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: word)
    }
    let headerRegistration = CollectionView.SupplementaryRegistration<GroupHeader>(
      elementKind: ElementKind.sectionHeader
    ) { [unowned self] header, _, indexPath in
      header.name = dataSource.sectionIdentifier(for: indexPath.section)?.rawValue ?? "?"
    }
    dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
      collectionView.dequeueConfiguredReusableSupplementary(
        using: headerRegistration, for: indexPath)
    }
  }

  /// Shows `groups` (in order), animated or not.
  func show(_ groups: [(Group, [String])], animated: Bool = true) {
    var snapshot = DiffableDataSourceSnapshot<Group, String>()
    snapshot.appendSections(groups.map(\.0))
    for (group, words) in groups { snapshot.appendItems(words, toSection: group) }
    dataSource.apply(snapshot, animatingDifferences: animated) { self.completions += 1 }
  }

  /// The screen, a line a row.
  func screen() -> [String] {
    let surface = MemorySurface(columns: 12, rows: collectionView.frame.rows)
    collectionView.draw(into: surface)
    return surface.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
      .filter { !$0.isEmpty }
  }

  /// The update items of the last batch, as text.
  var lastBatch: [String] { layout.received.last?.map(\.description) ?? [] }
}

@Suite @MainActor struct DiffableClientTests {
  @Test func theFirstSnapshotInsertsItsSectionsAndTheCellsShowTheItems() {
    let controller = ElementsViewController()
    #expect(controller.screen().isEmpty)
    controller.show([(.gases, ["neon", "argon"]), (.metals, ["iron"])])
    #expect(controller.lastBatch == ["insert - → [0]", "insert - → [1]"])
    #expect(controller.screen() == ["neon", "argon", "iron"])
    #expect(controller.completions == 1)
    #expect(controller.collectionView.lastUpdateError == nil)
    let dataSource = controller.dataSource!
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "iron")
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 2, section: 0)) == nil)
    #expect(dataSource.indexPath(for: "argon") == IndexPath(item: 1, section: 0))
    #expect(dataSource.indexPath(for: "gold") == nil)
    #expect(dataSource.snapshot().itemIdentifiers == ["neon", "argon", "iron"])
    #expect(controller.collectionView.numberOfItems(inSection: 0) == 2)
  }

  @Test func filteringDeletesTheItemsThatNoLongerMatchInOneBatch() {
    let controller = ElementsViewController()
    let words = ["neon", "argon", "xenon", "radon", "helium"]
    controller.show([(.gases, words)])
    controller.show([(.gases, words.filter { $0.contains("on") })])
    // UIKit's order for the layout: deletes by descending old index path.
    #expect(controller.lastBatch == ["delete [0, 4] → -"])
    #expect(controller.screen() == ["neon", "argon", "xenon", "radon"])
    controller.show([
      (.gases, words.filter { $0.contains("n") && $0.hasSuffix("on") && $0 != "argon" })
    ])
    #expect(controller.lastBatch == ["delete [0, 1] → -"])
    controller.show([(.gases, words)])
    #expect(controller.lastBatch == ["insert - → [0, 1]", "insert - → [0, 4]"])
    #expect(controller.screen() == words)
    #expect(controller.layout.received.count == 4, "one batch per apply")
  }

  @Test func reorderingIsMovesAndSectionsComeAndGo() {
    let controller = ElementsViewController()
    controller.show([(.gases, ["neon", "argon"]), (.metals, ["iron", "gold"])])
    controller.show([(.metals, ["gold", "iron"]), (.gases, ["neon", "argon"])])
    #expect(controller.lastBatch == ["move [1] → [0]", "move [1, 1] → [0, 0]"])
    #expect(controller.screen() == ["gold", "iron", "neon", "argon"])
    // An item changes section; the other section goes.
    controller.show([(.gases, ["neon", "iron", "argon"])])
    #expect(controller.lastBatch == ["delete [0] → -", "insert - → [0, 1]"])
    #expect(controller.screen() == ["neon", "iron", "argon"])
    #expect(controller.collectionView.lastUpdateError == nil)
  }

  @Test func reloadDequeuesAFreshCellAndReconfigureReusesTheOneOnScreen() {
    let controller = ElementsViewController()
    controller.show([(.gases, ["neon", "argon"])])
    _ = controller.screen()
    let view = controller.collectionView
    let neon = view.cellForItem(at: IndexPath(item: 0, section: 0)) as! NoteCell
    #expect(neon.configurations == 1)

    controller.notes["neon"] = "Ne"
    var snapshot = controller.dataSource.snapshot()
    snapshot.reconfigureItems(["neon"])
    controller.dataSource.apply(snapshot)
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === neon, "the same cell")
    #expect(neon.configurations == 2 && neon.reuses == 0, "configured in place, not reused")
    #expect(controller.screen() == ["neon:Ne", "argon"])
    #expect(controller.lastBatch.isEmpty, "a reconfigure is no update")
    #expect(controller.dataSource.snapshot().reconfiguredItemIdentifiers.isEmpty)

    controller.notes["argon"] = "Ar"
    snapshot = controller.dataSource.snapshot()
    snapshot.reloadItems(["argon"])
    controller.dataSource.apply(snapshot)
    #expect(controller.lastBatch == ["reload [0, 1] → [0, 1]"])
    #expect(controller.screen() == ["neon:Ne", "argon:Ar"])
  }

  @Test func theSelectionAndTheFocusFollowTheirItems() {
    let controller = ElementsViewController()
    controller.show([(.gases, ["neon", "argon", "xenon"])])
    let view = controller.collectionView
    view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
    view.focusItem(at: IndexPath(item: 1, section: 0))
    controller.show([(.gases, ["helium", "xenon", "argon"])])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 2, section: 0))
    // Not animated: the same difference, without animation; a reload would lose the items.
    controller.show([(.gases, ["argon", "xenon"])], animated: false)
    #expect(controller.lastBatch == ["delete [0, 0] → -", "move [0, 2] → [0, 0]"])
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(view.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
    #expect(controller.completions == 3)
  }

  @Test func applyingUsingReloadDataSendsNoBatch() {
    let controller = ElementsViewController()
    controller.show([(.gases, ["neon"])])
    let batches = controller.layout.received.count
    var snapshot = DiffableDataSourceSnapshot<ElementsViewController.Group, String>()
    snapshot.appendSections([.metals])
    snapshot.appendItems(["gold", "iron"])
    var done = false
    controller.dataSource.applySnapshotUsingReloadData(snapshot) { done = true }
    #expect(done)
    #expect(controller.layout.received.count == batches)
    #expect(controller.screen() == ["gold", "iron"])
  }

  @Test func headersComeFromTheSupplementaryRegistration() {
    let controller = ElementsViewController(headers: true)
    controller.show([(.gases, ["neon"]), (.metals, ["iron", "gold"])])
    #expect(controller.screen() == ["# gases", "neon", "# metals", "iron", "gold"])
    controller.show([(.metals, ["iron", "gold"])])
    #expect(controller.screen() == ["# metals", "iron", "gold"])
  }

  @Test func animatedAppliesEndOnTheNewSnapshotAndCompleteAtTheEnd() {
    let controller = ElementsViewController()
    let clock = ManualAnimationClock()
    controller.collectionView.animationClock = clock
    controller.show([(.gases, ["neon", "argon", "xenon"])])
    _ = controller.screen()
    let before = controller.completions
    controller.show([(.gases, ["xenon", "neon"]), (.metals, ["iron"])])
    #expect(controller.completions == before, "the completion waits for the animation")
    #expect(controller.collectionView.hasRunningAnimations)
    clock.advance(by: 1)
    #expect(controller.screen() == ["xenon", "neon", "iron"])
    #expect(controller.completions == before + 1)
  }

  /// Random snapshots, one after another, animated or not: every batch is accepted by the
  /// collection view and the screen shows the new snapshot's items in order.
  @Test func randomSnapshotsAreAlwaysAcceptedAndShownExactly() {
    let controller = ElementsViewController(rows: 40)
    let clock = ManualAnimationClock()
    controller.collectionView.animationClock = clock
    var errors: [CollectionViewError] = []
    controller.collectionView.updateErrorHandler = { errors.append($0) }
    var random = SeededGenerator(seed: 2026)
    let words = (0..<20).map { "w\($0)" }
    let groups: [ElementsViewController.Group] = [.gases, .metals, .other]
    for round in 0..<300 {
      let chosen = groups.shuffled(using: &random).prefix(random.below(4))
      var layoutOf: [(ElementsViewController.Group, [String])] = chosen.map { ($0, []) }
      if !layoutOf.isEmpty {
        for word in words.shuffled(using: &random) where random.below(3) > 0 {
          layoutOf[random.below(layoutOf.count)].1.append(word)
        }
      }
      var snapshot = DiffableDataSourceSnapshot<ElementsViewController.Group, String>()
      snapshot.appendSections(layoutOf.map(\.0))
      for (group, items) in layoutOf { snapshot.appendItems(items, toSection: group) }
      let shown = controller.dataSource.snapshot().itemIdentifiers
      let marked = shown.filter { snapshot.indexOfItem($0) != nil && random.below(5) == 0 }
      if !marked.isEmpty { snapshot.reloadItems(marked) }
      controller.dataSource.apply(snapshot, animatingDifferences: round % 2 == 0)
      clock.advance(by: 1)
      #expect(controller.screen() == layoutOf.flatMap(\.1), "round \(round)")
      #expect(errors.isEmpty, "round \(round): \(errors)")
      if !errors.isEmpty { break }
    }
  }
}
