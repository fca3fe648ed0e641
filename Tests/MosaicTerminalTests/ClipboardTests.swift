import Foundation
import MosaicCollection
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

/// The OSC 52 bytes that put text on the clipboard: their form, the cap, and that no byte of the
/// text reaches the terminal raw.
@Suite struct ClipboardTests {
  /// The text an OSC 52 sequence carries, decoded with Foundation's base64 (not ours).
  static func decoded(_ bytes: [UInt8]) -> String? {
    let prefix = Array("\u{1B}]52;c;".utf8)
    guard bytes.starts(with: prefix), bytes.last == 0x07 else { return nil }
    let payload = String(decoding: bytes[prefix.count..<(bytes.count - 1)], as: UTF8.self)
    return Data(base64Encoded: payload).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test(arguments: ["", "M", "Ma", "Mas", "mass", "é 中 🇫🇷", "tab\tnew\nline"])
  func theSequenceIsOSC52WithTheTextInBase64(text: String) throws {
    let bytes = try #require(ClipboardSequence.bytes(for: text))
    #expect(Self.decoded(bytes) == text)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
  }

  @Test func controlBytesInTheTextNeverReachTheTerminalRaw() throws {
    // Every byte a value can hold, C0 and C1 controls, ESC and BEL (which would end the
    // sequence early) included.
    let hostile =
      String(decoding: (0..<256).map { UInt8($0) }, as: UTF8.self)
      + "\u{1B}]52;c;ZXZpbA==\u{07}\u{9B}31m\u{1B}[2J"
    let bytes = try #require(ClipboardSequence.bytes(for: hostile))
    let payload = bytes.dropFirst(7).dropLast()
    #expect(payload.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "the payload is printable ASCII")
    #expect(bytes.filter { $0 == 0x1B }.count == 1 && bytes.filter { $0 == 0x07 }.count == 1)
    #expect(Self.decoded(bytes) == hostile)
  }

  @Test func textOverTheCapIsNotSent() throws {
    let most = String(repeating: "x", count: Clipboard.maximumBytes)
    #expect(Clipboard.canCopy(most))
    #expect(Self.decoded(try #require(ClipboardSequence.bytes(for: most))) == most)
    #expect(ClipboardSequence.bytes(for: most + "y") == nil)
    // The cap counts bytes, not characters: 50,001 two-byte characters are over it.
    #expect(ClipboardSequence.bytes(for: String(repeating: "é", count: 50_001)) == nil)
  }
}

extension Curses {
  /// The run loop sends what a scene copies to the terminal, once, and nothing otherwise.
  @Suite @MainActor struct ClipboardRunLoopTests {
    /// A scene that copies `text` on `c` and quits on `q`, typing the next key of `script`
    /// after each event, as a person would, so that each arrives in a read of its own.
    final class CopyingScene: Scene {
      let text: String
      let pty: PseudoTerminal
      var script: [String]
      var pending: String?
      var taken = 0

      init(text: String, pty: PseudoTerminal, script: [String]) {
        self.text = text
        self.pty = pty
        self.script = script
      }

      func draw(into surface: any Surface) {
        surface.clear(style: .plain)
        for (index, glyph) in "copy".enumerated() {
          surface.put(glyph, width: 1, column: index, row: 0, style: .plain)
        }
      }

      func handle(_ event: InputEvent) -> SceneResponse {
        if !script.isEmpty { pty.type(script.removeFirst()) }
        switch event {
        case .key(.character("c")): pending = text
        case .key(.character("q")): return .quit
        default: break
        }
        return .continue
      }

      func takeClipboardText() -> String? {
        defer { pending = nil }
        if pending != nil { taken += 1 }
        return pending
      }
    }

    @Test func aCopyIsWrittenAsOSC52OnlyWhenAsked() throws {
      let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
      defer { pty.close() }
      let text = "mass \u{1B}[2J"
      let sequence = try #require(ClipboardSequence.bytes(for: text))
      try Watchdog.guarding("the copying scene to quit", limit: 60, unblock: { pty.hangUp() }) {
        let terminal = Terminal(on: pty)
        // A key that copies nothing, then a copy, then quit.
        let scene = CopyingScene(text: text, pty: pty, script: ["c", "q"])
        pty.type("x")
        try terminal.run(scene)
        #expect(scene.taken == 1)
      }
      pty.waitForQuiet()
      let written = pty.writtenBytes
      let prefix = Array("\u{1B}]52;".utf8)
      let starts = (0..<max(0, written.count - prefix.count + 1)).filter {
        Array(written[$0..<($0 + prefix.count)]) == prefix
      }
      #expect(starts.count == 1, "one OSC 52 sequence")
      if let start = starts.first {
        #expect(Array(written[start..<min(written.count, start + sequence.count)]) == sequence)
      }
      // The text's own escape never reached the terminal: it only travels in base64.
      let mass = Array("mass".utf8)
      #expect(
        !(0..<max(0, written.count - mass.count + 1)).contains {
          Array(written[$0..<($0 + mass.count)]) == mass
        })
    }
  }
}
