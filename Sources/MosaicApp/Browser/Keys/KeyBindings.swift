import MosaicCollection

/// The browser's one table of keys: what the key handlers look keys up in, and what the `?`
/// help, the README's key table (`mosaic help keys`) and the man page's KEYS section are made
/// from, so that none of them can fall out of step with what the keys do.
///
/// UIKit: the `keyCommands` of the browser's responders together with their discoverability
/// titles, which the iPad's keyboard-shortcuts overlay lists. To add a key, add its line here;
/// a new command also needs a case in `Command` and its line in `BrowserScene.perform(_:for:)`.
public enum KeyBindings {
  /// What a key asks the browser to do; `BrowserScene.perform(_:for:)` does it.
  ///
  /// UIKit: the action selector of a `UIKeyCommand`.
  enum Command: Hashable, Sendable {
    /// Ends the program.
    case quit
    /// Leaves the screen: on the cards, backs out one level (the search, the last condition,
    /// the selection); elsewhere, back to the cards.
    case back
    /// Passes the key to the screen's own view, which moves its focus or scrolls.
    case move
    /// Opens the `?` help of the screen on show.
    case help
    /// Sorts by the focused field, or changes or drops that sort key.
    case sort(descending: Bool)
    /// Starts typing a condition (`&`).
    case addCondition
    /// Opens the list of conditions (`|`).
    case listConditions
    /// Takes the focused condition of the list away.
    case removeCondition
    /// Adds the frequency table's focused value as a condition.
    case addFocusedValue
    /// Starts typing the path the view is saved to.
    case saveView
    /// Puts the records in sections by the focused field, or takes the sections away.
    case sections
    /// Opens the focused field's frequency table.
    case frequencies
    /// Opens the focused field's summary.
    case summary
    /// Shows the frequency table's numbers in equal-width bins, or its values again.
    case bins
    /// Starts typing a record number to go to.
    case goToRecord
    /// Goes to the first or last record.
    case end(last: Bool)
    /// Goes to the previous or next section.
    case section(forward: Bool)
    /// Moves the focus by a fraction of a screen.
    case screen(fraction: Double, forward: Bool)
    /// Copies the focused value or the whole record to the clipboard.
    case copy(wholeRecord: Bool)
    /// Starts an incremental search.
    case search
    /// Goes to the next or previous match of the search.
    case match(backward: Bool)
    /// Selects or deselects the focused record.
    case select
    /// Selects every record on show, or, when they all are, none.
    case selectAll
    /// Quits, printing the selected records.
    case printSelection
    /// Moves the table's focused field by a column.
    case column(by: Int)
    /// Home and End in the table: first or last record, the columns kept.
    case keepingColumns
    /// Moves the focused field by `step`; a frequency table or summary on show follows it.
    case field(by: Int)
    /// Switches to the next layout.
    case cycleLayout
    /// Reads the file again.
    case reload
    /// Makes the cards larger or smaller.
    case resize(larger: Bool)
    /// Opens the focused record's detail.
    case open
    /// Passes the key to the layout inspector.
    case inspector
    /// Shows the detail of the next or previous record.
    case adjacentRecord(forward: Bool)
    /// Puts the view back as it was before its last change.
    case undo
    /// Starts typing the name of a field to go to.
    case jumpToColumn
    /// Hides the focused column.
    case hideColumn
    /// Shows the hidden columns again.
    case showColumns
    /// Moves the focused column by `step` places.
    case slideColumn(by: Int)
    /// Makes the focused column the title column.
    case pinColumn
    /// Sets the focused field's type to the next one (text, integer, decimal, date, boolean,
    /// inferred).
    case cycleType
    /// Widens (> 0) or narrows the focused column.
    case columnWidth(by: Int)
    /// Opens the columns sheet.
    case columnsSheet
    /// Goes to the focused field's column (the columns sheet's Enter).
    case goToField
  }

  /// What decides which bindings are in force: the layout, and what the browser was given.
  ///
  /// UIKit: the state a `UICommand`'s `validate(_:)` reads.
  struct Context: Equatable {
    /// Whether the cards are laid out as the table.
    var isTable = false
    /// Whether the layout inspector is attached.
    var hasInspector = false
    /// Whether the file can be read again.
    var canReload = false

