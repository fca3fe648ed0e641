import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// A data source that makes its cells itself, or takes them from another collection view,
/// instead of dequeuing them from the one asking.
final class SelfMadeCells: CollectionViewDataSource {
  /// Where the cells come from: nil, `init()`; else that collection view's queue.
  let donor: CollectionView?

  init(donor: CollectionView? = nil) { self.donor = donor }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { 4 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    guard let donor else { return LetterCell() }
    return donor.dequeueReusableCell(withReuseIdentifier: "letter", for: indexPath)
  }
}

/// A data source with cells but no supplementary views (the protocol's default).
final class CellsOnly: CollectionViewDataSource {
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { 4 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "letter", for: indexPath)
  }
}

/// A data source whose headers are made with `init()`, not dequeued.
final class SelfMadeHeaders: CollectionViewDataSource {
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  { 4 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "letter", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    LetterHeader()
  }
}

/// Draws one frame of an 8 × 4 view over a grid layout (headers 1 row high when `headers`) with
/// "letter" and "header" registered.
@MainActor
func drawOnce(_ source: any CollectionViewDataSource, headers: Bool = false) {
  let layout = GridLayout(itemSize: Size(width: 2, height: 1), headerExtent: headers ? 1 : 0)
  let view = CollectionView(
    frame: CellRect(column: 0, row: 0, columns: 8, rows: 4), collectionViewLayout: layout,
    cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
  view.registerLetterViews()
  view.dataSource = source
  view.draw(into: MemorySurface(columns: 8, rows: 4))
  withExtendedLifetime(source) {}
}

/// Draws over cells dequeued from another collection view.
@MainActor
func drawWithBorrowedCells() {
  let donor = CollectionView(collectionViewLayout: GridLayout(itemSize: Size(width: 1, height: 1)))
  donor.registerLetterViews()
  drawOnce(SelfMadeCells(donor: donor))
}

/// Draws a layout that adds a decoration kind ("stripes") nobody registered a class for.
@MainActor
func drawWithAnUnregisteredDecorationKind() {
  let layout = SectionBackdropLayout()
  layout.itemSize = Size(width: 3, height: 1)
  layout.unregisteredKind = "stripes"
  let view = CollectionView(
    frame: CellRect(column: 0, row: 0, columns: 8, rows: 4), collectionViewLayout: layout,
    cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
  view.registerLetterViews()
  view.register(BackdropView.self, forDecorationViewOfKind: SectionBackdropLayout.kind)
  let source = CellsOnly()
  view.dataSource = source
  view.draw(into: MemorySurface(columns: 8, rows: 4))
  withExtendedLifetime(source) {}
}

/// What UIKit raises for, Mosaic traps on, with a message naming the culprit and the fix: the
/// same contract as an unregistered reuse identifier.
@Suite @MainActor struct TrapTests {
  @Test("a cell made by the data source instead of dequeued stops the program, naming the fix")
  func selfMadeCellTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { drawOnce(SelfMadeCells()) }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains("LetterCell returned by collectionView(_:cellForItemAt:)"), "\(message)")
    #expect(message.contains("item 0 of section 0"), "\(message)")
    #expect(message.contains("dequeueReusableCell(withReuseIdentifier:for:)"), "\(message)")
  }

  @Test("a cell dequeued from another collection view stops the program")
  func borrowedCellTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { drawWithBorrowedCells() }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("was not dequeued from this collection view"), "\(message)")
  }

  @Test("a header the layout asks for that the data source cannot supply stops the program")
  func missingSupplementaryTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { drawOnce(CellsOnly(), headers: true) }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("kind \"\(ElementKind.sectionHeader)\""), "\(message)")
    #expect(message.contains("CellsOnly"), "\(message)")
    #expect(message.contains("viewForSupplementaryElementOfKind"), "\(message)")
  }

  @Test("a header made by the data source instead of dequeued stops the program")
  func selfMadeSupplementaryTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { drawOnce(SelfMadeHeaders(), headers: true) }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("LetterHeader returned by"), "\(message)")
    #expect(message.contains("dequeueReusableSupplementaryView"), "\(message)")
  }

  @Test("a decoration kind the layout returns with no registered class stops the program")
  func unregisteredDecorationKindTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { drawWithAnUnregisteredDecorationKind() }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("kind \"stripes\""), "\(message)")
    #expect(message.contains("register(_:forDecorationViewOfKind:)"), "\(message)")
  }

  @Test("dequeued cells and headers, and registered decorations, draw without a trap")
  func dequeuedViewsDraw() {
    let f = Fixture(
      counts: [3], columns: 4, rows: 3, itemSize: Size(width: 2, height: 1), headerExtent: 1)
    #expect(f.draw() == "HHHH\naabb\ncc")
  }
}
