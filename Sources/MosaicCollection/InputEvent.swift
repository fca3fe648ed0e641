/// One thing the user did: a key, a mouse action or a resize of the terminal.
///
/// The terminal backend decodes its input into these; headless tests feed
/// them directly, so every behaviour is testable without a terminal.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// A mouse action at a cell of the screen.
  case mouse(MouseEvent)
  /// The terminal now has this many columns and rows.
  case resize(columns: Int, rows: Int)
  /// Text pasted into the terminal (a bracketed paste), as one event rather than keys, so that
  /// pasted text never runs commands. It may hold newlines and other control characters; a
  /// text field keeps what it can show. UIKit: `paste(_:)` with the pasteboard's string.
  case paste(String)
}

/// A key the terminal can report.
public enum Key: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Enter or Return.
  case enter
  /// Escape.
  case escape
  /// Backspace (or Delete, as most terminals send it).
  case backspace
  /// The forward-delete key (`ESC [ 3 ~`; Delete on a PC keyboard, Fn-Delete on a Mac).
  case delete
  /// A printable character, space included.
  case character(Character)
  /// A character typed with Control held, as its lowercase letter (`"l"` for Ctrl-L).
  case control(Character)
}

/// A mouse action, at a screen cell.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// The wheel turned up (scroll content back).
    case wheelUp
    /// The wheel turned down (scroll content forward).
    case wheelDown
    /// The primary button was pressed or clicked.
    case press
    /// The primary button was released (terminals that report releases send one after each
    /// press; UIKit: a touch ending).
    case release
    /// The mouse moved with the primary button held (terminals report it once button-event
    /// tracking is on; UIKit: a touch moving).
    case drag
  }

  /// What the mouse did.
  public var action: Action
  /// The screen column.
  public var column: Int
  /// The screen row.
  public var row: Int

  /// Creates a mouse event.
  public init(action: Action, column: Int, row: Int) {
    self.action = action
    self.column = column
    self.row = row
  }
}