    /// Whether `availability` holds here.
    func allows(_ availability: KeyBinding.Availability) -> Bool {
      switch availability {
      case .always: true
      case .tableLayout: isTable
      case .reload: canReload
      case .inspector: hasInspector
      }
    }
  }

  /// The binding `key` means on `screen` in `context` and what it asks, or nil when no binding
  /// in force has it. A binding with a condition wins over one without (← in the table moves a
  /// column; elsewhere it moves the focus).
  static func command(for key: Key, on screen: KeyBinding.Screen, in context: Context)
    -> Command?
  {
    let candidates = all.filter { $0.screen == screen && context.allows($0.availability) }
    let binding =
      candidates.first { $0.availability != .always && $0.commands[key] != nil }
      ?? candidates.first { $0.commands[key] != nil }
    return binding?.commands[key]
  }

  /// The bindings of `screen` in force in `context`, in the table's order.
  static func bindings(of screen: KeyBinding.Screen, in context: Context) -> [KeyBinding] {
    all.filter { $0.screen == screen && context.allows($0.availability) }
  }

  /// Every binding, screen by screen, each screen's in the order its `?` help lists them.
  public static let all: [KeyBinding] =
    cards + detail + frequencies + summary + conditions + columns

  /// The keys over the cards, in every layout.
  static let cards: [KeyBinding] = [
    KeyBinding(
      "←↓↑→ hjkl",
      [.up: .move, .down: .move, .left: .move, .right: .move] + letters("hjkl", .move),
      group: "Move", summary: "move",
      description: "focus the nearest card that way, across sections"),
    KeyBinding(
      "←→ hl",
      [.left: .column(by: -1), .right: .column(by: 1)] + letters("h", .column(by: -1))
        + letters("l", .column(by: 1)),
      group: "Move", summary: "field left / right",
      description:
        "in the table: move the focused field a column, scrolling it into view by whole columns",
      availability: .tableLayout),
    KeyBinding(
      "PgDn ^F", [.pageDown: .move, .control("f"): .screen(fraction: 1, forward: true)],
      group: "Move", summary: "next screen", description: "a screen forward"),
    KeyBinding(
      "PgUp ^B", [.pageUp: .move, .control("b"): .screen(fraction: 1, forward: false)],
      group: "Move", summary: "previous screen", description: "a screen back"),
    KeyBinding(
      "^D ^U",
      [
        .control("d"): .screen(fraction: 0.5, forward: true),
        .control("u"): .screen(fraction: 0.5, forward: false),
      ],
      group: "Move", summary: "half screen down / up", description: "half a screen forward / back"),
    KeyBinding(
      "g G Home End",
      [
        .character("g"): .end(last: false), .character("G"): .end(last: true), .home: .move,
        .end: .move,
      ],
      group: "Move", summary: "first / last record",
      description:
        "first / last record (while a big file is indexed, `End` goes to its last record at once, "
        + "numbered `≈10,000,000` until indexing gets there)"),
    KeyBinding(
      "Home End", [.home: .keepingColumns, .end: .keepingColumns], group: "Move",
      summary: "first / last row",
      description: "in the table: first / last record, the columns staying where they are",
      availability: .tableLayout),
    KeyBinding(
      ":N", [.character(":"): .goToRecord], group: "Move", summary: "go to record N",
      description: "go to record N (`:12345` Enter)"),
    KeyBinding(
      "{ }", [.character("{"): .section(forward: false), .character("}"): .section(forward: true)],
      group: "Move", summary: "prev / next section", description: "previous / next section"),
    KeyBinding(
      "Tab S-Tab", [.tab: .field(by: 1), .backTab: .field(by: -1)], group: "Move",
      summary: "next / previous field",
      description:
        "focus the next / previous field: the one `[` `]` `s` `F` `I` `c` act on (its name in the "
        + "status bar; in the table, its column)"),
    KeyBinding(
      "click", [:], group: "Move", summary: "focus; on focus: open",
      description:
        "a click focuses (in the table: the row and the value's field), a click on the focused "
        + "card opens it"),
    KeyBinding("wheel", [:], group: "Move", summary: "scroll", description: "the wheel scrolls"),

    KeyBinding(
      "/ n N",
      [
        .character("/"): .search, .character("n"): .match(backward: false),
        .character("N"): .match(backward: true),
      ],
      group: "Find", summary: "search, next/previous",
      description:
        "incremental search across every field, then next / previous match, `/query 3/12` in the "
        + "status bar; a paste into the query is typed (control characters dropped), a paste "
        + "anywhere else is ignored; the query edits as the `&` line does, with its own history"),
    KeyBinding(
      "&", [.character("&"): .addCondition], group: "Find", summary: "add a condition (filter)",
      description:
        "add a condition, applied as it is typed: an expression (`carrier = 'UA' and "
        + "arr_delay > 60`, [the language](docs/browser.md#conditions)) or text any field "
        + "contains (`& gift: 110,770 of 1,000,000`); each `&` adds one more (all must hold); "
        + "`Tab` or `Ctrl-R` while typing for a regular expression, `Backspace` on an empty "
        + "line takes the last condition away; `Enter` keeps it, `Esc` cancels it. The line "
        + "edits as a shell's: `Ctrl-A` `Ctrl-E` `←` `→` move, `Ctrl-U` `Ctrl-W` delete back "
        + "to the start / a word, `↑` `↓` go through the conditions entered before, kept across "
        + "runs in `$XDG_STATE_HOME/mosaic/`"),
    KeyBinding(
      "|", [.character("|"): .listConditions], group: "Find", summary: "list / remove conditions",
      description: "list the conditions on show; `d` takes the focused one away"),
    KeyBinding(
      "u", [.character("u"): .undo], group: "Find", summary: "undo a change to the view",
      description:
        "undo the last change to the view: a sort, sections, a condition, a hidden, moved, "
        + "pinned or resized column (again: the one before; the status bar says what)"),
    KeyBinding(
      "@ #", [.character("@"): .jumpToColumn, .character("#"): .columnsSheet], group: "Find",
      summary: "go to field, columns sheet",
      description:
        "`@` goes to a field by name: `Tab` completes the name typed (again: the next name that "
        + "fits), `Enter` focuses its column (a hidden one is shown again), an unknown name gets "
        + "\"did you mean\"; `#` opens the columns sheet: a row per field with its type, count, "
        + "missing, distinct, min, max, mean and median over the records on show (its keys are "
        + "below)"),

    KeyBinding(
      "[ ]",
      [.character("["): .sort(descending: false), .character("]"): .sort(descending: true)],
      group: "Arrange", summary: "sort by field ▲ / ▼",
      description:
        "sort by the focused field ascending / descending (numbers, then text, then empty); on "
        + "a field not yet sorted by, the next sort key (the status bar lists them as the header "
        + "marks them: `city ▲ amount ▼2`); on a sort key's field, turn its direction or take it away. The sort runs "
        + "in the background (`sorting 43%`), then lands on the first record; the cards show "
        + "the field with ▲ / ▼"),
    KeyBinding(
      "s", [.character("s"): .sections], group: "Arrange", summary: "sections by field",
      description: "sections by the focused field (again: none)"),
    KeyBinding(
      "F", [.character("F"): .frequencies], group: "Arrange", summary: "field's value counts",
      description:
        "the focused field's frequency table over the records on show (titled with the "
        + "conditions it counted under): values by count with their share, the missing ones "
        + "(empty, `--na` tokens) as one `(missing)` row; its keys are below"),
    KeyBinding(
      "I", [.character("I"): .summary], group: "Arrange", summary: "field summary",
      description:
        "the focused field's summary over the records on show: values, missing, distinct; "
        + "the numbers' minimum, maximum, mean, median, standard deviation, quartiles, 5th "
        + "and 95th percentiles and a histogram; the most common values; with sections (`s`), "
        + "each section's records and the numbers' sum, mean, minimum and maximum"),

    KeyBinding(
      "x X", [.character("x"): .hideColumn, .character("X"): .showColumns], group: "Columns",
      summary: "hide column / show all",
      description:
        "in the table: hide the focused column / show every hidden column again; `y` and `^S` "
        + "then write the columns on show, in their order",
      availability: .tableLayout),
    KeyBinding(
      "< >", [.character("<"): .slideColumn(by: -1), .character(">"): .slideColumn(by: 1)],
      group: "Columns", summary: "move column left / right",
      description: "in the table: move the focused column a place left / right",
      availability: .tableLayout),
    KeyBinding(
      "t", [.character("t"): .cycleType], group: "Columns", summary: "set column type",
      description:
        "in the table: set the focused field's type, in turn text, integer, decimal, date, "
        + "boolean and back to the inferred one; the status bar names it. Text sorts and "
        + "compares every value as text (`10` before `9`, `zip > 100` as text), is left-aligned "
        + "and `I` counts no numbers; a numeric type right-aligns the numbers; `u` undoes it",
      availability: .tableLayout),
    KeyBinding(
      "!", [.character("!"): .pinColumn], group: "Columns", summary: "pin as title column",
      description:
        "in the table: make the focused column the title column, pinned on the left (VisiData's "
        + "`!`)",
      availability: .tableLayout),
    KeyBinding(
      "+ = - _",
      [
        .character("+"): .columnWidth(by: 1), .character("="): .columnWidth(by: 1),
        .character("-"): .columnWidth(by: -1), .character("_"): .columnWidth(by: -1),
      ],
      group: "Columns", summary: "widen / narrow column",
      description:
        "in the table: widen (`+` `=`) / narrow (`-` `_`) the focused column by a character",
      availability: .tableLayout),

    KeyBinding(
      "Enter", [.enter: .open], group: "Records", summary: "open the record",
      description: "open the record: every field, scrollable; its keys are below"),
    KeyBinding(
      "space a", [.character(" "): .select, .character("a"): .selectAll], group: "Records",
      summary: "select one / all on show",
      description:
        "select / deselect the focused record (multi-select; the status bar says `3 selected`) "
        + "/ every record on show, as the conditions keep them (again: none), up to 100,000, "
        + "beyond which `^S` saves the view"),
    KeyBinding(
      "c C",
      [.character("c"): .copy(wholeRecord: false), .character("C"): .copy(wholeRecord: true)],
      group: "Records", summary: "copy value / record",
      description:
        "copy the focused value / the record as JSON to the clipboard (OSC 52; up to 100,000 "
        + "bytes)"),
    KeyBinding(
      "y", [.character("y"): .printSelection], group: "Records", summary: "quit, print selection",
      description:
        "quit and print the selected records (or the focused one) as JSON Lines on standard "
        + "output"),
    KeyBinding(
      "^S", [.control("s"): .saveView], group: "Records", summary: "save the view to a file",
      description:
        "save the view to a file as `--output` writes it (every field, the records on show in "
        + "their order, the format from the extension); an existing file is replaced only when "
        + "you say so"),

    KeyBinding(
      "v", [.character("v"): .cycleLayout], group: "View", summary: "grid, list, table, sideways",
      description: "cycle grid → list → table → horizontal, keeping the focused record in view"),
    KeyBinding(
      "+ -",
      [
        .character("+"): .resize(larger: true), .character("="): .resize(larger: true),
        .character("-"): .resize(larger: false), .character("_"): .resize(larger: false),
      ],
      group: "View", summary: "bigger / smaller cards",
      description: "bigger / smaller cards (`=` and `_` too)"),
    KeyBinding(
      "r", [.character("r"): .reload], group: "View", summary: "reload the file",
      description:
        "reload the file (offered when it changed on disk; not for standard input)",
      availability: .reload),
    KeyBinding(
      "i o", [.character("i"): .inspector, .character("o"): .inspector], group: "View",
      summary: "inspector, outlines",
      description: "layout inspector panel / outline every visible frame with its index path",
      availability: .inspector),
    KeyBinding(
      "?", [.character("?"): .help], group: "View", summary: "this help",
      description: "the keys of the screen on show, on every screen"),
    KeyBinding(
      "Esc", [.escape: .back], group: "View", summary: "back out one level",
      description: "back out one level (the search, the last condition, the selection); never quits"
    ),
    KeyBinding("q", [.character("q"): .quit], group: "View", summary: "quit", description: "quit"),
  ]

