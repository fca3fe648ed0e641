import Foundation
import Testing

@testable import MosaicCollection

#if canImport(Glibc)
  import Glibc
#endif

@Suite @MainActor struct CharacterWidthTests {
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("\u{7}", 0), ("\u{7F}", 0), ("é", 1), ("e\u{301}", 1),
      ("\u{301}", 0), ("\u{200B}", 0), ("\u{200D}", 0), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
      ("😀", 2), ("❤️", 1), ("❤", 1), ("🇫🇷", 2), ("👩‍💻", 4), ("─", 1), ("…", 1), ("\u{AD}", 1),
      ("\u{1FAE8}", 1),
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

  @Test func tableRunsAreSortedAndStartAtZero() {
    let runs = CharacterWidth.runs
    #expect(runs.first.map { $0 >> 3 } == 0)
    for (a, b) in zip(runs, runs.dropFirst()) {
      #expect(a >> 3 < b >> 3, "run at U+\(String(a >> 3, radix: 16)) is not before the next")
      #expect(a & 7 != b & 7, "two runs of one class at U+\(String(b >> 3, radix: 16))")
    }
  }

  /// The width table agrees with the C library's `wcwidth` (what ncurses and tmux measure with)
  /// at every code point: as wide, as narrow, as zero-width; what the C library cannot print is
  /// either a control (drawn as nothing) or drawn as U+FFFD, one column.
  @Test func everyCodePointHasTheWidthOfTheCLibrary() throws {
    let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
    let previous = uselocale(locale)
    defer {
      uselocale(previous)
      freelocale(locale)
    }
    // Glibc's Swift module leaves out wcwidth (an X/Open extension): look it up by name.
    let libc = try #require(dlopen("libc.so.6", RTLD_NOW), "no libc.so.6")
    defer { dlclose(libc) }
    typealias Width = @convention(c) (wchar_t) -> Int32
    typealias Version = @convention(c) () -> UnsafePointer<CChar>
    let wcwidth = unsafeBitCast(try #require(dlsym(libc, "wcwidth")), to: Width.self)
    let libcVersion = unsafeBitCast(
      try #require(dlsym(libc, "gnu_get_libc_version")), to: Version.self)
    var differences: [String] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = Int(wcwidth(wchar_t(bitPattern: value)))
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      let ours = CharacterWidth.width(of: scalar)
      let agrees =
        switch expected {
        case -1:
          ours == (isControl ? 0 : 1)
            && CharacterWidth.widthClass(of: value) == (isControl ? .control : .unknown)
        default: ours == expected
        }
      if !agrees { differences.append("U+\(String(value, radix: 16)): \(ours) vs \(expected)") }
    }
    let version = String(cString: libcVersion())
    // What the C library cannot print is drawn as U+FFFD (controls as nothing).
    #expect(CharacterWidth.cells(of: "\u{1FAE8}").map(\.glyph) == ["\u{FFFD}"])
    #expect(CharacterWidth.cells(of: "\u{2028}").map(\.glyph) == ["\u{FFFD}"])
    #expect(CharacterWidth.cells(of: "\u{85}").isEmpty)
    #expect(
      differences.isEmpty,
      """
      \(differences.count) code points differ from glibc \(version)'s wcwidth (the table is \
      made for 2.36; rerun scripts/generate-width-table.py for another): \
      \(differences.prefix(10))
      """)
  }

