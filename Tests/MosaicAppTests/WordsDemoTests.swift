import MosaicApp
import MosaicCollection
import Testing

/// The `words` demo: index titles along the right edge, words moved by keys.
@MainActor @Suite struct WordsDemoTests {
  @Test("the letters are drawn down the right edge, the first and last always")
  func stripOnTheRight() {
    let demo = WordsDemo()
    let surface = drawn(demo)
    let strip = surface.lines.dropLast().map { String($0.last ?? " ") }
    let shown = strip.filter { $0 != " " }
    #expect(shown.first == demo.letters.first)
    #expect(shown.last == demo.letters.last)
    #expect(shown.allSatisfy { demo.letters.contains($0) || $0 == "•" })
    #expect(surface.lines.last?.contains("m moves") == true, "the status bar says the keys")
  }

  @Test("m grabs the focused word, right carries it, Enter drops it in the model")
  func moveByKeys() {
    let demo = WordsDemo()
    let first = demo.sections[0]
    let surface = drawn(demo, after: [.character("m"), .right])
    #expect(surface.lines.last?.contains("Enter drops") == true)
    #expect(demo.sections[0] == first, "nothing moves in the model before the drop")
    _ = demo.handle(.key(.enter))
    #expect(demo.sections[0] == [first[1], first[0]] + first.dropFirst(2))
  }

  @Test("Escape while a word is carried puts it back instead of quitting")
  func escapeCancelsFirst() {
    let demo = WordsDemo()
    let first = demo.sections[0]
    _ = drawn(demo, after: [.character("m"), .right])
    #expect(demo.handle(.key(.escape)) == .continue)
    #expect(demo.sections[0] == first)
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
    #expect(demo.handle(.key(.escape)) == .quit)
    // q quits even while a word is carried, leaving the model as it was.
    _ = demo.handle(.key(.character("m")))
    _ = demo.handle(.key(.right))
    #expect(demo.handle(.key(.character("q"))) == .quit)
    #expect(demo.sections[0] == first)
  }

  @Test("typing a letter jumps to its first word")
  func letterJumps() throws {
    let demo = WordsDemo()
    let t = try #require(demo.letters.firstIndex(of: "T"))
    let surface = drawn(demo, after: [.character("t")])
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: t))
    #expect(surface.lines.last?.contains("“\(demo.sections[t][0])” T 1") == true)
  }
}