  /// The keys of a record's detail (Enter).
  static let detail: [KeyBinding] = [
    KeyBinding(
      "↑↓ jk", [.up: .move, .down: .move] + letters("jk", .move), on: .detail, group: "Record",
      summary: "scroll a line"),
    KeyBinding(
      "PgDn ^F space",
      [.pageDown: .move, .control("f"): .move, .character(" "): .move], on: .detail,
      group: "Record", summary: "next screen", description: "scroll a screen down"),
    KeyBinding(
      "PgUp ^B", [.pageUp: .move, .control("b"): .move], on: .detail, group: "Record",
      summary: "previous screen", description: "scroll a screen up"),
    KeyBinding(
      "^D ^U", [.control("d"): .move, .control("u"): .move], on: .detail, group: "Record",
      summary: "half screen down / up", description: "scroll half a screen down / up"),
    KeyBinding(
      "g G Home End", [.home: .move, .end: .move] + letters("gG", .move), on: .detail,
      group: "Record", summary: "first / last line", description: "the first / last line"),
    KeyBinding(
      "→ n l",
      [.right: .adjacentRecord(forward: true)] + letters("nl", .adjacentRecord(forward: true)),
      on: .detail, group: "Record", summary: "next record",
      description: "the next record's detail (the title's right shows `record 2 of 10`)"),
    KeyBinding(
      "← p h",
      [.left: .adjacentRecord(forward: false)] + letters("ph", .adjacentRecord(forward: false)),
      on: .detail, group: "Record", summary: "previous record",
      description: "the previous record's detail"),
    KeyBinding(
      "c C",
      [.character("c"): .copy(wholeRecord: false), .character("C"): .copy(wholeRecord: true)],
      on: .detail, group: "Record", summary: "copy value / record",
      description: "copy the focused field's value / the record, as on the cards"),
    KeyBinding(
      "?", [.character("?"): .help], on: .detail, group: "Record", summary: "these keys",
      description: "the keys of this screen"),
    KeyBinding(
      "Esc q Enter ⌫",
      [.escape: .back, .character("q"): .back, .enter: .back, .backspace: .back], on: .detail,
      group: "Record", summary: "back",
      description: "back to the cards, on the record last shown"),
  ]

