import Foundation
import MosaicTestSupport
import Testing

/// Nothing from the data, a file name or an argument reaches the terminal raw, on any channel:
/// every message shows control characters as visible escapes, and `y` writes them as JSON
/// `\u` escapes that read back to the original text.
@Suite struct HostileTextTests {
  /// An OSC 52 clipboard write, a title change, a screen clear, a C1 CSI, bidi overrides, DEL.
  static let payload =
    "\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{85}\u{202E}\u{2066}\u{200F}\u{061C}\u{7F}"

  /// The characters that must never arrive raw, written out here independently of the code:
  /// C0 (newline allowed between lines), DEL, C1, the bidirectional controls.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || v == 0x061C
      || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v)
  }

  /// Expects `data` to be UTF-8 with no forbidden character.
  static func expectClean(
    _ data: Data, _ channel: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let text = String(data: data, encoding: .utf8) else {
      Issue.record("\(channel) is not UTF-8", sourceLocation: sourceLocation)
      return
    }
    let raw = text.unicodeScalars.filter(isForbidden).map { String($0.value, radix: 16) }
    #expect(
      raw.isEmpty, "\(channel) holds raw U+\(raw): \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  /// Runs `mosaic` and expects status 2, nothing on stdout, one clean line on stderr that
  /// shows the payload escaped.
  static func expectOneEscapedLine(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try MosaicExecutable.run(arguments, sourceLocation: sourceLocation)
    #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "\(result)", sourceLocation: sourceLocation)
    expectClean(result.standardError, "stderr", sourceLocation: sourceLocation)
    #expect(
      result.stderr.contains(#"\u{1B}]52;c;SGVsbG8"#), "\(result.stderr)",
      sourceLocation: sourceLocation)
    return result.stderr
  }

  /// A directory whose own name carries the payload (a file name cannot hold a `/`).
  static func hostileDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-hostile-\(UUID().uuidString)-\(payload)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func aCSVHeaderInAnUnknownFieldMessage() throws {
    let path = try MosaicExecutable.temporaryFile(
      "name,\(Self.payload)\nAnn,1\n", name: "data.csv")
    for option in ["--group-by", "--sort", "--title", "--fields"] {
      let line = try Self.expectOneEscapedLine([path, option, "missing"])
      #expect(line.contains("no field \"missing\" in "), "\(line)")
      #expect(line.contains("(fields: name, \\u{1B}]52"), "\(line)")
    }
  }

  @Test func aJSONKeyInAnUnknownFieldMessage() throws {
    // The key arrives through JSON escapes, so it holds the raw characters once parsed.
    let key = #"\u001b]52;c;SGVsbG8=\u0007\u001b[2J\u0085\u202e\u0000"#
    let lines = try MosaicExecutable.temporaryFile(
      "{\"name\": \"Ann\", \"\(key)\": 1}\n{\"name\": \"Bo\"}\n", name: "data.jsonl")
    let array = try MosaicExecutable.temporaryFile(
      "[{\"name\": \"Ann\", \"\(key)\": 1}]", name: "data.json")
    for path in [lines, array] {
      let line = try Self.expectOneEscapedLine([path, "--group-by", "missing"])
      #expect(line.contains(#"\u{1B}[2J\u{85}\u{202E}\u{0}"#), "\(line)")
    }
  }

  @Test func aFileNameInEveryMessageThatNamesIt() throws {
    let directory = try Self.hostileDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("missing.csv").path
    let bad = directory.appendingPathComponent("bad.csv")
    try Data("a,b\n\"open\n".utf8).write(to: bad)
    let spec = directory.appendingPathComponent("spec.json")
    try Data("{\u{1B}}".utf8).write(to: spec)
    for arguments in [
      [missing], [bad.path], ["layout", missing], ["layout", spec.path], ["inspect", missing],
      ["inspect", spec.path],
    ] {
      _ = try Self.expectOneEscapedLine(arguments)
    }
    // The spec's own ESC byte is named, not sent.
    let line = try Self.expectOneEscapedLine(["layout", spec.path])
    #expect(line.hasSuffix(#"found '\x1B'"# + "\n"), "\(line)")
  }

  @Test func anArgumentInEveryUsageMessage() throws {
    for arguments in [
      ["--bogus\(Self.payload)"], ["--columns", Self.payload], ["--item-size", Self.payload],
      ["--layout", Self.payload], ["demo", Self.payload], ["layout", "a", Self.payload],
    ] {
      _ = try Self.expectOneEscapedLine(arguments)
    }
  }

  @Test func helpThatEchoesAnArgumentIsEscaped() throws {
    for arguments in [["help", Self.payload], ["help", "layout", Self.payload]] {
      let result = try MosaicExecutable.run(arguments)
      Self.expectClean(result.standardOutput, "stdout of \(arguments)")
      Self.expectClean(result.standardError, "stderr of \(arguments)")
    }
  }
}

/// `y` writes hostile keys and values as valid JSON Lines with every control escaped.
@Suite(.serialized, .enabled(if: TmuxSession.shouldRun, "needs tmux"))
struct HostileOutputTests {
  @Test func yWritesEveryControlAsAJSONEscapeThatReadsBack() throws {
    let key = "note\u{1B}]52;c;SGVsbG8=\u{07}\u{9B}2J"
    let value = "x\u{85}\u{202E}evil\u{2066}\u{200F}\u{061C}\u{7F}\u{1B}[2J\u{0}\u{2028}y"
    // The file holds them as JSON escapes (a JSON string cannot hold them raw).
    func escaped(_ text: String) -> String {
      text.unicodeScalars.map {
        $0.value < 0x20 || $0.value >= 0x7F
          ? String(format: "\\u%04x", $0.value) : String($0)
      }.joined()
    }
    let input = try MosaicExecutable.temporaryFile(
      "{\"name\": \"Ann\", \"\(escaped(key))\": \"\(escaped(value))\"}\n", name: "data.jsonl")
    let output = input + ".out"
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let command =
      [executable.path, input].map(TmuxSession.shellQuoted).joined(separator: " ")
      + " > \(TmuxSession.shellQuoted(output)); echo mosaic-exit=$?; exec sleep 600"
    let tmux = try TmuxSession(
      command: command, columns: 80, rows: 24,
      environment: ["TERM": "screen", "LANG": "C.UTF-8"])
    defer { tmux.kill() }
    tmux.waitFor(text: "Ann")
    tmux.sendKeys("y")
    let screen = tmux.waitFor("mosaic to exit") { $0.contains("mosaic-exit=") }
    #expect(screen.contains("mosaic-exit=0"), "\(screen)")
    let data = try Data(contentsOf: URL(fileURLWithPath: output))
    HostileTextTests.expectClean(data, "y's output")
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 1)
    let record = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String]
    #expect(record == ["name": "Ann", key: value])
  }
}
