import Foundation
import MosaicCollection
import MosaicLayout
import MosaicLayoutSpec
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// Specs, scenes and screens shared by the inspector tests.
@MainActor
enum InspectorFixtures {
  /// The repository's `demo-data` directory.
  static var demoData: URL {
    TestExecutable.packageRoot().appendingPathComponent("demo-data")
  }

  /// The contract's example spec (demo-data/layout-example.json), parsed.
  static func exampleSpec() throws -> LayoutSpec {
    try spec(file: "layout-example.json")
  }

  /// A spec from demo-data, parsed.
  static func spec(file: String) throws -> LayoutSpec {
    try LayoutSpec(json: try Data(contentsOf: demoData.appendingPathComponent(file)))
  }

  /// A spec from JSON text.
  static func spec(_ json: String) throws -> LayoutSpec {
    try LayoutSpec(json: Data(json.utf8))
  }

  /// A scene for `spec`, drawn once on a new `columns` × `rows` surface.
  static func scene(
    _ spec: LayoutSpec, columns: Int = 80, rows: Int = 24, name: String = "spec.json"
  ) -> (SpecInspectorScene, MemorySurface) {
    let scene = SpecInspectorScene(spec: spec, name: name)
    let surface = MemorySurface(columns: columns, rows: rows)
    scene.draw(into: surface)
    return (scene, surface)
  }

  /// The value of the panel line named `key` (`"offset"`), as the panel shows it.
  static func panelValue(_ key: String, _ lines: [String]) -> String? {
    lines.first { $0.hasPrefix(key + " ") }.map {
      String($0.dropFirst(10))
    }
  }

  /// A length as the inspector panel writes it: rounded to hundredths, whole numbers without
  /// a fraction.
  static func number(_ value: Double) -> String {
    // The panel rounds to hundredths for people; Swift's shortest form of the rounded value
    // is what it prints (a whole number without ".0").
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// A point rect as the panel writes it: `x,y w×h`.
  static func pointRect(_ rect: Rect) -> String {
    "\(number(rect.minX)),\(number(rect.minY)) \(number(rect.width))×\(number(rect.height))"
  }

  /// Cells `columns` wide of `surface` from `column`, on rows `rows`, trailing spaces removed.
  static func region(
    _ surface: MemorySurface, column: Int, columns: Int, rows: Range<Int>
  ) -> String {
    let lines = surface.lines
    return rows.map { row in
      var text = String(Array(lines[row]).dropFirst(column).prefix(columns))
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }
}
