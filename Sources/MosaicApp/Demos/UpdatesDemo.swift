import MosaicCollection
import MosaicLayout

/// The `updates` demo: numbered tiles in lettered sections that keys insert, delete, move,
/// renumber and shuffle, and sections that keys insert, delete and move, each change made the
/// UIKit way, in one `performBatchUpdates` block; `v` and `+`/`-` change the layout, animated.
///
/// UIKit: a `UICollectionViewController` over an array, changing it in `performBatchUpdates`.
/// Under `--no-animation` (or with animations off, `a`) every change lands at once, on the same
/// screen the animation ends on.
public final class UpdatesDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// How the tiles are laid out.
  public enum Style: String, Sendable {
    /// Tiles side by side, wrapping into lines.
    case grid
    /// One tile per line, as wide as the view.
    case list
  }

  /// The sections and their tiles.
  public internal(set) var model: UpdatesModel
  /// The layout on show.
  public internal(set) var style = Style.grid
  /// The index of the grid's tile size in `tileSizes`.
  public internal(set) var sizeStep = 1
  /// The rows of a list line.
  public internal(set) var listRows = 1
  /// What the last key did, for the status line: "inserted 35 at A.4".
  public internal(set) var lastChange = "ready"
  /// The inverses of the changes made, newest last, for `u`.
  public internal(set) var undoStack: [UpdatesChange] = []
  /// How many batches have finished (their completion ran), animated or not.
  public internal(set) var finishedBatches = 0

  /// The grid's tile sizes, in cells, smallest first.
  public static let tileSizes = [(6, 3), (8, 3), (10, 3), (12, 5), (16, 5)]
  /// The most changes `u` can undo.
  static let undoLimit = 100
  let metrics = CellMetrics.standard

  /// The one-line key hint above the status line.
  static let hint =
    "i insert · d delete · m M move · s S section · r shuffle · v layout · ? keys"

  /// Every key, as `?` lists it.
  static let bindings: [(keys: String, action: String)] = [
    ("←↓↑→ hjkl", "move the focus"),
    ("PgUp PgDn", "move a screen (animated)"),
    ("Home End", "first / last tile (animated)"),
    ("space Enter", "select / deselect"),
    ("i", "insert a tile after the focus"),
    ("d", "delete the focused (or selected) tiles"),
    ("m M", "move the tile one place on / back"),
    ("e", "renumber the tile (a reload)"),
    ("s S", "insert / delete a section"),
    ("< >", "move the section up / down"),
    ("r", "shuffle the section's tiles"),
    ("v", "grid or list, animated"),
    ("+ -", "bigger / smaller tiles, animated"),
    ("a", "animations on / off"),
    ("u", "undo the last change"),
    ("?", "this help"),
    ("q Esc", "quit"),
  ]

  /// Creates the demo over `model` (`UpdatesModel.initial` by default).
  public init(model: UpdatesModel = .initial) {
    self.model = model
    super.init(collectionViewLayout: FlowLayout())
    // The hint line and the status line.
    contentInsets = (top: 0, bottom: 2)
    collectionView.register(UpdatesTileCell.self, forCellWithReuseIdentifier: "tile")
    collectionView.register(
      DemoHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: "section")
    collectionView.allowsMultipleSelection = true
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.collectionViewLayout = makeLayout()
    if let first = firstItem { collectionView.focusItem(at: first) }
  }

  /// The first tile, in the first section that has one.
  var firstItem: IndexPath? {
    guard let section = model.sections.firstIndex(where: { !$0.items.isEmpty }) else { return nil }
    return IndexPath(item: 0, section: section)
  }

  /// A flow layout for the style: a header line per section, a blank line after it, tiles a
  /// column apart (the grid) or touching (the list), sized by the flow delegate.
  func makeLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.headerReferenceSize = Size(width: 0, height: metrics.pointsPerRow)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = style == .grid ? metrics.pointsPerColumn : 0
    layout.sectionInset = EdgeInsets(
      top: 0, left: metrics.pointsPerColumn, bottom: metrics.pointsPerRow,
      right: metrics.pointsPerColumn)
    return layout
  }

  /// The size of a tile in cells: the grid's step, or a list line as wide as the view.
  var tileCells: (columns: Int, rows: Int) {
    switch style {
    case .grid: return Self.tileSizes[sizeStep]
    case .list: return (max(1, collectionView.frame.columns - 2), listRows)
    }
  }

  // MARK: Drawing

  /// "updates │ inserted 35 at A.4 │ 4 sections · 35 tiles │ 12 at A.3 │ q quits".
  public override var statusText: String {
    var focused: String?
    if let path = collectionView.indexPathForFocusedItem, let number = model.number(at: path) {
      focused = "\(number) at \(model.place(path))"
    }
    let selected = collectionView.indexPathsForSelectedItems.count
    return status(
      "updates", lastChange, "\(model.sections.count) sections · \(model.itemCount) tiles",
      focused, selected > 0 ? "\(selected) selected" : nil,
      View.areAnimationsEnabled ? nil : "no animation", "q quits")
  }

  /// "updates: keys".
  public override var helpTitle: String { "updates: keys" }

  /// Every key, as `?` lists it.
  public override var keyBindings: [(keys: String, action: String)] { Self.bindings }

  /// Draws the hint line above the status line.
  public override func drawAccessories(into surface: any Surface) {
    guard surface.rows > 1 else { return }
    let hint = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 2, columns: surface.columns, rows: 1))
    hint.fill()
    hint.text(
      " " + Self.hint, column: 0, row: 0, maxWidth: surface.columns,
      style: TextStyle(attributes: .dim))
  }

  // MARK: Keys

  /// The demo's keys; the rest (arrows, paging, Enter, the mouse, `?`) are the controller's
  /// and the collection view's. While the help shows, every key is the help's.
  public override func handle(_ event: InputEvent) -> SceneResponse {
    guard !isShowingHelp, case .key(let key) = event, case .character(let character) = key else {
      return super.handle(event)
    }
    switch character {
    case " ": toggleSelection()
    case "i": insertItem()
    case "d": deleteItems()
    case "m": moveItem(forward: true)
    case "M": moveItem(forward: false)
    case "e": renumberItem()
    case "s": insertSection()
    case "S": deleteSection()
    case "<": moveSection(forward: false)
    case ">": moveSection(forward: true)
    case "r": shuffleSection()
    case "v": switchLayout()
    case "+", "=": resizeTiles(larger: true)
    case "-", "_": resizeTiles(larger: false)
    case "a": toggleAnimations()
    case "u": undo()
    default: return super.handle(event)
    }
    return .continue
  }

  /// Selects or deselects the focused tile.
  func toggleSelection() {
    guard let focused = collectionView.indexPathForFocusedItem else { return }
    collectionView.pressItem(at: focused)
  }

  // MARK: Data source

  /// One section per lettered section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { model.sections.count }

  /// The section's tiles.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { model.sections[section].items.count }

  /// A tile showing its number.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      UpdatesTileCell.self, withReuseIdentifier: "tile", for: indexPath)
    cell.number = model.number(at: indexPath) ?? 0
    return cell
  }

  /// "Section B" as the section's header (no count: a batch moves the views on screen without
  /// configuring them again, as UIKit does, so a count would go stale).
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoHeaderView.self, ofKind: kind, withReuseIdentifier: "section", for: indexPath)
    view.isFooter = false
    view.lines = ["Section \(model.sections[indexPath.section].name)"]
    return view
  }
}

// The flow delegate in an extension of its own, as UIKit code has it: Swift warns about a
// method that nearly matches one of the protocol's only there.
extension UpdatesDemo: CollectionViewDelegateFlowLayout {
  /// Every tile the same size: the grid's step, or a list line.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    let cells = tileCells
    return Size(
      width: Double(cells.columns) * metrics.pointsPerColumn,
      height: Double(cells.rows) * metrics.pointsPerRow)
  }
}
