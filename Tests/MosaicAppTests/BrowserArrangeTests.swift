import Foundation
import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// Sort (`[` `]`), filter (`&`) and sections (`s`) driven through the browser scene, read off
/// its screen and its display order; and a store that sorts and filters itself.
@MainActor @Suite struct BrowserArrangeTests {
  static let planets = """
    name,kind,mass,moons
    Mercury,rocky,0.33,0
    Venus,rocky,4.87,0
    Earth,rocky,5.97,1
    Mars,rocky,0.642,2
    Jupiter,gas,1898,95
    Saturn,gas,568,146
    Uranus,ice,86.8,28
    Neptune,ice,102,16

    """

  /// The titles of the records shown, in display order.
  func titles(_ browser: BrowserFixture) -> [String] {
    let index = browser.scene.dataSource.index
    return index.sections.flatMap { section in
      (0..<section.count).map {
        browser.scene.dataSource.text(
          section.record(at: $0), browser.scene.configuration.titleField)
      }
    }
  }

  @Test func bracketsSortByTheFocusedFieldAndTheSameKeyAgainIsFileOrder() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20, layout: .list)
    browser.press(.tab)
    browser.press(.character("]"))
    #expect(
      titles(browser) == [
        "Jupiter", "Saturn", "Neptune", "Uranus", "Earth", "Venus", "Mars", "Mercury",
      ])
    #expect(browser.statusLine.contains("mass ▼"), "\(browser.statusLine)")
    #expect(browser.text.contains("mass ▼: 1898"), "\(browser.text)")
    // A sort goes to the top: the largest mass first.
    #expect(browser.focusedTitle == "Jupiter")
    #expect(browser.text.contains("Jupiter"))
    #expect(browser.scene.arrangement.sortField == 2 && browser.scene.arrangement.sortDescending)

    browser.press(.character("]"))
    #expect(titles(browser).first == "Mercury" && titles(browser).last == "Neptune")
    #expect(browser.statusLine.contains("file order"), "\(browser.statusLine)")
    #expect(!browser.text.contains("▼"))
    browser.press(.down)
    #expect(!browser.statusLine.contains("file order"))

    browser.press(.character("["))
    #expect(
      titles(browser) == [
        "Mercury", "Mars", "Venus", "Earth", "Uranus", "Neptune", "Saturn", "Jupiter",
      ])
    #expect(browser.statusLine.contains("mass ▲"), "\(browser.statusLine)")
    #expect(browser.text.contains("mass ▲"))
    #expect(browser.focusedTitle == "Mercury")
    // ] on an ascending sort turns it descending, not off.
    browser.press(.character("]"))
    #expect(titles(browser).first == "Jupiter")
  }

  @Test func aCardSortedByAFieldItDoesNotListShowsThatFieldFirst() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20, fields: ["kind"])
    #expect(!browser.text.contains("moons"))
    // Tab goes through every field of the file, the ones the cards leave out too.
    while browser.scene.focusedField != 3 { browser.press(.tab) }
    browser.press(.character("]"))
    #expect(titles(browser).first == "Saturn")
    #expect(browser.text.contains("moons ▼: 146"), "\(browser.text)")
    // Back to file order: the cards list only their own fields again.
    browser.press(.character("]"))
    #expect(!browser.text.contains("moons"), "\(browser.text)")
  }

  @Test func tabSaysWhichFieldTheKeysNowActOn() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20)
    browser.press(.tab)
    #expect(browser.statusLine.contains("field: mass"), "\(browser.statusLine)")
    browser.press(.backTab)
    #expect(browser.statusLine.contains("field: kind"), "\(browser.statusLine)")
  }

  @Test func sortDashFieldIsDescending() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20, sort: "-moons")
    #expect(titles(browser).prefix(3) == ["Saturn", "Jupiter", "Uranus"])
    #expect(browser.statusLine.contains("moons ▼"), "\(browser.statusLine)")
    // Ties (Mercury and Venus have none) keep file order.
    #expect(titles(browser).suffix(2) == ["Mercury", "Venus"])
  }

  @Test func ampersandFiltersAsItIsTypedWithTheCountAndEnterKeepsIt() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20, layout: .list)
    browser.press(.character("&"))
    browser.type("UR")
    #expect(titles(browser) == ["Mercury", "Saturn", "Uranus"])
    #expect(browser.statusLine.contains("& UR▏: 3 of 8"), "\(browser.statusLine)")
    #expect(browser.focusedTitle == "Mercury")
    browser.press(.enter)
    #expect(browser.statusLine.contains("& UR: 3 of 8"), "\(browser.statusLine)")
    #expect(!browser.text.contains("Venus"))
    guard case .browsing = browser.scene.mode else {
      Issue.record("Enter keeps the filter and goes back to the cards")
      return
    }
    // Clearing returns to the focused record in the full set.
    browser.press(.down, .down)
    #expect(browser.focusedTitle == "Uranus")
    #expect(browser.scene.hasFilter)
    browser.scene.clearFilter()
    browser.draw()
    #expect(titles(browser).count == 8)
    #expect(browser.focusedTitle == "Uranus")
    #expect(!browser.statusLine.contains("&"))
    #expect(!browser.scene.hasFilter)
  }

  @Test func tabTogglesARegularExpressionAndEscapeRestoresTheConditionsBefore() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20)
    browser.press(.character("&"))
    browser.type("ur")
    browser.press(.enter)
    browser.press(.character("&"))
    // A new condition starts empty, beside the one on show.
    #expect(browser.statusLine.contains("& ur  & ▏"), "\(browser.statusLine)")
    browser.type("^m")
    #expect(titles(browser).isEmpty)
    #expect(browser.statusLine.contains("0 of 8"), "\(browser.statusLine)")
    browser.press(.tab)
    // ur and /^m/: Mars has no "ur".
    #expect(titles(browser) == ["Mercury"])
    #expect(browser.statusLine.contains("& /^m/▏: 1 of 8"), "\(browser.statusLine)")
    browser.press(.control("r"))
    #expect(titles(browser).isEmpty)
    browser.press(.escape)
    #expect(titles(browser) == ["Mercury", "Saturn", "Uranus"])
    #expect(browser.statusLine.contains("& ur: 3 of 8"), "\(browser.statusLine)")
  }

  @Test func aPatternTooCostlyToCompileIsRefusedInOneLine() throws {
    let browser = try BrowserFixture(Self.planets, columns: 80, rows: 20)
    browser.press(.character("&"), .tab)
    browser.type("((a{1,100}){1,100}){1,100}")
    #expect(browser.statusLine.contains("pattern too complex"), "\(browser.statusLine)")
    browser.press(.enter)
    #expect(titles(browser).count == 8)
    #expect(browser.scene.conditions.isEmpty)
    #expect(browser.statusLine.contains("not applied:"), "\(browser.statusLine)")
  }

  @Test func aBadPatternSaysSoOnOneLineAndShowsTheConditionsBefore() throws {
    let browser = try BrowserFixture(Self.planets, columns: 80, rows: 20)
    browser.press(.character("&"), .tab)
    browser.type("^m")
    #expect(titles(browser) == ["Mercury", "Mars"])
    browser.type("(")
    #expect(browser.statusLine.contains("bad pattern"), "\(browser.statusLine)")
    #expect(titles(browser).count == 8)
    browser.press(.backspace)
    #expect(!browser.statusLine.contains("bad pattern"))
    browser.type("[")
    #expect(browser.statusLine.contains("bad pattern"), "\(browser.statusLine)")
    browser.press(.enter)
    // Enter never applies what was not understood: the line closes, nothing added, and the
    // status bar says why until the next key.
    #expect(titles(browser).count == 8)
    guard case .browsing = browser.scene.mode else {
      Issue.record("Enter left the line open")
      return
    }
    #expect(browser.statusLine.contains("not applied: & ^m[: bad pattern"), "\(browser.statusLine)")
    #expect(browser.scene.conditions.isEmpty)
    browser.press(.down)
    #expect(!browser.statusLine.contains("bad pattern"))
  }

  @Test func applyFilterKeepsOneValueAsTheFrequencyTableAsks() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 20)
    browser.scene.applyFilter(RecordFilter(.value("ice"), field: 1))
    browser.draw()
    #expect(titles(browser) == ["Uranus", "Neptune"])
    #expect(browser.statusLine.contains("& kind == 'ice': 2 of 8"), "\(browser.statusLine)")
    // A value filter is not text to edit: & starts from an empty line.
    browser.press(.character("&"))
    #expect(browser.statusLine.contains("& ▏"), "\(browser.statusLine)")
  }

  @Test func sGroupsByTheFocusedFieldAndAgainUngroups() throws {
    let browser = try BrowserFixture(Self.planets, columns: 60, rows: 24, layout: .list)
    browser.press(.down, .down, .down, .down, .down)
    #expect(browser.focusedTitle == "Saturn")
    browser.press(.character("s"))
    let index = browser.scene.dataSource.index
    #expect(index.sections.map(\.title) == ["rocky", "gas", "ice"])
    #expect(browser.text.contains("gas"))
    #expect(browser.focusedTitle == "Saturn")
    // Sorted within the sections, then ungrouped: the sort stays.
    browser.press(.tab, .character("]"))
    #expect(
      titles(browser) == [
        "Earth", "Venus", "Mars", "Mercury", "Jupiter", "Saturn", "Neptune", "Uranus",
      ])
    // The sort went to the top; ungrouping keeps the focus where it is.
    #expect(browser.focusedTitle == "Earth")
    browser.press(.backTab, .character("s"))
    #expect(browser.scene.dataSource.index.sections.map(\.title) == [nil])
    #expect(titles(browser).first == "Jupiter")
    #expect(browser.focusedTitle == "Earth")
  }

  @Test func aLargeSortRunsInTheBackgroundAndLandsAtTheTop() throws {
    let browser = try BrowserFixture(FixtureRows.text(120_000), columns: 60, rows: 20)
    browser.scene.focus(record: 5)
    browser.press(.character("]"))
    if browser.scene.stagedArrangement != nil {
      // The cards on show stay (keys keep working) while the sort runs.
      #expect(browser.statusLine.contains("sorting"), "\(browser.statusLine)")
      #expect(titles(browser).first == "r0")
    }
    browser.scene.stagedArrangement?.arranger.waitUntilComplete()
    _ = browser.scene.tick()
    browser.draw()
    #expect(browser.scene.stagedArrangement == nil)
    #expect(titles(browser).first == "r119999")
    #expect(browser.focusedTitle == "r119999")
    let focused = try #require(browser.scene.collectionView.indexPathForFocusedItem)
    #expect(browser.scene.collectionView.indexPathsForVisibleItems.contains(focused))
  }

  @Test func aStoreThatArrangesItselfIsAskedAndOneThatCannotIsArrangedInMemory() throws {
    let table = try DataFile.open(text: Self.planets, name: "p.csv", format: .csv)
    try table.waitUntilComplete()
    let store = ArrangingStore(table)
    let configuration = try BrowserConfiguration(source: store)
    let browser = BrowserFixture(
      source: store, configuration: configuration, columns: 60, rows: 20)
    browser.press(.tab, .character("]"))
    #expect(store.requests == ["sort 2 descending, no filter"])
    // The store's own order (it answers by reversed file order) is what shows, not a sort here.
    #expect(browser.scene.source !== browser.scene.baseSource)
    #expect(titles(browser).first == "Neptune")
    browser.press(.character("&"))
    browser.type("s")
    #expect(store.requests.last == "sort 2 descending, text s")
    browser.press(.escape)
    browser.press(.character("]"))
    #expect(browser.scene.source === browser.scene.baseSource)
    #expect(titles(browser).first == "Mercury")
    // A store that answers nil is sorted in memory.
    store.declines = true
    browser.press(.character("["))
    #expect(browser.scene.source === browser.scene.baseSource)
    #expect(titles(browser).first == "Mercury" && titles(browser)[1] == "Mars")
    #expect(browser.statusLine.contains("mass ▲"))
  }
}

