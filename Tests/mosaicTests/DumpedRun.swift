import Foundation
import MosaicTestSupport
import Testing

/// `mosaic` running in tmux with `MOSAIC_SCREEN_DUMP` on, and the checks of its screen.
final class DumpedRun {
  let session: TmuxSession
  /// The dump file mosaic rewrites after each frame.
  let dumpPath: String
  private var lastFrame = 0

  init(
    _ arguments: [String], term: String, columns: Int, rows: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let executable = try #require(
      TestExecutable.url(named: "mosaic"), sourceLocation: sourceLocation)
    dumpPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-screen-\(getpid())-\(UUID().uuidString.prefix(8))").path
    let words = ([executable.path] + arguments).map(TmuxSession.shellQuoted)
    let directory = TmuxSession.shellQuoted(TestExecutable.packageRoot().path)
    session = try TmuxSession(
      command: "cd \(directory) && \(words.joined(separator: " ")); "
        + "echo mosaic-exit=$?; exec sleep 600",
      columns: columns, rows: rows,
      environment: ["TERM": term, "LANG": "C.UTF-8", "MOSAIC_SCREEN_DUMP": dumpPath],
      timeLimit: 300, sourceLocation: sourceLocation)
  }

  /// Kills the session and removes the dump.
  func close() {
    session.kill()
    try? FileManager.default.removeItem(atPath: dumpPath)
    try? FileManager.default.removeItem(atPath: dumpPath + ".partial")
  }

  /// The screen mosaic drew last, or nil before its first frame.
  func drawn() -> ShownScreen? {
    guard let data = FileManager.default.contents(atPath: dumpPath) else { return nil }
    return ShownScreen(dump: String(decoding: data, as: UTF8.self))
  }

  /// The screen the terminal shows, text and styles.
  func shown() -> ShownScreen {
    ShownScreen(tmuxCapture: session.command("capture-pane", "-p", "-e", "-N"))
  }

  /// The first disagreement ends the run: the steps after it would each wait out their
  /// deadline on a screen already known to be wrong.
  struct Disagreement: Error {}

  /// Sends one tmux key and expects the terminal to end on what mosaic then drew.
  func press(
    _ key: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    session.sendKeys(key)
    try expectShownAsDrawn(description, sourceLocation: sourceLocation)
  }

  /// Resizes the window and expects the terminal to end on what mosaic drew at that size.
  func resize(columns: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    session.resize(columns: columns, rows: rows)
    let drawn = try expectShownAsDrawn(
      "the resize to \(columns) × \(rows)", sourceLocation: sourceLocation)
    #expect(
      drawn.styles.first?.count ?? 0 <= columns,
      "the screen was drawn wider than \(columns) columns", sourceLocation: sourceLocation)
  }

  /// Waits for a frame newer than the last one checked, drawn and then left alone (the dump
  /// the same before and after a capture 0.15 s apart), on which the terminal shows exactly
  /// the drawn screen; records an issue naming `description`, with both screens and where
  /// they differ, and throws `Disagreement`, when that does not happen within 15 s.
  ///
  /// The terminal may lag behind a frame for a moment (tmux reads the pane's output when it
  /// can), so a difference counts only once the deadline passes without agreement.
  @discardableResult
  func expectShownAsDrawn(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ShownScreen {
    let deadline = Date().addingTimeInterval(15)
    var last: (drawn: ShownScreen, shown: ShownScreen)?
    while true {
      if let before = drawn(), let frame = before.frame, frame > lastFrame {
        usleep(150_000)
        let shown = shown()
        if let after = drawn(), after.frame == frame {
          if before.differences(from: shown).isEmpty {
            lastFrame = frame
            return before
          }
          last = (before, shown)
        }
      } else {
        usleep(30_000)
      }
      guard Date() < deadline else { break }
    }
    if let last {
      let differences = last.drawn.differences(from: last.shown)
      Issue.record(
        """
        after \(description), the terminal does not show what mosaic drew \
        (frame \(last.drawn.frame ?? 0)):
        \(differences.joined(separator: "\n"))
        drawn:
        \(last.drawn.numberedText)
        shown:
        \(last.shown.numberedText)
        """, sourceLocation: sourceLocation)
    } else {
      let message =
        "after \(description), no new frame came to rest within 15 s (last checked frame "
        + "\(lastFrame)); screen:\n\(session.capture())"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    throw Disagreement()
  }
}
