import MosaicCollection
import MosaicLayout
import Testing

// A Swift 6 app written the UIKit way: the types below carry no isolation annotations beyond
// what an iOS app writes (`@MainActor` on the app object). The data source and delegate are
// inferred main-actor from the protocols they adopt, and the controller subclass from its base
// class, so each may read and write its own stored state in the library's callbacks. This file
// compiling in the Swift 6 language mode is the first half of the test.

/// A cell showing one fruit's name.
final class FruitCell: CollectionViewCell {
  var name = ""

  override func draw(in canvas: Canvas) {
    canvas.text(name, column: 0, row: 0, style: TextStyle(attributes: stateAttributes))
  }
}

/// The data source and delegate: an array, and what the user picked from it.
final class FruitList: CollectionViewDataSource, CollectionViewDelegate {
  var fruits = ["apple", "banana", "cherry"]
  var picked: [String] = []
  var cellsConfigured = 0

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    fruits.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      FruitCell.self, withReuseIdentifier: "fruit", for: indexPath)
    cell.name = fruits[indexPath.item]
    cellsConfigured += 1
    return cell
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    picked.append(fruits[indexPath.item])
  }
}

/// A controller subclass with a title line of its own, drawn from its stored properties.
// Spelled out as the issue's app spells it: redundant now (the base class is main-actor), while
// with a nonisolated base it made `draw(into:)` an override of different isolation, an error.
@MainActor final class FruitController: CollectionViewController {
  let list = FruitList()
  var heading = "Fruit"

  init() {
    let layout = FlowLayout()
    layout.itemSize = Size(width: 96, height: 16)  // 12 × 1 cells of 8 × 16 points
    layout.minimumLineSpacing = 0
    super.init(collectionViewLayout: layout)
    collectionView.register(FruitCell.self, forCellWithReuseIdentifier: "fruit")
    collectionView.dataSource = list
    collectionView.delegate = list
    contentInsets = (1, 0)
  }

  override func draw(into surface: any Surface) {
    super.draw(into: surface)
    let title = list.picked.isEmpty ? heading : "\(heading): \(list.picked.joined(separator: ","))"
    for (column, glyph) in title.prefix(surface.columns).enumerated() {
      surface.put(glyph, width: 1, column: column, row: 0, style: .plain)
    }
  }
}

/// The app object, main-actor as an iOS app delegate is.
@MainActor final class FruitApp {
  let controller = FruitController()
  let screen = MemorySurface(columns: 12, rows: 4)

  func frame() -> String {
    controller.draw(into: screen)
    return screen.text
  }
}

@Suite @MainActor struct MainActorClientTests {
  @Test("a main-actor app's data source, delegate and controller subclass use their own state")
  func aMainActorAppDrawsAndPicks() {
    let app = FruitApp()
    #expect(app.frame() == "Fruit\napple\nbanana\ncherry")
    #expect(app.controller.list.cellsConfigured == 3)
    // Down focuses the first item, Down again the second, Enter selects it: the delegate
    // records the pick, and the controller's title shows it.
    #expect(app.controller.handle(.key(.down)) == .continue)
    #expect(app.controller.handle(.key(.down)) == .continue)
    #expect(app.controller.handle(.key(.enter)) == .continue)
    #expect(app.controller.list.picked == ["banana"])
    app.controller.heading = "Picked"
    #expect(app.frame() == "Picked: bana\napple\nbanana\ncherry")
  }
}