/// A store that records what it is asked and answers with its records in reverse file order
/// (so the test can tell its answer from a sort in memory), or declines.
final class ArrangingStore: ArrangingSource, @unchecked Sendable {
  let base: any RecordSource
  var requests: [String] = []
  var declines = false

  init(_ base: any RecordSource) { self.base = base }

  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { base.recordCount }
  var isComplete: Bool { base.isComplete }
  var progress: Double { base.progress }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  func value(_ record: Int, _ field: Int) -> String { base.value(record, field) }
  func typedValue(_ record: Int, _ field: Int) -> DataValue? { base.typedValue(record, field) }
  func waitUntilComplete() throws {}

  func arranged(sortKeys: [SortKey], filter: RecordFilter?) throws -> (any RecordSource)? {
    if declines { return nil }
    var filterText = "no filter"
    if case .test(let test)? = filter?.conditions.first, case .contains(let text) = test.predicate {
      filterText = "text \(text)"
    }
    let sort =
      sortKeys.isEmpty
      ? "none ascending"
      : sortKeys.map { "\($0.field) \($0.descending ? "descending" : "ascending")" }
        .joined(separator: " then ")
    requests.append("sort \(sort), " + filterText)
    return ReversedRecords(base)
  }
}

/// The records of `base` in reverse order.
final class ReversedRecords: RecordSource, @unchecked Sendable {
  let base: any RecordSource
  init(_ base: any RecordSource) { self.base = base }
  var name: String { base.name }
  var fieldNames: [String] { base.fieldNames }
  var recordCount: Int { base.recordCount }
  var isComplete: Bool { true }
  var progress: Double { 1 }
  var indexingError: DataError? { nil }
  var definedSections: [DefinedSection]? { nil }
  func value(_ record: Int, _ field: Int) -> String {
    base.value(base.recordCount - 1 - record, field)
  }
  func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    base.typedValue(base.recordCount - 1 - record, field)
  }
  func waitUntilComplete() throws {}
}
