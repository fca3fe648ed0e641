import ArgumentParser
import MosaicCollection
import MosaicTerminal

/// Runs a scene on a terminal for a subcommand, the one way every subcommand does it.
@MainActor
enum SceneRunner {
  /// Runs `scene` on `terminal` and returns the frames drawn; a terminal that cannot be had or
  /// kept (no terminal, an unknown `TERM`, input closed) is reported as one line naming
  /// `command`, with exit status 1: it is the environment, not the user's input, that is wrong.
  ///
  /// - Parameter afterStart: Runs once the terminal has started (and installed its signal
  ///   handlers), before the first frame.
  static func run(
    _ scene: any Scene, on terminal: Terminal, command: String, afterStart: () -> Void = {}
  ) throws -> Int {
    do {
      try terminal.start()
      defer { terminal.restore() }
      afterStart()
      try terminal.run(scene)
      return terminal.frames
    } catch let error as TerminalError {
      StandardError.writeLine("\(command): \(error)")
      throw ExitCode.failure
    }
  }
}
