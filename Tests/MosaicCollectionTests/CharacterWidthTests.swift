import Testing

@testable import MosaicCollection

@Suite struct CharacterWidthTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("\u{7}", 0), ("\u{7F}", 0), ("é", 1), ("e\u{301}", 1),
      ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
      ("😀", 2), ("❤️", 2), ("❤", 1), ("🇫🇷", 2), ("👩‍💻", 2), ("─", 1), ("…", 1), ("\u{AD}", 1),
    ] as [(String, Int)])
  func widthOfOneCharacter(text: String, width: Int) {
    #expect(text.count <= 1)
    let character = text.first ?? " "
    #expect(
      CharacterWidth.of(character) == width, "width of \(text.unicodeScalars.map { $0.value })")
  }

  @Test func widthOfAString() {
    #expect(CharacterWidth.of("abc") == 3)
    #expect(CharacterWidth.of("日本語") == 6)
    #expect(CharacterWidth.of("a日b") == 4)
    #expect(CharacterWidth.of("") == 0)
  }

  @Test func wideRangesAreSortedAndDisjoint() {
    let ranges = CharacterWidth.wideRanges
    for (a, b) in zip(ranges, ranges.dropFirst()) {
      #expect(a.upperBound < b.lowerBound, "\(a) overlaps or precedes \(b)")
    }
  }
}
