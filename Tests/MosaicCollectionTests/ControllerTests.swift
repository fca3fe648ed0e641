import MosaicCollection
import MosaicLayout
import Testing

@Suite @MainActor struct ControllerTests {
  @Test func theControllerFitsTheScreenAndQuits() {
    let source = TestSource([30])
    let controller = CollectionViewController(
      collectionViewLayout: GridLayout(itemSize: Size(width: 2, height: 1)))
    let view = controller.collectionView
    view.cellMetrics = CellMetrics(pointsPerColumn: 1, pointsPerRow: 1)
    view.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    view.dataSource = source
    controller.contentInsets = (1, 1)
    let screen = MemorySurface(columns: 6, rows: 4)
    controller.draw(into: screen)
    #expect(screen.text == "\naabbcc\nddeeff\n")
    #expect(controller.handle(.key(.end)) == .continue)
    #expect(view.indexPathForFocusedItem == ip(0, 29))
    #expect(controller.handle(.resize(columns: 4, rows: 5)) == .continue)
    #expect(view.frame == CellRect(column: 0, row: 1, columns: 4, rows: 3))
    #expect(view.cellForItem(at: ip(0, 29)) != nil)
    #expect(controller.handle(.key(.character("q"))) == .quit)
    #expect(controller.handle(.key(.escape)) == .quit)
  }
}