  /// The keys of a field's frequency table (`F`).
  static let frequencies: [KeyBinding] = [
    KeyBinding(
      "↑↓ jk", [.up: .move, .down: .move] + letters("jk", .move), on: .frequencies,
      group: "Frequency table", summary: "move over the values"),
    KeyBinding(
      "PgUp PgDn", [.pageUp: .move, .pageDown: .move], on: .frequencies,
      group: "Frequency table", summary: "a screen up / down"),
    KeyBinding(
      "g G Home End", [.home: .move, .end: .move] + letters("gG", .move), on: .frequencies,
      group: "Frequency table", summary: "first / last value"),
    KeyBinding(
      "Enter", [.enter: .addFocusedValue], on: .frequencies, group: "Frequency table",
      summary: "add as a condition",
      description: "add the focused value as a condition (`& city == 'Hanoi'`) and go back"),
    KeyBinding(
      "Tab S-Tab", [.tab: .field(by: 1), .backTab: .field(by: -1)], on: .frequencies,
      group: "Frequency table", summary: "next / previous field",
      description: "count the next / previous field"),
    KeyBinding(
      "b", [.character("b"): .bins], on: .frequencies, group: "Frequency table",
      summary: "number bins / values",
      description:
        "a numeric field's counts over 10 equal-width bins from its minimum to its maximum "
        + "(Enter adds the focused bin's range as a condition); again: the values"),
    KeyBinding(
      "I", [.character("I"): .summary], on: .frequencies, group: "Frequency table",
      summary: "the field's summary"),
    KeyBinding(
      "?", [.character("?"): .help], on: .frequencies, group: "Frequency table",
      summary: "these keys",
      description: "the keys of this screen"),
    KeyBinding(
      "Esc q F ⌫",
      [.escape: .back, .character("q"): .back, .character("F"): .back, .backspace: .back],
      on: .frequencies, group: "Frequency table", summary: "back",
      description: "back to the cards (a count still running stops)"),
  ]

