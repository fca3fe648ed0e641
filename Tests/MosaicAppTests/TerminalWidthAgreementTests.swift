import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// What Mosaic sends agrees with what its screen model assumes, in a real terminal: text whose
/// width the C library, ncurses and tmux see differently from a naive reading of Unicode
/// (wide hexagrams, lone regional indicators, prepended marks, marks inside wide ranges) and
/// clusters that no single curses cell carries (flags, ZWJ sequences, many marks) are drawn by
/// the `mosaic` browser in tmux, and every row, and the column of a marker after each sample,
/// is the same as in the headless rendering of the same file.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
@MainActor struct TerminalWidthAgreementTests {
  static let samples: [(name: String, text: String)] = [
    ("Yijing hexagrams", "䷀䷁䷂x"),
    ("a lone regional indicator", "🇯x"),
    ("a prepended concatenation mark", "\u{0600}1x"),
    ("ideographic tone marks alone", "\u{302A}\u{302B}x"),
    ("a kana voicing mark on a letter", "a\u{3099}x"),
    ("Hangul jamo", "\u{1100}\u{1161}\u{11A8}x"),
    ("a flag", "🇯🇵x"),
    ("a family (ZWJ sequence)", "👨‍👩‍👧‍👦x"),
    ("a technologist (ZWJ sequence)", "👨‍💻x"),
    ("a skin tone", "👍🏽x"),
    ("a heart with VS16", "❤️x"),
    ("a keycap", "1\u{FE0F}\u{20E3}x"),
    ("six combining marks", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}x"),
    ("an emoji newer than Unicode 14", "\u{1FAE8}x"),
    ("a Devanagari conjunct", "क्षिx"),
  ]

  static let columns = 60
  static let rows = samples.count + 2

  /// The samples as a CSV of `name,tail`: the sample is each record's title, drawn from a
  /// row's column 1, and `tail` is the marker `|` drawn after it.
  static var csv: String {
    "name,tail\n" + samples.map { "\($0.text),|\n" }.joined()
  }

  @Test func listRowsAgreeCellByCellWithTheHeadlessScreen() throws {
    try withBrowser(
      csv: Self.csv, arguments: ["--layout", "list"], columns: Self.columns, rows: Self.rows
    ) { tmux, model, screen in
      for (row, sample) in Self.samples.enumerated() {
        let expected = String(model.lines[row].reversed().drop { $0 == " " }.reversed())
        let shown = row < screen.count ? screen[row] : ""
        #expect(
          shown == expected,
          "\(sample.name): tmux shows \(Self.scalars(shown)), the model \(Self.scalars(expected))")
        #expect(
          tmux.columns(of: "|", row: row) == model.columns(of: "|", row: row),
          "\(sample.name): the marker after the sample is at another column in tmux")
      }
    }
  }

  /// Cards too narrow for their titles: truncation with "…" and the right border after it.
  @Test func truncatedCardTitlesAgreeCellByCellWithTheHeadlessScreen() throws {
    let titles = [
      "䷀䷁䷂䷃䷄䷅", "🇯🇵🇫🇷🇩🇪🇮🇹", "x🇯🇵🇫🇷🇩🇪🇮🇹", "👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "ab👨‍👩‍👧‍👦",
      String(repeating: "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", count: 9),
      "\u{0600}1\u{0600}2\u{0600}3\u{0600}4\u{0600}5", "क्षिक्षिक्षिक्षि",
      "\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}\u{1FAE8}",
      "👍🏽👍🏽👍🏽",
    ]
    let csv = "name,tail\n" + titles.map { "\($0),|\n" }.joined()
    let (columns, rows) = (64, 22)
    try withBrowser(
      csv: csv, arguments: ["--item-size", "96x64"], columns: columns, rows: rows
    ) { tmux, model, screen in
      for row in 0..<rows - 1 {
        let expected = String(model.lines[row].reversed().drop { $0 == " " }.reversed())
        let shown = row < screen.count ? screen[row] : ""
        #expect(
          shown == expected,
          "row \(row): tmux shows \(Self.scalars(shown)), the model \(Self.scalars(expected))")
        for border in ["┃", "│"] as [Character] {
          #expect(
            tmux.columns(of: border, row: row) == model.columns(of: border, row: row),
            "row \(row): card borders at other columns in tmux")
        }
      }
    }
  }

  /// Runs `mosaic ARGUMENTS widths.csv` over `csv` in tmux beside its headless rendering, and
  /// hands both, with tmux's screen, to `body`.
  func withBrowser(
    csv: String, arguments: [String], columns: Int, rows: Int,
    _ body: (TmuxSession, BrowserFixture, [String]) throws -> Void
  ) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-widths-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(csv.utf8).write(to: directory.appendingPathComponent("widths.csv"))
    let layout: BrowserLayoutStyle = arguments.contains("list") ? .list : .grid
    let model = try BrowserFixture(
      csv, name: "widths.csv", columns: columns, rows: rows, layout: layout,
      itemSize: arguments.contains("96x64") ? Size(width: 96, height: 64) : nil)
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let words = ([executable.path] + arguments + ["widths.csv"]).map(TmuxSession.shellQuoted)
    let tmux = try TmuxSession(
      command: "cd \(TmuxSession.shellQuoted(directory.path)) && "
        + "\(words.joined(separator: " ")); exec sleep 600",
      columns: columns, rows: rows, environment: ["TERM": "screen", "LANG": "C.UTF-8"])
    defer { tmux.kill() }
    let records = csv.split(separator: "\n").count - 1
    let screen = tmux.waitFor(text: "widths.csv  1/\(records)").components(separatedBy: "\n")
    try body(tmux, model, screen)
  }

  static func scalars(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII ? String($0) : "U+\(String($0.value, radix: 16))" }
      .joined(separator: " ")
  }
}

extension TmuxSession {
  /// The columns after column 0 at which tmux holds `marker` on `row`, read with its copy mode's
  /// cursor (tmux's own cells, not a re-measuring of the captured text).
  func columns(of marker: Character, row: Int) -> [Int] {
    command("copy-mode")
    defer { command("send-keys", "-X", "cancel") }
    command("send-keys", "-X", "top-line")
    if row > 0 { command("send-keys", "-X", "-N", "\(row)", "cursor-down") }
    command("send-keys", "-X", "start-of-line")
    var found: [Int] = []
    var last = 0
    for _ in 0..<200 {
      command("send-keys", "-X", "jump-forward", String(marker))
      let place = command("display-message", "-p", "#{copy_cursor_x} #{copy_cursor_y}")
        .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      // A jump that finds nothing leaves the cursor where it was.
      guard place.count == 2, place[1] == row, place[0] > last else { break }
      found.append(place[0])
      last = place[0]
    }
    return found
  }
}

extension BrowserFixture {
  /// The columns after column 0 whose cell shows `marker` on `row` of the headless screen.
  func columns(of marker: Character, row: Int) -> [Int] {
    (1..<screen.columns).filter { screen[$0, row].width > 0 && screen[$0, row].character == marker }
  }
}
