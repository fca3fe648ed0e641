import Foundation
import MosaicCollection
import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The SQLite table picker, headless: its list and counts, Enter opening a table, `q` coming
/// back, `y` quitting with the records, and a table that cannot be opened.
@Suite @MainActor struct TablePickerTests {
  static let tables = [
    SQLiteDatabase.Table(name: "cities", isView: false),
    SQLiteDatabase.Table(name: "orders", isView: false),
    SQLiteDatabase.Table(name: "recent", isView: true),
  ]

  /// A picker whose tables count as `rows[name]` (counted at once) and open as CSV rows.
  func picker(opened: @escaping (String) -> Void = { _ in }) -> TablePickerScene {
    TablePickerScene(
      name: "shop.db", tables: Self.tables,
      count: { name in
        guard name != "recent" else { throw DataError.unreadable(file: name, reason: "no") }
        return name == "orders" ? 1_234_567 : 3
      },
      open: { name in
        opened(name)
        guard name != "recent" else {
          throw DataError.unreadable(file: "shop.db (recent)", reason: "no such column: x")
        }
        let source = try DataFile.open(text: FixtureRows.text(30), name: name, format: .csv)
        try source.waitUntilComplete()
        return BrowserHost(
          browser: BrowserScene(
            source: source, configuration: try BrowserConfiguration(source: source)))
      })
  }

  /// Draws after the background counts are in.
  func screen(_ picker: TablePickerScene) -> MemorySurface {
    let deadline = Date().addingTimeInterval(5)
    while picker.wantsTicks && picker.opened == nil && Date() < deadline {
      _ = picker.tick()
      usleep(2_000)
    }
    let surface = MemorySurface(columns: 60, rows: 10)
    picker.draw(into: surface)
    return surface
  }

  @Test func listsTablesWithTheirCounts() {
    let picker = picker()
    let lines = screen(picker).lines
    #expect(lines[0].hasPrefix(" shop.db: 3 tables"))
    #expect(lines[1].hasPrefix(" cities") && lines[1].hasSuffix("3 rows "))
    #expect(lines[2].hasPrefix(" orders") && lines[2].hasSuffix("1,234,567 rows "))
    #expect(lines[3].hasPrefix(" recent") && lines[3].hasSuffix("view · cannot count "))
    #expect(lines[9].contains("shop.db") && lines[9].contains("Enter open"))
    #expect(!picker.wantsTicks)
  }

  @Test func enterOpensTheFocusedTableAndQComesBack() {
    var opened: [String] = []
    let picker = picker { opened.append($0) }
    _ = screen(picker)
    #expect(picker.handle(.key(.down)) == .continue)
    #expect(picker.handle(.key(.enter)) == .continue)
    #expect(opened == ["orders"])
    let browsing = screen(picker)
    #expect(browsing.text.contains("r0"))
    #expect(!browsing.text.contains("3 tables"))
    #expect(picker.handle(.key(.character("q"))) == .continue)
    #expect(picker.opened == nil)
    let back = screen(picker)
    #expect(back.lines[0].hasPrefix(" shop.db: 3 tables"))
    #expect(!back.text.contains("r0"))
    #expect(picker.handle(.key(.character("q"))) == .quit)
    #expect(picker.output == nil)
  }

  @Test func yInATableQuitsWithItsRecord() {
    let picker = picker()
    _ = screen(picker)
    #expect(picker.handle(.key(.enter)) == .continue)
    _ = screen(picker)
    #expect(picker.handle(.key(.character("y"))) == .quit)
    #expect(picker.output?.contains("\"r0\"") == true)
  }

  @Test func aTableThatCannotBeOpenedIsSaidInTheBar() {
    let picker = picker()
    _ = screen(picker)
    _ = picker.handle(.key(.end))
    _ = picker.handle(.key(.enter))
    #expect(picker.opened == nil)
    #expect(screen(picker).lines[9].contains("no such column: x"))
    _ = picker.handle(.key(.character("?")))
    #expect(screen(picker).text.contains("back to this list"))
    _ = picker.handle(.key(.character("x")))
    #expect(!screen(picker).text.contains("back to this list"))
  }

  /// A count that arrives reconfigures its own row, as a diffable data source's
  /// `reconfigureItems` does: the other rows keep their cells and are not configured again,
  /// and a row still counting says so.
  @Test func aCountArrivingReconfiguresItsRowAlone() {
    let ordersMayFinish = DispatchSemaphore(value: 0)
    defer { ordersMayFinish.signal() }
    let picker = TablePickerScene(
      name: "shop.db", tables: Self.tables,
      count: { name in
        if name == "orders" { ordersMayFinish.wait() }
        return name == "orders" ? 1_234_567 : 3
      },
      open: { _ in throw DataError.unreadable(file: "shop.db", reason: "not in this test") })
    let surface = MemorySurface(columns: 60, rows: 10)
    picker.draw(into: surface)
    let deadline = Date().addingTimeInterval(5)
    while !surface.lines[1].hasSuffix("3 rows ") && Date() < deadline {
      if picker.tick() { picker.draw(into: surface) }
      usleep(2_000)
    }
    #expect(surface.lines[1].hasSuffix("3 rows "), "\(surface.text)")
    #expect(surface.lines[2].hasSuffix("counting… "), "\(surface.text)")
    let cell = picker.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))
    let configured = picker.collectionView.statistics.configureCalls
    ordersMayFinish.signal()
    while !surface.lines[2].hasSuffix("1,234,567 rows ") && Date() < deadline {
      if picker.tick() { picker.draw(into: surface) }
      usleep(2_000)
    }
    #expect(surface.lines[2].hasSuffix("1,234,567 rows "), "\(surface.text)")
    // "recent" is counted after "orders": at most two rows were configured again.
    #expect(picker.collectionView.statistics.configureCalls - configured <= 2)
    #expect(picker.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) === cell)
  }
}
