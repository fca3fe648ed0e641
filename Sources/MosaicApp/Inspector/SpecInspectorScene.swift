import MosaicCollection
import MosaicLayout
import MosaicLayoutSpec

/// The scene of `mosaic inspect SPEC`: a layout spec's elements as placeholder views labelled
/// with their index paths, with the inspector over them.
///
/// UIKit has no counterpart; think of a storyboard preview of a flow layout. The layout is
/// computed for the spec's `bounds` exactly as `mosaic layout` computes it, so every frame and
/// cell rect matches that command's output. The collection view is a region of the spec's size
/// in cells at the screen's top-left corner; a smaller terminal shows as much of it as fits and
/// the view scrolls (along either axis) over the rest, a larger one leaves the region's right
/// and bottom edges drawn. The bottom row is a status bar.
///
/// Keys: arrows, `h` `j` `k` `l`, Page Up/Down, Home/End move the focus (and scroll); Enter
/// selects; `i` toggles the inspector panel (on at start), `o` the outlines; `?` opens the key
/// help (the same panel as the browser's and the demos'; any key closes it); `q` or Escape
/// quits.
public final class SpecInspectorScene: Scene {
  /// The spec shown.
  public let spec: LayoutSpec
  /// How the spec is named in the status bar (its file name).
  public let name: String
  /// The collection view showing the spec's elements.
  public let collectionView: CollectionView
  /// The inspector drawn over the view; its panel is on at start.
  public let inspector = InspectorOverlay(isShowingPanel: true)
  /// The key help, while `?` shows it.
  private var help: KeyHelpPanel?
  /// Whether the key help is showing.
  public var isShowingHelp: Bool { help != nil }

  /// The configured layout, its data source and delegate; the view's layout reads it.
  private let specLayout: SpecLayout
  /// The view's data source; the view holds it weakly.
  private let dataSource: SpecPlaceholderDataSource

  /// The keys `?` lists.
  static let keyBindings: [(keys: String, action: String)] = [
    ("←↓↑→ hjkl", "move the focus (and scroll)"),
    ("PgUp PgDn", "move a screen"),
    ("Home End", "first / last element"),
    ("Enter", "select the focused element"),
    ("i", "show / hide the inspector panel"),
    ("o", "show / hide every element's outline"),
    ("?", "this help"),
    ("q Esc", "quit"),
  ]

  /// Creates the scene for `spec`, named `name` in the status bar.
  ///
  /// - Complexity: O(number of sections); the layout runs on the first frame.
  public init(spec: LayoutSpec, name: String) {
    self.spec = spec
    self.name = name
    specLayout = spec.makeLayout()
    let layout = FixedSizeFlowLayout(source: specLayout.layout, size: spec.bounds)
    collectionView = CollectionView(
      frame: Self.region(of: spec), collectionViewLayout: layout, cellMetrics: spec.cellMetrics)
    dataSource = SpecPlaceholderDataSource(itemCounts: spec.sections.map(\.items))
    dataSource.install(in: collectionView)
  }

  /// The cells the spec's bounds cover under its cell metrics, at the origin (at least 1 × 1).
  static func region(of spec: LayoutSpec) -> CellRect {
    let cells = spec.cellMetrics.cellRect(for: Rect(origin: .zero, size: spec.bounds))
    return CellRect(column: 0, row: 0, columns: max(1, cells.columns), rows: max(1, cells.rows))
  }

  /// The collection view's frame on a surface of `columns` × `rows`: the spec's region, cut to
  /// the screen less the status bar.
  func viewFrame(columns: Int, rows: Int) -> CellRect {
    let region = Self.region(of: spec)
    return CellRect(
      column: 0, row: 0, columns: max(0, min(columns, region.columns)),
      rows: max(0, min(rows - 1, region.rows)))
  }

  /// Whether the collection view is animating (paging, Home and End glide): the run loop then
  /// draws the frames.
  public var isAnimating: Bool { collectionView.hasRunningAnimations }

  /// Draws the view in its region, the region's edges, the inspector, then the status bar.
  public func draw(into surface: any Surface) {
    surface.clear(style: .plain)
    let frame = viewFrame(columns: surface.columns, rows: surface.rows)
    if collectionView.frame != frame { collectionView.frame = frame }
    collectionView.draw(into: surface)
    drawRegionEdges(around: frame, into: surface)
    inspector.draw(over: collectionView, into: surface)
    drawStatusBar(into: surface)
    if var help {
      help.draw(into: surface)
      self.help = help
    }
  }

  /// Marks where the spec's bounds end when the screen has room past them.
  private func drawRegionEdges(around frame: CellRect, into surface: any Surface) {
    let canvas = Canvas(surface: surface)
    let style = TextStyle(attributes: .dim)
    let right = frame.endColumn < surface.columns
    let bottom = frame.endRow < surface.rows - 1
    if right {
      canvas.fill(
        CellRect(column: frame.endColumn, row: frame.row, columns: 1, rows: frame.rows),
        with: "│", style: style)
    }
    if bottom {
      canvas.fill(
        CellRect(column: frame.column, row: frame.endRow, columns: frame.columns, rows: 1),
        with: "─", style: style)
    }
    if right && bottom { canvas.put("┘", column: frame.endColumn, row: frame.endRow, style: style) }
  }

  /// The status bar's text: the spec's name, bounds, counts and the view's offset, or the help.
  public var statusText: String {
    let items = spec.sections.reduce(0) { $0 + $1.items }
    let sections = spec.sections.count
    let bounds = "\(InspectorOverlay.format(spec.bounds))"
    let offset = InspectorOverlay.format(collectionView.contentOffset)
    return "\(name)  bounds \(bounds)  \(sections) section\(sections == 1 ? "" : "s"), "
      + "\(items.groupedDigits()) item\(items == 1 ? "" : "s")  offset \(offset)  ? help"
  }

  /// Draws the status bar on the bottom row, in reverse video.
  private func drawStatusBar(into surface: any Surface) {
    guard surface.rows > 0 else { return }
    let style = TextStyle(attributes: .reverse)
    let canvas = Canvas(
      surface: surface,
      area: CellRect(column: 0, row: surface.rows - 1, columns: surface.columns, rows: 1))
    canvas.fill(style: style)
    canvas.text(" " + statusText, column: 0, row: 0, maxWidth: surface.columns, style: style)
  }

  /// Quits on `q` or Escape; `?` opens the help, which takes the next key (scrolling it, or
  /// closing it); `i` and `o` go to the inspector; keys and the mouse go to the collection
  /// view. A resize needs nothing: each frame fits the view.
  public func handle(_ event: InputEvent) -> SceneResponse {
    if var panel = help, case .key(let key) = event {
      help = panel.handle(key) ? panel : nil
      return .continue
    }
    switch event {
    case .key(.character("q")), .key(.escape): return .quit
    case .key(.character("?")):
      help = KeyHelpPanel(title: "\(name): keys", bindings: Self.keyBindings)
    case .resize: break
    default:
      if inspector.handle(event) { break }
      collectionView.handle(event)
    }
    return .continue
  }
}
