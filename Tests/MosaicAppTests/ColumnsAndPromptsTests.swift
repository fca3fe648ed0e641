import Foundation
import MosaicCollection
import MosaicData
import Testing

@testable import MosaicApp

/// The pure parts of the table's columns and the prompts: the column set (hide, move, pin,
/// widths), the line editor's shell keys, `@`'s completion, the history file and the median.
@Suite @MainActor struct ColumnsAndPromptsTests {
  /// `value`: a mutating call's result, taken before `#expect` sees it (the macro cannot
  /// mutate).
  func result<Value>(of value: Value) -> Value { value }

  @Test func hidingMovingAndPinningColumns() {
    var columns = TableColumns(fields: [0, 1, 2, 3, 4])
    #expect(!columns.isRearranged)
    #expect(result(of: columns.hide(2)))
    #expect(columns.fields == [0, 1, 3, 4])
    #expect(columns.isRearranged)
    #expect(result(of: columns.move(4, by: -1)))
    #expect(columns.fields == [0, 1, 4, 3])
    #expect(
      result(of: columns.move(1, by: -1)) == false, "nothing moves in front of the title column")
    #expect(result(of: columns.move(0, by: 1)) == false, "the title column moves with pin")
    #expect(result(of: columns.pin(3)))
    #expect(columns.fields == [3, 0, 1, 4])
    #expect(result(of: columns.showAll()) == 1)
    #expect(columns.fields == [3, 0, 1, 2, 4])
    var one = TableColumns(fields: [5])
    #expect(result(of: one.hide(5)) == false, "the last column stays")
  }

  @Test func widthChangesStayWithinBounds() {
    var columns = TableColumns(fields: [0, 1])
    #expect(result(of: columns.changeWidth(of: 1, by: 1)) == 1)
    #expect(columns.width(of: 1, measured: 7) == 8)
    for _ in 0..<20 { _ = columns.changeWidth(of: 1, by: -1) }
    #expect(columns.width(of: 1, measured: 7) == 1)
    #expect(columns.width(of: 0, measured: 7) == 7)
    #expect(!columns.isRearranged, "a width is no rearrangement of the output")
  }

  @Test func theLineEditsAsAShellLine() {
    var line = LineEditor()
    line.insert("carrier = 'UA'")
    #expect(result(of: line.edit(.control("w"))))
    #expect(line.text == "carrier = ")
    #expect(result(of: line.edit(.control("a"))))
    line.insert("x ")
    #expect(line.textWithCursor == "x ▏carrier = ")
    #expect(result(of: line.edit(.control("e"))))
    #expect(result(of: line.edit(.left)))
    #expect(result(of: line.edit(.left)))
    #expect(result(of: line.deleteBackward()))
    #expect(line.text == "x carrier= ")
    #expect(result(of: line.edit(.right)))
    #expect(result(of: line.edit(.control("u"))))
    #expect(line.text == " ")
    #expect(line.cursor == 0)
    #expect(
      result(of: line.edit(.character("q"))) == false, "a character is typed, not an editing key")
    #expect(result(of: line.edit(.up)) == false, "without a history ↑ is no editing key")
  }

  @Test func upAndDownGoThroughTheHistoryAndBackToTheLineTyped() {
    let history = ["first", "second"]
    var line = LineEditor("draft")
    #expect(result(of: line.edit(.up, history: history)))
    #expect(line.text == "second")
    _ = line.edit(.up, history: history)
    #expect(line.text == "first")
    _ = line.edit(.up, history: history)
    #expect(line.text == "first", "the oldest stays")
    _ = line.edit(.down, history: history)
    _ = line.edit(.down, history: history)
    #expect(line.text == "draft", "past the newest: the line being typed")
  }

  @Test func tabCompletesThenCyclesTheFieldNames() {
    var prompt = ColumnPrompt(names: ["dep_time", "dep_delay", "arr_time", "dest"])
    prompt.line.insert("dep_")
    prompt.complete()
    #expect(prompt.line.text == "dep_time", "no longer shared start: the first name that fits")
    prompt.complete()
    #expect(prompt.line.text == "dep_delay")
    prompt.complete()
    #expect(prompt.line.text == "dep_time", "around again")
    var shared = ColumnPrompt(names: ["sched_dep_time", "sched_arr_time"])
    shared.line.insert("s")
    shared.complete()
    #expect(shared.line.text == "sched_", "the start they share")
    var one = ColumnPrompt(names: ["origin", "dest"])
    one.line.insert("or")
    one.complete()
    #expect(one.line.text == "origin")
    #expect(one.target() == .success(0))
    var typo = ColumnPrompt(names: ["dep_time", "arr_time"])
    typo.line.insert("dep_tme")
    #expect(
      typo.target() == .failure(ColumnPromptError(name: "dep_tme", suggestion: "dep_time")))
    #expect(
      ColumnPromptError(name: "dep_tme", suggestion: "dep_time").description
        == "no field \"dep_tme\" (did you mean \"dep_time\"?)")
  }

  @Test func theHistoryIsKeptInXDGStateHome() throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-history-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    let directory = try #require(
      PromptHistory.directory(environment: ["XDG_STATE_HOME": state.path, "HOME": "/nowhere"]))
    #expect(directory.path == state.appendingPathComponent("mosaic").path)
    #expect(
      PromptHistory.directory(environment: ["HOME": "/home/u"])?.path
        == "/home/u/.local/state/mosaic")
    var history = PromptHistory(directory: directory)
    history.add("carrier = 'UA'", to: .filter)
    history.add("JFK", to: .search)
    history.add("carrier = 'UA'", to: .filter)
    history.add("  ", to: .filter)
    var again = PromptHistory(directory: directory)
    #expect(again.entries(of: .filter) == ["carrier = 'UA'"])
    #expect(again.entries(of: .search) == ["JFK"])
    let text = try String(
      contentsOf: directory.appendingPathComponent("filter-history"), encoding: .utf8)
    #expect(text == "carrier = 'UA'\n")
  }

  /// `text` opened as a CSV file, read whole.
  static func open(_ text: String) throws -> any RecordSource {
    let source = try DataFile.open(text: text, name: "test.csv", format: .csv)
    try source.waitUntilComplete()
    return source
  }

  @Test func theMedianIsPythonsMedianOfTheNumbers() throws {
    // Python: statistics.median([1, 2, 2, 10]) == 2.0; statistics.median([1, 2, 10]) == 2.
    let source = try Self.open("a,b\n1,x\n2,\n2,y\n10,z\n")
    let even = FieldStatistics.compute(source: source, field: 0)
    #expect(ColumnSummary(statistics: even).median == 2)
    #expect(ColumnSummary(statistics: even).type == .integer)
    let odd = try Self.open("a\n1\n2.5\n10\n7.5\n")
    let summary = ColumnSummary(statistics: FieldStatistics.compute(source: odd, field: 0))
    // statistics.median([1, 2.5, 7.5, 10]) == 5.0
    #expect(summary.median == 5)
    #expect(summary.type == .decimal)
    let text = ColumnSummary(statistics: FieldStatistics.compute(source: source, field: 1))
    #expect(text.type == .text)
    #expect(text.median == nil)
  }
}