  /// The keys of a field's summary (`I`).
  static let summary: [KeyBinding] = [
    KeyBinding(
      "↑↓ jk", [.up: .move, .down: .move] + letters("jk", .move), on: .summary,
      group: "Summary", summary: "scroll a long summary",
      description: "scroll a summary taller than the screen"),
    KeyBinding(
      "PgDn space", [.pageDown: .move, .character(" "): .move], on: .summary, group: "Summary",
      summary: "a screen down"),
    KeyBinding(
      "PgUp", [.pageUp: .move], on: .summary, group: "Summary", summary: "a screen up"),
    KeyBinding(
      "g G Home End", [.home: .move, .end: .move] + letters("gG", .move), on: .summary,
      group: "Summary", summary: "top / bottom", description: "the summary's top / bottom"),
    KeyBinding(
      "Tab S-Tab", [.tab: .field(by: 1), .backTab: .field(by: -1)], on: .summary,
      group: "Summary", summary: "next / previous field",
      description: "sum up the next / previous field"),
    KeyBinding(
      "F", [.character("F"): .frequencies], on: .summary, group: "Summary",
      summary: "value counts", description: "the field's frequency table"),
    KeyBinding(
      "?", [.character("?"): .help], on: .summary, group: "Summary", summary: "these keys",
      description: "the keys of this screen"),
    KeyBinding(
      "Esc", [.escape: .back], on: .summary, group: "Summary", summary: "back",
      description: "back to the cards; so does any key not listed here"),
  ]

