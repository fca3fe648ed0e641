import CNcurses
import MosaicCollection

/// Curses colour pairs, allocated as each (foreground, background) is first used.
///
/// Curses draws in numbered pairs set up with `init_pair`; Mosaic's styles name
/// their colours, so this table turns a named pair into a number once and
/// remembers it. Pair 0 is the terminal's own colours.
final class ColorPairs {
  private var numbers: [UInt16: Int16] = [:]
  private var nextNumber: Int32 = 1
  private let limit: Int32
  private let hasDefaultColors: Bool

  /// Creates the table for a screen whose colours have been started.
  ///
  /// - Parameter hasDefaultColors: whether `use_default_colors` succeeded, so
  ///   that -1 stands for the terminal's own foreground or background.
  init(hasDefaultColors: Bool) {
    self.hasDefaultColors = hasDefaultColors
    self.limit = mosaic_color_pairs()
  }

  /// The pair number for `foreground` on `background`; 0 when pairs ran out.
  func number(foreground: TerminalColor, background: TerminalColor) -> Int16 {
    if foreground == .default && background == .default { return 0 }
    let key = UInt16(foreground.rawValue) << 8 | UInt16(background.rawValue)
    if let number = numbers[key] { return number }
    guard nextNumber < limit else { return 0 }
    let number = Int16(nextNumber)
    let fg = cursesColor(foreground, isForeground: true)
    let bg = cursesColor(background, isForeground: false)
    guard init_pair(number, fg, bg) != mosaic_err() else { return 0 }
    nextNumber += 1
    numbers[key] = number
    return number
  }

  private func cursesColor(_ color: TerminalColor, isForeground: Bool) -> Int16 {
    switch color {
    case .default:
      if hasDefaultColors { return -1 }
      return isForeground ? mosaic_color_white() : mosaic_color_black()
    case .black: return mosaic_color_black()
    case .red: return mosaic_color_red()
    case .green: return mosaic_color_green()
    case .yellow: return mosaic_color_yellow()
    case .blue: return mosaic_color_blue()
    case .magenta: return mosaic_color_magenta()
    case .cyan: return mosaic_color_cyan()
    case .white: return mosaic_color_white()
    }
  }
}
