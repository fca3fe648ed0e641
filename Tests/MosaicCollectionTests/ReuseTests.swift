import MosaicCollection
import MosaicLayout
import Testing

@Suite @MainActor struct ReuseTests {
  @Test func dequeueCreatesThenReusesAndPreparesForReuse() {
    let f = Fixture(counts: [100], columns: 4, rows: 2, itemSize: Size(width: 2, height: 1))
    f.draw()
    #expect(f.view.statistics.viewsCreated == 4)
    #expect(f.view.statistics.liveViews == 4)
    f.view.contentOffset = Point(x: 0, y: 2)
    f.draw()
    // All four left, went to the queue, and came back for the four arriving items.
    #expect(f.view.statistics.viewsCreated == 4)
    #expect(f.view.statistics.queuedViews == 0)
    let cells = f.view.visibleCells.compactMap { $0 as? LetterCell }
    #expect(cells.count == 4)
    #expect(cells.allSatisfy { $0.reuseCount == 1 })
    #expect(cells.map(\.letter) == ["e", "f", "g", "h"])
    #expect(cells.allSatisfy { $0.reuseIdentifier == "letter" })
  }

  @Test func elementsThatStayAreNotReconfigured() {
    let f = Fixture(counts: [100], columns: 4, rows: 3, itemSize: Size(width: 2, height: 1))
    f.source.recordsDisplay = true
    f.draw()
    let before = f.view.statistics.configureCalls
    f.source.events = []
    f.view.contentOffset = Point(x: 0, y: 1)
    f.draw()
    #expect(f.view.statistics.configureCalls == before + 2)
    #expect(
      f.source.events.sorted() == [
        "didEndDisplaying 0.0", "didEndDisplaying 0.1", "willDisplay 0.6", "willDisplay 0.7",
      ])
    f.draw()
    #expect(f.view.statistics.configureCalls == before + 2)
    #expect(f.view.statistics.frames == 3)
  }

  @Test func recyclingStaysBoundedOverAMillionItems() {
    let f = Fixture(
      counts: [1_000_000], columns: 80, rows: 20, itemSize: Size(width: 8, height: 1))
    f.draw()
    // Line by line through the first thousand lines, then page by page to the very end.
    for _ in 0..<1000 {
      f.view.scroll(rows: 1)
      f.view.layoutIfNeeded()
    }
    f.draw()
    var steps = 0
    while f.view.contentOffset.y < f.view.maximumContentOffset.y {
      f.view.scroll(rows: 20)
      f.view.layoutIfNeeded()
      steps += 1
    }
    f.draw()
    let stats = f.view.statistics
    #expect(steps > 4000)
    #expect(f.view.indexPathsForVisibleItems.last == ip(0, 999_999))
    #expect(stats.maxVisibleElements == 200)
    #expect(stats.viewsCreated <= stats.maxVisibleElements + 2)
    #expect(stats.liveViews + stats.queuedViews == stats.viewsCreated)
    #expect(stats.maxLiveViews <= stats.maxVisibleElements)
    #expect(f.surface.lines.last?.hasPrefix("eeeeeeee") == true)
  }

  @Test func supplementaryViewsAreRecycledByKind() {
    let f = Fixture(
      counts: Array(repeating: 2, count: 1000), columns: 4, rows: 4,
      itemSize: Size(width: 2, height: 1), headerExtent: 1)
    for _ in 0..<500 {
      f.view.scroll(rows: 1)
      f.draw()
    }
    let stats = f.view.statistics
    #expect(stats.viewsCreated <= stats.maxVisibleElements + 2)
    #expect(f.view.visibleSupplementaryViews(ofKind: "header").count >= 1)
  }

  @Test func supplementaryViewsAreAnnouncedAsTheyComeAndGo() {
    let f = Fixture(
      counts: [2, 2, 2], columns: 4, rows: 2, itemSize: Size(width: 2, height: 1),
      headerExtent: 1)
    f.source.recordsDisplay = true
    f.draw()
    #expect(f.source.events == ["willDisplay header 0", "willDisplay 0.0", "willDisplay 0.1"])
    f.source.events = []
    f.view.scroll(rows: 2)
    f.draw()
    #expect(
      f.source.events.sorted() == [
        "didEndDisplaying 0.0", "didEndDisplaying 0.1", "didEndDisplaying header 0",
        "willDisplay 1.0", "willDisplay 1.1", "willDisplay header 1",
      ])
    let header = f.view.supplementaryView(forElementKind: "header", at: ip(1, 0))
    #expect(header?.reuseIdentifier == "header")
    #expect(header?.layoutAttributes?.indexPath == ip(1, 0))
  }

  @Test func reRegisteringDropsQueuedViewsOfTheOldClass() {
    let f = Fixture(counts: [8], columns: 4, rows: 2, itemSize: Size(width: 2, height: 1))
    f.draw()
    f.view.scroll(rows: 2)
    f.view.layoutIfNeeded()
    f.view.reloadData()
    #expect(f.view.statistics.queuedViews == 4)
    f.view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "letter")
    #expect(f.view.statistics.queuedViews == 0)
  }

  @Test func unregisteredIdentifierStopsWithAMessageNamingIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let layout = GridLayout(itemSize: Size(width: 1, height: 1))
        let view = CollectionView(collectionViewLayout: layout)
        _ = view.dequeueReusableCell(
          withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("\"nope\""), "stderr: \(message)")
  }
}