  /// The keys of the list of conditions (`|`).
  static let conditions: [KeyBinding] = [
    KeyBinding(
      "↑↓ jk", [.up: .move, .down: .move] + letters("jk", .move), on: .conditions,
      group: "Conditions", summary: "choose a condition"),
    KeyBinding(
      "g G Home End", [.home: .move, .end: .move] + letters("gG", .move), on: .conditions,
      group: "Conditions", summary: "first / last condition"),
    KeyBinding(
      "d x Del ⌫",
      [.delete: .removeCondition, .backspace: .removeCondition]
        + letters("dx", .removeCondition),
      on: .conditions, group: "Conditions", summary: "take it away",
      description: "take the focused condition away"),
    KeyBinding(
      "?", [.character("?"): .help], on: .conditions, group: "Conditions", summary: "these keys",
      description: "the keys of this screen"),
    KeyBinding(
      "Esc", [.escape: .back], on: .conditions, group: "Conditions", summary: "back",
      description: "back to the cards; so does any key not listed here"),
  ]

  /// The keys of the columns sheet (`#`).
  static let columns: [KeyBinding] = [
    KeyBinding(
      "↑↓ jk", [.up: .move, .down: .move] + letters("jk", .move), on: .columns,
      group: "Columns sheet", summary: "move over the fields"),
    KeyBinding(
      "PgUp PgDn", [.pageUp: .move, .pageDown: .move], on: .columns, group: "Columns sheet",
      summary: "a screen up / down"),
    KeyBinding(
      "g G Home End", [.home: .move, .end: .move] + letters("gG", .move), on: .columns,
      group: "Columns sheet", summary: "first / last field"),
    KeyBinding(
      "Enter", [.enter: .goToField], on: .columns, group: "Columns sheet",
      summary: "go to the column",
      description: "back to the cards, the focused row's field focused (its column shown)"),
    KeyBinding(
      "x X", [.character("x"): .hideColumn, .character("X"): .showColumns], on: .columns,
      group: "Columns sheet", summary: "hide field / show all",
      description:
        "hide the focused row's column in the table (marked `x`) / show every hidden column"),
    KeyBinding(
      "!", [.character("!"): .pinColumn], on: .columns, group: "Columns sheet",
      summary: "pin as title column",
      description: "make the focused row's field the table's title column (marked `!`)"),
    KeyBinding(
      "[ ]", [.character("["): .sort(descending: false), .character("]"): .sort(descending: true)],
      on: .columns, group: "Columns sheet", summary: "sort by field ↑ / ↓",
      description: "sort the records by the focused row's field, as `[` `]` on the cards"),
    KeyBinding(
      "u", [.character("u"): .undo], on: .columns, group: "Columns sheet",
      summary: "undo a change",
      description: "undo the last change to the view, as on the cards"),
    KeyBinding(
      "?", [.character("?"): .help], on: .columns, group: "Columns sheet", summary: "these keys",
      description: "the keys of this screen"),
    KeyBinding(
      "Esc q #", [.escape: .back, .character("q"): .back, .character("#"): .back], on: .columns,
      group: "Columns sheet", summary: "back",
      description: "back to the cards (a count still running stops)"),
  ]

  /// Each character of `characters` bound to `command`.
  private static func letters(_ characters: String, _ command: Command) -> [Key: Command] {
    Dictionary(uniqueKeysWithValues: characters.map { (Key.character($0), command) })
  }
}

/// The union of two key maps, for a table line whose keys are partly letters.
private func + (left: [Key: KeyBindings.Command], right: [Key: KeyBindings.Command])
  -> [Key: KeyBindings.Command]
{
  left.merging(right) { first, _ in first }
}
