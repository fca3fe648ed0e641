import MosaicCollection
import MosaicLayout

/// A collection view over every row of the screen but the last, and a one-line status bar on
/// the last row: the frame of every demo, with the key help `?` shows.
///
/// Subclasses supply `statusText` and `keyBindings`, draw any extra lines in
/// `drawAccessories(into:)`, and add keys of their own in `handle(_:)`, calling `super` for the
/// rest (`?` shows the help; `q` and Escape quit; everything else goes to the collection view).
open class StatusBarController: CollectionViewController {
  /// The key help, while `?` shows it.
  var help: KeyHelpPanel?

  /// Creates a controller whose collection view uses `layout`, leaving the last row free.
  public override init(collectionViewLayout layout: CollectionViewLayout) {
    super.init(collectionViewLayout: layout)
    contentInsets = (top: 0, bottom: 1)
  }

  /// The status bar's text: the demo's name, where the focus is, the keys.
  open var statusText: String { "" }

  /// The title of the key help: "grid: keys".
  open var helpTitle: String { "keys" }

  /// Every key of the demo, as `?` lists them: the keys, then what they do.
  open var keyBindings: [(keys: String, action: String)] { [] }

  /// `parts` without the nil ones, joined by bars: "horizontal │ item 2.5 │ q quits".
  func status(_ parts: String?...) -> String {
    parts.compactMap { $0 }.joined(separator: " │ ")
  }

  /// "item 2.5": the focused item, its section and item counted from 1; nil with no focus.
  var focusedItemStatus: String? {
    collectionView.indexPathForFocusedItem.map { "item \($0.section + 1).\($0.item + 1)" }
  }

  /// Whether the key help is showing.
  public var isShowingHelp: Bool { help != nil }

  /// Draws the collection view, the subclass's accessories, the status bar in reverse video
  /// under them, and the key help over everything while it shows.
  open override func draw(into surface: any Surface) {
    super.draw(into: surface)
    drawAccessories(into: surface)
    guard surface.rows > 0 else { return }
    let bar = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1))
    let style = TextStyle(attributes: .reverse)
    bar.fill(style: style)
    bar.text(" " + statusText, column: 0, row: 0, maxWidth: surface.columns, style: style)
    drawHelp(into: surface)
  }

  /// Draws what the demo shows besides its collection view and status bar (a hint line, the
  /// recycling counters); under the key help.
  open func drawAccessories(into surface: any Surface) {}

  /// The key help over everything, while it shows.
  private func drawHelp(into surface: any Surface) {
    guard var panel = help else { return }
    panel.draw(into: surface)
    help = panel
  }

  /// What the help says after the keys: how a demo's Enter and Esc differ from the browser's.
  open var helpNote: [String] {
    [
      "Unlike the browser, where Enter opens a record and Esc backs out,",
      "a demo's Enter selects and its Esc quits: there is nothing to back out of.",
    ]
  }

  /// The key help as a panel of two columns: the keys in bold, then what they do.
  func makeHelp() -> KeyHelpPanel {
    KeyHelpPanel(title: helpTitle, bindings: keyBindings, note: helpNote)
  }

  /// `?` shows the key help; while it shows, the scrolling keys scroll it and any other key
  /// closes it. Everything else is the collection view controller's.
  open override func handle(_ event: InputEvent) -> SceneResponse {
    if var panel = help, case .key(let key) = event {
      if panel.handle(key) {
        help = panel
      } else {
        help = nil
      }
      return .continue
    }
    if case .key(.character("?")) = event, !keyBindings.isEmpty {
      help = makeHelp()
      return .continue
    }
    return super.handle(event)
  }
}
