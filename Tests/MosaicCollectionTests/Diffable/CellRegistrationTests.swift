import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// A plain data source whose cells come from registrations, as iOS 14 code writes it without a
/// diffable data source.
@MainActor
final class RegisteredWords: CollectionViewDataSource {
  var words: [String]
  var handled: [String] = []
  lazy var plain = CollectionView.CellRegistration<NoteCell, String> {
    [unowned self] cell, path, word in
    cell.word = word
    handled.append("plain \(path.item) \(word)")
  }
  lazy var loud = CollectionView.CellRegistration<NoteCell, String> {
    [unowned self] cell, path, word in
    cell.word = word.uppercased()
    handled.append("loud \(path.item) \(word)")
  }
  lazy var header = CollectionView.SupplementaryRegistration<GroupHeader>(
    elementKind: ElementKind.sectionHeader
  ) { [unowned self] view, kind, path in
    view.name = "\(words.count) words"
    handled.append("header \(kind) \(path.section)")
  }

  init(_ words: [String]) { self.words = words }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    words.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    // Odd items from another registration of the same class: separate queues.
    let registration = indexPath.item % 2 == 0 ? plain : loud
    return collectionView.dequeueConfiguredReusableCell(
      using: registration, for: indexPath, item: words[indexPath.item])
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
  }
}

@Suite @MainActor struct CellRegistrationTests {
  func makeView(rows: Int) -> CollectionView {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 12, height: 1)
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 1)
    return CollectionView(
      frame: CellRect(column: 0, row: 0, columns: 12, rows: rows), collectionViewLayout: layout,
      cellMetrics: CellMetrics(pointsPerColumn: 1, pointsPerRow: 1))
  }

  @Test func registrationsRegisterOnFirstUseAndConfigureEachDequeue() {
    let words = RegisteredWords(["neon", "argon", "xenon", "radon", "helium"])
    let view = makeView(rows: 4)
    view.dataSource = words
    let surface = MemorySurface(columns: 12, rows: 4)
    view.draw(into: surface)
    #expect(surface.text == "# 5 words\nneon\nARGON\nxenon")
    #expect(
      words.handled == [
        "header \(ElementKind.sectionHeader) 0", "plain 0 neon", "loud 1 argon", "plain 2 xenon",
      ])
    #expect(view.statistics.viewsCreated == 4)
  }

  @Test func eachRegistrationHasItsOwnQueue() {
    let words = RegisteredWords((0..<40).map { "w\($0)" })
    let view = makeView(rows: 5)
    view.dataSource = words
    let surface = MemorySurface(columns: 12, rows: 5)
    view.draw(into: surface)
    let created = view.statistics.viewsCreated
    // Scroll a row at a time: each arriving cell reuses one of its own registration, so the
    // loud ones stay upper case and the plain ones lower case, and no new cell is made.
    for _ in 0..<20 {
      _ = view.handle(.key(.down))
      view.draw(into: surface)
      for line in surface.lines.dropFirst() where !line.hasPrefix("#") {
        let word = line.trimmingCharacters(in: .whitespaces)
        guard let number = Int(word.dropFirst()) else { continue }
        #expect(word.first == (number % 2 == 0 ? "w" : "W"), "\(surface.text)")
      }
    }
    #expect(view.statistics.viewsCreated <= created + 2, "cells are reused, not made anew")
    #expect(view.visibleCells.allSatisfy { !($0 as! NoteCell).word.isEmpty })
  }

  @Test("a nil item stops the program with a message")
  func nilItemTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let view = CollectionView(collectionViewLayout: FlowLayout())
        let registration = CollectionView.CellRegistration<NoteCell, String> { _, _, _ in }
        _ = view.dequeueConfiguredReusableCell(
          using: registration, for: IndexPath(item: 0, section: 0), item: nil)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("was given no item"), "\(message)")
  }
}
