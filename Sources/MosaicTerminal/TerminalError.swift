/// Why the terminal could not start or run; each case renders one clear line.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// Standard input or output (named) is not a terminal.
  case notATerminal(String)
  /// The terminal type (`TERM`) is unknown to terminfo.
  case unknownTerminal(String)
  /// The terminal type (`TERM`) cannot move the cursor (`dumb`), so no screen can be drawn.
  case noCursorAddressing(String)
  /// An ncurses call returned `ERR`.
  case cursesCall(String)
  /// Input ended: the terminal went away while the run loop waited for a key.
  case inputClosed

  /// The one-line message.
  public var description: String {
    switch self {
    case .notATerminal(let stream):
      return "\(stream) is not a terminal; run mosaic in a terminal (or in tmux)"
    case .unknownTerminal(let name):
      return "unknown terminal type \"\(name)\" (TERM); try TERM=xterm-256color"
    case .noCursorAddressing(let name):
      return "terminal type \"\(name)\" (TERM) cannot move the cursor; try TERM=xterm-256color"
    case .cursesCall(let call): return "ncurses call \(call) failed"
    case .inputClosed: return "terminal input closed"
    }
  }
}
