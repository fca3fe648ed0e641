import Foundation
import MosaicTestSupport
import Testing

/// The frequency table (`F`) and the field summary (`I`) in the real binary in tmux, on the demo
/// countries and a generated 1,000,000-row CSV: counts on screen, Enter filters, Esc goes back.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct TmuxStatsTests {
  /// Starts the built `mosaic` with `arguments` in the package directory; see `MosaicPane`.
  func start(_ arguments: [String], columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
    try MosaicPane.start(arguments, columns: columns, rows: rows)
  }

  /// The last non-blank line of the screen: the status bar.
  func statusBar(_ screen: String) -> String { MosaicPane.statusBar(screen) }

  /// Waits until mosaic has exited and expects status 0.
  func expectExit(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) {
    let screen = tmux.waitFor("mosaic to exit", sourceLocation: sourceLocation) {
      $0.contains("mosaic-exit=")
    }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)", sourceLocation: sourceLocation)
  }

  /// Presses Tab in an open frequency table or summary until it is of `field` (its title begins
  /// with the name), at most once per field of the file.
  @discardableResult
  func tab(_ tmux: TmuxSession, to field: String, fields: Int, timeout: TimeInterval = 15)
    -> String
  {
    var screen = tmux.capture()
    for _ in 0...fields {
      if screen.contains("╭ \(field) ") { break }
      tmux.sendKeys("Tab")
      screen = tmux.waitFor("the next field's counts", timeout: timeout) { $0 != screen }
    }
    return tmux.waitFor("the counts of \(field)", timeout: timeout) {
      $0.contains("╭ \(field) ") && !$0.contains("counting")
    }
  }

  /// The row of the frequency table that begins with `value`, its words split.
  func row(_ screen: String, _ value: String) -> [String] {
    let line = screen.split(separator: "\n").first {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).hasPrefix(value + " ")
    }
    return line.map { $0.split(separator: " ").map(String.init).filter { $0 != "│" } } ?? []
  }

  @Test func countriesCountFilterAndSummary() throws {
    let tmux = try start(["demo-data/countries.csv"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Afghanistan")
    tmux.sendKeys("F")
    tmux.waitFor(text: " values · ")
    let counts = tab(tmux, to: "region", fields: 10)
    #expect(counts.contains("╭ region · 249 values · 6 distinct"), "\(counts)")
    #expect(row(counts, "Africa").prefix(3) == ["Africa", "60", "24.1%"], "\(counts)")
    #expect(row(counts, "Antarctica").prefix(3) == ["Antarctica", "2", "0.8%"], "\(counts)")
    #expect(statusBar(counts).contains("Enter add condition"))
    // Asia is the third most common: Enter adds it as a condition, keeping its 51 countries.
    tmux.sendKeys("Down")
    tmux.sendKeys("Down")
    tmux.sendKeys("Enter")
    let filtered = tmux.waitFor("the Asian countries") {
      self.statusBar($0).contains("& region == 'Asia': 51 of 249")
    }
    #expect(filtered.contains("Afghanistan") && !filtered.contains("Albania"), "\(filtered)")
    #expect(!filtered.contains("╭ region"))
    tmux.sendKeys("I")
    let summary = tmux.waitFor(text: "most common")
    // The summary counts the countries on show, and says under which condition.
    #expect(summary.contains("╭ region where region == 'Asia'"), "\(summary)")
    #expect(summary.contains("values    51"), "\(summary)")
    #expect(summary.contains("distinct  1"), "\(summary)")
    tmux.sendKeys("Tab")
    tmux.sendKeys("Tab")
    tmux.sendKeys("Tab")
    let population = tmux.waitFor("the summary of population") {
      $0.contains("╭ population") && $0.contains("minimum")
    }
    #expect(population.contains("maximum"), "\(population)")
    #expect(population.contains("mean"), "\(population)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains("╭ population") && $0.contains("Afghanistan") }
    tmux.sendKeys("q")
    expectExit(tmux)
  }

  @Test func aMillionRowsCountedWithProgressFilteredAndSummedUp() throws {
    let tmux = try start([try MillionRows.path(), "--layout", "list"])
    defer { tmux.kill() }
    tmux.waitFor("the whole file indexed", timeout: 90) {
      self.statusBar($0).contains("1,000,000") && !self.statusBar($0).contains("indexing")
    }
    tmux.sendKeys("F")
    tmux.waitFor(text: " values · ", timeout: 60)
    let counts = tab(tmux, to: "city", fields: 10, timeout: 60)
    #expect(counts.contains("╭ city · 1,000,000 values · "), "\(counts)")
    // The most common city is focused; its count is what Enter keeps.
    let top = counts.split(separator: "\n").first { $0.contains("value") && $0.contains("count") }
      .flatMap { header in
        counts.split(separator: "\n").drop { $0 != header }.dropFirst().first
      }
    let words = top.map { $0.split(separator: " ").map(String.init).filter { $0 != "│" } } ?? []
    try #require(words.count >= 3, "\(counts)")
    let city = words[0]
    let count = words[1]
    tmux.sendKeys("Enter")
    tmux.waitFor("the filtered records", timeout: 60) {
      self.statusBar($0).contains("& city == '\(city)': \(count) of 1,000,000")
    }
    // Under the condition, the summary counts that city's records only.
    tmux.sendKeys("I")
    let under = tmux.waitFor("the summary under the condition", timeout: 60) {
      $0.contains("╭ city where city == '\(city)'") && $0.contains("most common")
    }
    #expect(under.contains("values    \(count)"), "\(under)")
    #expect(under.contains("distinct  1"), "\(under)")
    // Esc closes it, Esc again takes the condition away: every record.
    tmux.sendKeys("Escape")
    tmux.sendKeys("Escape")
    tmux.waitFor("every record again", timeout: 60) { !self.statusBar($0).contains("& city") }
    // The summary of a unique field: its distinct values capped, the numbers summed up.
    tmux.sendKeys("I")
    tmux.waitFor(text: "╭ ")
    let summary = tab(tmux, to: "id", fields: 10, timeout: 60)
    #expect(summary.contains("values    1,000,000"), "\(summary)")
    #expect(summary.contains("distinct  100,000+"), "\(summary)")
    #expect(summary.contains("minimum   1"), "\(summary)")
    #expect(summary.contains("maximum   1000000"), "\(summary)")
    #expect(summary.contains("mean      500,000.5"), "\(summary)")
    tmux.sendKeys("F")
    let ids = tmux.waitFor("the id counts", timeout: 60) {
      $0.contains("╭ id · 1,000,000 values · 100,000+ distinct")
    }
    #expect(ids.contains("count"), "\(ids)")
    tmux.sendKeys("End")
    let other = tmux.waitFor(text: "(other values)")
    #expect(row(other, "(other").contains("900,000"), "\(other)")
    tmux.sendKeys("Escape")
    tmux.waitFor("the cards") { !$0.contains("╭ id") }
    tmux.sendKeys("q")
    expectExit(tmux)
  }
}
