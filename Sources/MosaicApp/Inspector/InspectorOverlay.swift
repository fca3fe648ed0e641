import MosaicCollection
import MosaicLayout

/// A layout inspector drawn over a collection view: a panel of the focused element's geometry,
/// the scroll state and the recycling counters, and outlines of every visible element's frame.
///
/// UIKit has no counterpart; it plays the part of Xcode's view debugger for one collection view.
/// To add it to a scene, keep one overlay and add two lines:
///
/// ```swift
/// if inspector.handle(event) { return .continue }      // in handle(_:): `i` and `o`
/// inspector.draw(over: collectionView, into: surface)  // in draw(into:), after the view
/// ```
///
/// The overlay keeps no reference to the view and reads only its public API, so it can be
/// pointed at any collection view on any frame.
@MainActor
public final class InspectorOverlay {
  /// The width of the panel, border included, unless the surface is narrower or the room
  /// beside the view is between `minimumPanelWidth` and this.
  public static let panelWidth = 42

  /// The narrowest the panel gets to fit beside the view rather than over it.
  public static let minimumPanelWidth = 38

  /// Whether the panel (top-right corner) is drawn.
  public var isShowingPanel: Bool

  /// Whether every visible element's frame is outlined and labelled with its index path.
  public var isShowingOutlines: Bool

  /// The style of the panel's border and title.
  public var panelStyle = TextStyle(attributes: .bold)

  /// The style of the outlines and their labels: thin and dim, so the content stays readable.
  public var outlineStyle = TextStyle(foreground: .cyan, attributes: .dim)

  /// Creates an overlay; both parts are hidden unless asked for.
  public init(isShowingPanel: Bool = false, isShowingOutlines: Bool = false) {
    self.isShowingPanel = isShowingPanel
    self.isShowingOutlines = isShowingOutlines
  }

  /// Toggles the panel on `i` and the outlines on `o`; returns whether the event was one of them.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(.character("i")): isShowingPanel.toggle()
    case .key(.character("o")): isShowingOutlines.toggle()
    default: return false
    }
    return true
  }

  /// Draws the parts that are on over what `view` drew last: the outlines inside the view's
  /// frame, then the panel at the surface's top-right corner, level with the view's top row.
  ///
  /// Call it after `view.draw(into:)` in the same frame, so the counters include that frame.
  /// - Complexity: O(k), k the visible elements.
  public func draw(over view: CollectionView, into surface: any Surface) {
    if isShowingOutlines { drawOutlines(over: view, into: surface) }
    if isShowingPanel { drawPanel(for: view, into: surface) }
  }

  // MARK: Panel

  /// The panel's text, one entry per line, without the border: what `draw(over:into:)` shows.
  ///
  /// Frames are in points (content coordinates, as `mosaic layout` prints them) and in cells
  /// under the view's cell metrics (`x,y w×h` and `column,row columns×rows`).
  /// - Complexity: O(k), k the visible elements.
  public func panelLines(for view: CollectionView) -> [String] {
    let visible = view.layoutAttributesForVisibleElements
    let cells = visible.filter { $0.representedElementCategory == .cell }.count
    let decorations = visible.filter { $0.representedElementCategory == .decorationView }.count
    let supplementary = visible.count - cells - decorations
    let counts =
      "\(visible.count) (\(cells) cells, \(supplementary) suppl."
      + (decorations > 0 ? ", \(decorations) deco.)" : ")")
    let stats = view.statistics
    var focus = "none"
    var frame = "-"
    var cellRect = "-"
    if let indexPath = view.indexPathForFocusedItem {
      focus = Self.label(category: .cell, kind: nil, indexPath: indexPath)
      if let attributes = view.layoutAttributesForItem(at: indexPath) {
        frame = Self.format(attributes.frame)
        // The exact cells, as `mosaic layout` prints them (the drawing mapping saturates edges).
        let metrics = view.cellMetrics
        cellRect =
          (metrics.exactCellRect(for: attributes.frame) ?? metrics.cellRect(for: attributes.frame))
          .description
      }
    }
    let rows: [(String, String)] = [
      ("focus", focus),
      ("frame", frame),
      ("cells", cellRect),
      ("offset", Self.format(view.contentOffset)),
      ("content", Self.format(view.contentSize)),
      ("bounds", Self.format(view.bounds)),
      ("visible", counts),
      ("layout", String(describing: type(of: view.collectionViewLayout))),
      ("views", "\(stats.liveViews) live, \(stats.queuedViews) queued"),
      ("created", "\(stats.viewsCreated) views"),
      ("configure", "\(stats.configureCalls) calls"),
      ("frames", "\(stats.frames)"),
    ]
    return rows.map { key, value in
      key.padding(toLength: 10, withPad: " ", startingAt: 0) + value
    }
  }

  /// Draws the boxed panel, right-aligned on the surface and never wider than it.
  func drawPanel(for view: CollectionView, into surface: any Surface) {
    let lines = panelLines(for: view)
    // Beside the view when the screen has room for the panel there, else over the view's
    // top-right corner.
    let beside = surface.columns - max(0, view.frame.endColumn) - 1
    let preferred =
      beside >= Self.minimumPanelWidth ? min(Self.panelWidth, beside) : Self.panelWidth
    let width = min(preferred, surface.columns)
    guard width >= 2 else { return }
    let top = min(max(0, view.frame.row), max(0, surface.rows - 1))
    let area = CellRect(
      column: surface.columns - width, row: top, columns: width, rows: lines.count + 2)
    let canvas = Canvas(surface: surface, area: area)
    canvas.fill()
    canvas.box(border: .rounded, title: "inspector", style: panelStyle)
    for (row, line) in lines.enumerated() {
      canvas.text(line, column: 2, row: row + 1, maxWidth: max(0, width - 4))
    }
  }

  // MARK: Formatting

  /// The label of an element: `section.item` for a cell, `H0` and `F0` for a section's header
  /// and footer, `kind section` for any other supplementary kind.
  public static func label(category: ElementCategory, kind: String?, indexPath: IndexPath)
    -> String
  {
    let section = indexPath.count > 0 ? indexPath.section : 0
    switch category {
    case .cell:
      return indexPath.count > 1 ? "\(section).\(indexPath.item)" : "\(section)"
    default:
      switch kind {
      case ElementKind.sectionHeader: return "H\(section)"
      case ElementKind.sectionFooter: return "F\(section)"
      default: return "\(kind ?? "?") \(section)"
      }
    }
  }

  /// A length for people to read: whole numbers without a fraction, others rounded to two
  /// decimals with trailing zeros dropped (`33.33`, `67.5`), huge ones in exponent form.
  ///
  /// The panel is read at a glance, and `33.333333333333336` says no more than `33.33`; the
  /// exact values are `mosaic layout`'s. No digit grouping: the comma separates x from y.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    guard abs(value) < 1e15 else { return "\(value)" }
    let hundredths = Int64((abs(value) * 100).rounded())
    guard hundredths != 0 else { return "0" }
    let sign = value < 0 ? "-" : ""
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    let digits =
      fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0" : "") + "\(fraction)"
    return "\(sign)\(whole).\(digits)"
  }

  /// A point as `x,y`.
  static func format(_ point: Point) -> String { "\(format(point.x)),\(format(point.y))" }

  /// A size as `w×h`.
  static func format(_ size: Size) -> String { "\(format(size.width))×\(format(size.height))" }

  /// A rect as `x,y w×h`, the shape of `CellRect`'s description.
  static func format(_ rect: Rect) -> String { "\(format(rect.origin)) \(format(rect.size))" }
}