  /// Where Mosaic's old width disagreed with the C library's, each code point of each range.
  @Test(
    arguments: [
      ("Yijing hexagrams", 0x4DC0...0x4DFF, 2),
      ("lone regional indicators", 0x1F1E6...0x1F1FF, 1),
      ("prepended concatenation marks", 0x0600...0x0605, 1),
      ("Arabic end of ayah", 0x06DD...0x06DD, 1), ("Syriac abbreviation mark", 0x070F...0x070F, 1),
      ("Arabic pound and piastre marks", 0x0890...0x0891, 1),
      ("Arabic disputed end of ayah", 0x08E2...0x08E2, 1),
      ("Kaithi number sign", 0x110BD...0x110BD, 1),
      ("Kaithi number sign above", 0x110CD...0x110CD, 1),
      ("ideographic tone marks in the CJK symbols range", 0x302A...0x302D, 0),
      ("kana voicing marks in the kana range", 0x3099...0x309A, 0),
      ("Khitan filler in a wide range", 0x16FE4...0x16FE4, 0),
      ("Hangul medial vowels and final consonants", 0x1160...0x11FF, 0),
      ("circled numbers glibc draws wide", 0x3248...0x324F, 2),
    ] as [(String, ClosedRange<UInt32>, Int)])
  func rangeWhereTheOldWidthDisagreed(name: String, range: ClosedRange<UInt32>, width: Int) {
    for value in range {
      let scalar = Unicode.Scalar(value)!
      #expect(CharacterWidth.width(of: scalar) == width, "\(name): U+\(String(value, radix: 16))")
      // Alone, as a one-character string, drawn as a cluster.
      #expect(CharacterWidth.of(Character(scalar)) == width, "\(name) as a character")
    }
  }

  /// Each grapheme cluster is drawn in the cells the terminal gives its code points; their
  /// widths add up to the cluster's.
  @Test(
    arguments: [
      ("🇯🇵", ["🇯", "🇵"], [1, 1]),
      ("👨‍👩‍👧‍👦", ["👨", "👩", "👧", "👦"], [2, 2, 2, 2]),
      ("👨‍💻", ["👨", "💻"], [2, 2]),
      ("👍🏽", ["👍", "🏽"], [2, 2]),
      ("❤️", ["❤️"], [1]),
      ("1\u{FE0F}\u{20E3}", ["1\u{FE0F}\u{20E3}"], [1]),
      ("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", ["e\u{301}\u{302}\u{303}\u{304}"], [1]),
      ("\u{1FAE8}", ["\u{FFFD}"], [1]),
      ("क्षि", ["क्", "ष", "ि"], [1, 1, 1]),
      ("\u{1100}\u{1161}\u{11A8}", ["\u{1100}\u{1161}\u{11A8}"], [2]),
      ("\u{0600}1", ["\u{0600}", "1"], [1, 1]),
      ("\r\n", [], []),
      ("\u{302A}", [], []),
    ] as [(String, [String], [Int])])
  func clusterIsDrawnInTheCellsOfItsCodePoints(
    cluster: String, glyphs: [String], widths: [Int]
  ) throws {
    let character = try #require(cluster.count == 1 ? cluster.first : nil, "one cluster")
    let cells = CharacterWidth.cells(of: character)
    #expect(cells.map { String($0.glyph) } == glyphs)
    #expect(cells.map(\.width) == widths)
    #expect(CharacterWidth.of(character) == widths.reduce(0, +))
    #expect(!cells.contains { $0.glyph.unicodeScalars.contains("\u{200D}") }, "no joiner sent")
  }

  /// The drawing fast path sends a cluster as itself only when that is exactly its one cell,
  /// and every cluster's width is the sum of its cells.
  @Test func clustersSentAsThemselvesAreTheirOwnOneCell() {
    let clusters = [
      "a", "é", "e\u{301}", "e\u{301}\u{302}\u{303}\u{304}", "e\u{301}\u{302}\u{303}\u{304}\u{305}",
      "❤️", "1\u{FE0F}\u{20E3}", "🇯🇵", "👨‍👩‍👧‍👦", "👍🏽", "\u{1100}\u{1161}\u{11A8}", "\u{1FAE8}",
      "\u{0600}1", "क्", "\r\n", "\u{302A}", "a\u{200D}", "日\u{302A}", "\u{E000}", "\u{2028}",
    ]
    for cluster in clusters {
      let character = Character(cluster)
      let (width, isOneCell) = CharacterWidth.measure(character)
      let cells = CharacterWidth.cells(of: character)
      #expect(width == cells.reduce(0) { $0 + $1.width }, "\(cluster.unicodeScalars.map(\.value))")
      if isOneCell {
        #expect(cells == [.init(glyph: character, width: width)], "\(cluster)")
      }
    }
  }
}
