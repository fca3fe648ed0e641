import MosaicCollection

/// One line of the browser's key table: the keys, what each of them does on which screen, and
/// the words the `?` help, the README and the man page say about them.
///
/// UIKit: a `UIKeyCommand` (input, action, discoverability title), several of which share one
/// line of the iPad's keyboard-shortcuts overlay, as `[` and `]` share "sort by field ↑ / ↓".
public struct KeyBinding: Sendable {
  /// The screen a binding belongs to: the keys mean something else on each.
  ///
  /// UIKit: the responder whose `keyCommands` list the binding.
  public enum Screen: String, CaseIterable, Sendable {
    /// The cards, in every layout (the table included).
    case cards
    /// A record's detail (Enter).
    case detail
    /// A field's frequency table (`F`).
    case frequencies
    /// A field's summary (`I`).
    case summary
    /// The list of conditions on show (`|`).
    case conditions
    /// The columns sheet (`#`).
    case columns

    /// What the README and the man page call the screen, with the key that opens it.
    public var heading: String {
      switch self {
      case .cards: "On the cards"
      case .detail: "In a record's detail (`Enter`)"
      case .frequencies: "In a frequency table (`F`)"
      case .summary: "In a field's summary (`I`)"
      case .conditions: "In the list of conditions (`|`)"
      case .columns: "In the columns sheet (`#`)"
      }
    }
  }

  /// When a binding is in force; out of force, its keys fall through as if it were absent, and
  /// the `?` help leaves it out.
  ///
  /// UIKit: a `UICommand` whose `validate(_:)` hides it (`.hidden` attributes).
  public enum Availability: String, Sendable {
    /// Always.
    case always
    /// In the table layout only.
    case tableLayout
    /// When the file can be read again (not standard input).
    case reload
    /// When the layout inspector is attached.
    case inspector
  }

  /// The keys as the `?` help shows them, space-separated (`PgDn ^F`, `[ ]`); the README and
  /// the man page spell `^F` as `Ctrl-F`.
  public let label: String
  /// What each key does; empty for what is no key (the mouse), listed for the reader only.
  let commands: [Key: KeyBindings.Command]
  /// The screen the keys act on.
  public let screen: Screen
  /// The heading the `?` help lists the binding under.
  public let group: String
  /// A few words for the `?` help, which must fit a 40-column screen beside the label.
  public let summary: String
  /// The sentence the README's key table and the man page give.
  public let description: String
  /// When the binding is in force.
  public let availability: Availability

  /// A binding of `commands` on `screen`, labelled `label` and said in `summary` (the `?` help)
  /// and `description` (the README and man page; the summary when nil).
  init(
    _ label: String, _ commands: [Key: KeyBindings.Command], on screen: Screen = .cards,
    group: String, summary: String, description: String? = nil,
    availability: Availability = .always
  ) {
    self.label = label
    self.commands = commands
    self.screen = screen
    self.group = group
    self.summary = summary
    self.description = description ?? summary
    self.availability = availability
  }

  /// The keys as the README and man page spell them, one a word: `Ctrl-F` for `^F`,
  /// `Shift-Tab` for `S-Tab`, `Backspace` for `⌫`, `Delete` for `Del`; the help's own
  /// spellings are short because its lines must fit 40 columns.
  public var keyNames: [String] {
    label.split(separator: " ").map { word in
      if let name = Self.spelledOut[String(word)] { return name }
      if word.hasPrefix("^"), word.count == 2 { return "Ctrl-" + word.dropFirst() }
      return String(word)
    }
  }

  /// The documents' names of the keys the help abbreviates (besides `^X` for Ctrl-X).
  static let spelledOut = ["S-Tab": "Shift-Tab", "⌫": "Backspace", "Del": "Delete"]
}
