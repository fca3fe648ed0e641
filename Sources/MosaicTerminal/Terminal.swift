import CNcurses
import MosaicCollection

/// The terminal: starts and restores ncurses (placeholder until the runtime issue).
public enum TerminalInfo {
  /// The ncurses version string.
  public static var cursesVersion: String { String(cString: curses_version()) }
}
