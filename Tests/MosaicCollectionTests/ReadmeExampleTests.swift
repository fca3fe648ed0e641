import Foundation
import MosaicCollection
import Testing

@Suite @MainActor struct ReadmeExampleTests {
  @Test func theExampleDrawsTheFirstItems() {
    let expected = """
      ┌──────────┐  ┌──────────┐  ┌──────────┐
      │ Item 0   │  │ Item 1   │  │ Item 2   │
      └──────────┘  └──────────┘  └──────────┘

      ┌──────────┐  ┌──────────┐  ┌──────────┐
      │ Item 3   │  │ Item 4   │  │ Item 5   │
      └──────────┘  └──────────┘  └──────────┘
      """
    #expect(drawNumbers() == expected)
  }

  @Test(arguments: ["README.md", "docs/runtime.md"])
  func documentShowsTheSameSnippet(_ document: String) throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: here.appendingPathComponent("ReadmeExample.swift"), encoding: .utf8)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
    let markdown = try String(
      contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    let begin = source.range(of: "// README-BEGIN\n")!
    let end = source.range(of: "// README-END")!
    let snippet = String(source[begin.upperBound..<end.lowerBound])
    #expect(markdown.contains("```swift\n" + snippet + "```"), "\(document) lost the example")
    #expect(snippet.split(separator: "\n").count <= 32)
  }
}
