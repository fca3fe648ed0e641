// The README's library example, verbatim (docs/runtime.md); ReadmeExampleTests runs it.
// README-BEGIN
import MosaicCollection
import MosaicLayout

final class NumberCell: CollectionViewCell {
  var title = ""
  override func draw(in canvas: Canvas) {
    canvas.box(style: TextStyle(attributes: stateAttributes))
    canvas.text(title, column: 2, row: 1, maxWidth: canvas.columns - 3)
  }
}

final class Numbers: CollectionViewDataSource {
  func collectionView(_ view: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
  func collectionView(_ view: CollectionView, cellForItemAt path: IndexPath) -> CollectionViewCell {
    let cell = view.dequeueReusableCell(NumberCell.self, withReuseIdentifier: "n", for: path)
    cell.title = "Item \(path.item)"
    return cell
  }
}

@MainActor func drawNumbers() -> String {
  let layout = FlowLayout()
  layout.itemSize = Size(width: 96, height: 48)  // 12 × 3 cells of 8 × 16 points
  let view = CollectionView(
    frame: CellRect(column: 0, row: 0, columns: 40, rows: 7), collectionViewLayout: layout)
  view.register(NumberCell.self, forCellWithReuseIdentifier: "n")
  let numbers = Numbers()  // The view holds its data source weakly, as UIKit does.
  view.dataSource = numbers
  let screen = MemorySurface(columns: 40, rows: 7)
  view.draw(into: screen)
  return screen.text
}
// README-END
