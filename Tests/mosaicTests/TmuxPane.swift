import Foundation
import MosaicTestSupport
import Testing

/// What tmux knows of a pane's terminal modes, for checking that mosaic gave the terminal back.
struct TmuxPane {
  let session: TmuxSession

  /// A tmux format (`#{alternate_on}`…) evaluated for the pane.
  func format(_ format: String) -> String {
    tmux(["display-message", "-p", format])
  }

  /// Sends `bytes` to the program in one write (`send-keys -H`), as a terminal sends a key.
  func send(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    _ = tmux(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// Sends the bytes written in hexadecimal, separated by spaces (`"1b 5b 41"`).
  func send(hex: String) {
    send(hex.split(separator: " ").compactMap { UInt8($0, radix: 16) })
  }

  private func tmux(_ arguments: [String]) -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-pane-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = TmuxSession.executable
    process.arguments = ["-L", session.socket] + arguments
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.standardOutput = try? FileHandle(forWritingTo: output)
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    process.waitUntilExit()
    let data = FileManager.default.contents(atPath: output.path) ?? Data()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Expects the pane out of every mode mosaic sets: main screen, cursor shown, no mouse
  /// reporting, keypad in normal mode.
  func expectModesRestored(sourceLocation: SourceLocation = #_sourceLocation) {
    let modes = format(
      "alternate=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag} "
        + "keypad=#{keypad_cursor_flag}")
    #expect(
      modes == "alternate=0 cursor=1 mouse=0 keypad=0", "pane modes: \(modes)",
      sourceLocation: sourceLocation)
  }

  /// Expects `stty -a` on the screen to show cooked mode with echo.
  static func expectCooked(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    #expect(
      words.contains("icanon") && words.contains("echo") && !words.contains("-icanon")
        && !words.contains("-echo"), "stty -a:\n\(screen)", sourceLocation: sourceLocation)
  }
}
