import Foundation
import MosaicTestSupport
import Testing

/// The documents made from the browser's key table (`KeyBindings`) agree with it: the README's
/// key table is exactly `mosaic help keys`, the man page `make man` writes lists every key, and
/// docs/browser.md, written by hand, mentions every key.
@Suite struct KeyTableDocsTests {
  static let root = TestExecutable.packageRoot()

  /// One binding as `mosaic help keys --json` gives it.
  struct Binding {
    var screen: String
    var keys: [String]
  }

  /// Runs this build's `mosaic` with `arguments`; its standard output.
  static func mosaic(_ arguments: [String]) throws -> String {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let result = try ProcessRunner(executable: executable, timeout: 60).run(arguments)
    #expect(!result.timedOut && result.status == 0, "mosaic \(arguments): \(result)")
    return result.stdout
  }

  /// The bindings of the table, from the binary.
  static func bindings() throws -> [Binding] {
    let json = try JSONSerialization.jsonObject(
      with: Data(try mosaic(["help", "keys", "--json"]).utf8))
    let objects = try #require(json as? [[String: Any]])
    return try objects.map { object in
      Binding(
        screen: try #require(object["screen"] as? String),
        keys: try #require(object["keys"] as? [String]))
    }
  }

  @Test func theTableHasEveryScreensKeys() throws {
    let bindings = try Self.bindings()
    #expect(
      Set(bindings.map(\.screen))
        == ["cards", "detail", "frequencies", "summary", "conditions", "columns"])
    #expect(bindings.contains { $0.keys == ["[", "]"] })
    #expect(bindings.filter { $0.keys == ["?"] }.count == 6, "? on every screen")
  }

  @Test func theREADMEsKeyTableIsTheGeneratedOne() throws {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let generated = try Self.mosaic(["help", "keys"])
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let begin = try #require(
      readme.range(of: "<!-- keys:begin"), "README.md lacks the <!-- keys:begin marker")
    let end = try #require(
      readme.range(of: "<!-- keys:end -->\n", range: begin.upperBound..<readme.endIndex),
      "README.md lacks the <!-- keys:end --> marker")
    let table = String(readme[begin.lowerBound..<end.upperBound])
    #expect(
      table == generated,
      """
      README.md's key table differs from the key table (KeyBindings.swift); regenerate it with \
      `make readme-keys MOSAIC=\(executable.path)`
      """)
  }

  @Test(.enabled(if: CommandLookup.isInstalled("make") && CommandLookup.isInstalled("python3")))
  func theManPageListsEveryKey() throws {
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let generated = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-man-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: generated) }
    let result = try ProcessRunner(executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 120)
      .run([
        "make", "-C", Self.root.path, "man", "MOSAIC=\(executable.path)",
        "GENERATED=\(generated.path)",
      ])
    #expect(!result.timedOut && result.status == 0, "make man: \(result)")
    let page = try String(
      contentsOf: generated.appendingPathComponent("mosaic.1"), encoding: .utf8)
    let keys = try #require(page.range(of: "\n.SH KEYS\n"), "the man page has no KEYS section")
    let rest = page[keys.upperBound...]
    let sectionText = String(rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)])
    for heading in [
      "On the cards", "In a record's detail", "In a frequency table", "In a field's summary",
    ] {
      #expect(sectionText.contains(".SS " + heading), "the KEYS section lacks \(heading)")
    }
    for binding in try Self.bindings() {
      // Each binding's keys, bold on the tag line of its entry, as roff writes a dash.
      let line =
        "\\fB" + binding.keys.joined(separator: "  ").replacingOccurrences(of: "-", with: "\\-")
      #expect(sectionText.contains(line), "the man page lacks \(binding.keys) (\(binding.screen))")
    }
  }

  /// The code spans of `text`: what is between each pair of backticks.
  static func codeSpans(in text: String) -> Set<String> {
    Set(
      text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) })
  }

  @Test func docsBrowserMentionsEveryKey() throws {
    let document = try String(
      contentsOf: Self.root.appendingPathComponent("docs/browser.md"), encoding: .utf8)
    // A table cell writes | as \|, even in a code span.
    let spans = Self.codeSpans(in: document.replacingOccurrences(of: "\\|", with: "|"))
    // A key is mentioned as a code span (`Ctrl-S`), letter by letter (`h` `l` for hl), or, for
    // a named key or the mouse, as a word (Delete, click).
    func mentions(_ key: String) -> Bool {
      spans.contains(key) || (key.count > 1 && key.allSatisfy { spans.contains(String($0)) })
        || (key.count > 2 && key.allSatisfy(\.isLetter) && document.contains(key))
    }
    for binding in try Self.bindings() {
      for key in binding.keys {
        #expect(mentions(key), "docs/browser.md never mentions \(key) (\(binding.screen))")
      }
    }
    #expect(!mentions("Ctrl-Q"), "the check can fail")
  }
}
