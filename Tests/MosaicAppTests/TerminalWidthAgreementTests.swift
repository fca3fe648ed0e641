import Foundation
import MosaicCollection
import MosaicTestSupport
import Testing

/// What Mosaic sends agrees with what its screen model assumes, in a real terminal: text whose
/// width the C library, ncurses and tmux see differently from a naive reading of Unicode
/// (wide hexagrams, lone regional indicators, prepended marks, marks inside wide ranges) and
/// clusters that no single curses cell carries (flags, ZWJ sequences, many marks) are drawn by
/// the `mosaic` browser in tmux, and every row, and the column of a marker after each sample,
/// is the same as in the headless rendering of the same file.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TerminalWidthAgreementTests {
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
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-widths-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.csv.utf8).write(to: directory.appendingPathComponent("widths.csv"))

    let model = try BrowserFixture(
      Self.csv, name: "widths.csv", columns: Self.columns, rows: Self.rows, layout: .list)
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let tmux = try TmuxSession(
      command: "cd \(TmuxSession.shellQuoted(directory.path)) && "
        + "\(TmuxSession.shellQuoted(executable.path)) --layout list widths.csv; exec sleep 600",
      columns: Self.columns, rows: Self.rows, environment: ["TERM": "screen", "LANG": "C.UTF-8"])
    defer { tmux.kill() }
    let screen = tmux.waitFor(text: "widths.csv  1/\(Self.samples.count)")
      .components(separatedBy: "\n")

    for (row, sample) in Self.samples.enumerated() {
      let expected = String(model.lines[row].reversed().drop { $0 == " " }.reversed())
      let shown = row < screen.count ? screen[row] : ""
      #expect(
        shown == expected,
        "\(sample.name): tmux shows \(Self.scalars(shown)), the model \(Self.scalars(expected))")
      let modelColumn = (0..<Self.columns).first { model.screen[$0, row].character == "|" }
      #expect(
        tmux.column(of: "|", row: row) == modelColumn,
        "\(sample.name): the marker after the sample is at another column in tmux")
    }
  }

  static func scalars(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII ? String($0) : "U+\(String($0.value, radix: 16))" }
      .joined(separator: " ")
  }
}

extension TmuxSession {
  /// The column at which tmux holds the first `marker` of `row`, read with its copy mode's
  /// cursor (tmux's own cells, not a re-measuring of the captured text); nil when the row has
  /// none.
  func column(of marker: Character, row: Int) -> Int? {
    command("copy-mode")
    defer { command("send-keys", "-X", "cancel") }
    command("send-keys", "-X", "top-line")
    if row > 0 { command("send-keys", "-X", "-N", "\(row)", "cursor-down") }
    command("send-keys", "-X", "start-of-line")
    let start = command("display-message", "-p", "#{copy_cursor_x}")
    command("send-keys", "-X", "jump-forward", String(marker))
    let place = command("display-message", "-p", "#{copy_cursor_x} #{copy_cursor_y}")
      .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard place.count == 2, place[1] == row else { return nil }
    // A jump that found nothing leaves the cursor where it was.
    if "\(place[0])" == start.trimmingCharacters(in: .whitespacesAndNewlines) { return nil }
    return place[0]
  }
}
