import MosaicApp
import MosaicCollection
import Testing

/// The `diffable` demo headless: keys in, screens out.
@Suite @MainActor struct DiffableDemoTests {
  let words = ["neon", "argon", "xenon", "nickel", "iron", "gold"]

  func draw(_ demo: DiffableDemo) -> String {
    let surface = MemorySurface(columns: 80, rows: 20)
    demo.draw(into: surface)
    return surface.text
  }

  @Test func slashThenLettersFilterAndEscClears() {
    let demo = DiffableDemo(words: words)
    _ = demo.handle(.resize(columns: 80, rows: 20))
    var screen = draw(demo)
    #expect(screen.contains("6 of 6 words"), "\(screen)")
    for word in words { #expect(screen.contains(word), "\(word)\n\(screen)") }
    #expect(screen.contains("N · 2 words"), "\(screen)")

    #expect(demo.handle(.key(.character("/"))) == .continue)
    #expect(demo.isTyping)
    _ = demo.handle(.key(.character("o")))
    _ = demo.handle(.key(.character("n")))
    screen = draw(demo)
    // By hand: the words containing "on" are argon, iron, neon and xenon.
    #expect(demo.filter == "on")
    #expect(screen.contains("4 of 6 words") && screen.contains("filter: on▏"), "\(screen)")
    for word in ["argon", "iron", "neon", "xenon"] { #expect(screen.contains(word), "\(screen)") }
    #expect(!screen.contains("gold") && !screen.contains("nickel") && !screen.contains("G · "))
    #expect(screen.contains("N · 1 word") && screen.contains("I · 1 word"), "\(screen)")

    // q and h type while typing; Backspace takes them off.
    _ = demo.handle(.key(.character("q")))
    #expect(demo.filter == "onq")
    screen = draw(demo)
    #expect(screen.contains("0 of 6 words"), "\(screen)")
    _ = demo.handle(.key(.backspace))
    #expect(demo.filter == "on")
    _ = demo.handle(.key(.enter))
    #expect(!demo.isTyping && demo.filter == "on")
    // Out of typing, Esc clears the filter first, then quits.
    #expect(demo.handle(.key(.escape)) == .continue)
    screen = draw(demo)
    #expect(screen.contains("6 of 6 words") && screen.contains("gold"), "\(screen)")
    #expect(demo.handle(.key(.escape)) == .quit)
  }
}
