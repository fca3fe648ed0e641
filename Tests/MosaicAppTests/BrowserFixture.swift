import Foundation
import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// A browser scene over an in-memory file, drawn into an in-memory screen.
@MainActor
final class BrowserFixture {
  let scene: BrowserScene
  let screen: MemorySurface

  /// Opens `text` as `format`, resolves the options, and draws the first frame.
  init(
    _ text: String, format: DataFormat = .csv, name: String = "test.csv", columns: Int = 40,
    rows: Int = 12, groupBy: String? = nil, sort: String? = nil, title: String? = nil,
    fields: [String]? = nil, layout: BrowserLayoutStyle = .grid, itemSize: Size? = nil,
    gridColumns: Int? = nil, smoothScrolling: Bool = false
  ) throws {
    let source = try DataFile.open(text: text, name: name, format: format)
    try source.waitUntilComplete()
    var configuration = try BrowserConfiguration(
      source: source, groupBy: groupBy, sort: sort, title: title, fields: fields,
      layoutStyle: layout, itemSize: itemSize, columns: gridColumns)
    configuration.smoothScrolling = smoothScrolling
    scene = BrowserScene(source: source, configuration: configuration)
    scene.arranger.waitUntilComplete()
    _ = scene.tick()
    screen = MemorySurface(columns: columns, rows: rows)
    draw()
  }

  /// Creates a fixture over a source already opened.
  init(source: any RecordSource, configuration: BrowserConfiguration, columns: Int, rows: Int) {
    scene = BrowserScene(source: source, configuration: configuration)
    screen = MemorySurface(columns: columns, rows: rows)
    draw()
  }

  /// Draws a frame.
  func draw() {
    screen.clear(style: .plain)
    scene.draw(into: screen)
  }

  /// Sends keys (then draws), returning the last response.
  @discardableResult
  func press(_ keys: Key...) -> SceneResponse {
    var response = SceneResponse.continue
    for key in keys {
      response = scene.handle(.key(key))
      draw()
    }
    return response
  }

  /// Types each character of `text` as a key.
  func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  /// The screen as text.
  var text: String { screen.text }

  /// The screen's rows.
  var lines: [String] { screen.lines }

  /// The status bar's text, trimmed.
  var statusLine: String {
    screen.lines.last!.trimmingCharacters(in: .whitespaces)
  }

  /// The focused record's title.
  var focusedTitle: String? {
    scene.focusedRecord.map { scene.dataSource.text($0, scene.configuration.titleField) }
  }

  /// A CSV of `count` rows `name,n,word` with names "r0", "r1", ….
  nonisolated static func rows(_ count: Int) -> String {
    "name,n,word\n" + (0..<count).map { "r\($0),\($0),w\($0 % 7)\n" }.joined()
  }

  /// Fails with a line diff unless the screen shows `expected`.
  func expectScreen(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    if let diff = Snapshot.diff(screen, expected) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
  }
}
