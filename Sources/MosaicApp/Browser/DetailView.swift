import MosaicCollection
import MosaicData
import MosaicLayout

/// Every field of one record, names aligned and long values wrapped, in a scrolling box.
///
/// UIKit: the detail view controller pushed when a cell is tapped, its body a list-style
/// collection view. The lines are items of a `FlowLayout` one line tall and the box's width, so
/// only the visible lines are configured and drawn; `DetailLines` wraps the values a bounded
/// number of bytes at a time (on open, on `tick()`, and on End), so a record of any size opens
/// at once. The browser shows it over the cards on Enter; Escape goes back.
final class DetailView: CollectionViewDataSource {
  /// The record's number in the source, for tests and the status bar.
  let record: Int
  /// The record's title.
  let title: String
  /// The record's place among those shown ("record 2 of 10"), drawn at the right of the top
  /// edge, where a long title cannot push it out.
  var position: String?
  /// The field names in order.
  let keys: [String]
  /// Each field's text, read in pieces (nil: the record lacks the field).
  private let texts: [FieldText?]
  /// The wrapped lines, rebuilt when the width changes.
  private(set) var lines: DetailLines
  /// The list of lines.
  let collectionView: CollectionView
  private let layout = FlowLayout()
  /// The width of the name column for the current width.
  private var keyWidth = 0
  /// The widest name, measured once.
  private let widestKey: Int
  /// End was the last key and the lines are still being wrapped: stay at the end as they grow.
  private var followsEnd = false

  /// The widest a field name column gets; longer names are cut.
  static let maximumKeyWidth = 24
  /// The style of the field names.
  static let keyStyle = TextStyle(foreground: .cyan)
  /// How much of the values is wrapped at a time: bytes, and time whatever the machine's speed.
  struct Budget {
    /// Bytes before the first frame (and after a change of width).
    var opening = 1 << 20
    /// Bytes on each background tick.
    var tick = 8 << 20
    /// Bytes on End, before going to the last line known.
    var end = 64 << 20
    /// The most seconds the opening or a tick spends: a frame's worth.
    var seconds = 0.04
    /// The most seconds End spends.
    var endSeconds = 0.25
  }

  /// How many bytes of values are wrapped at a time.
  var budget = Budget()
  private static let lineIdentifier = "line"

  /// Creates the detail of `record`, titled `title`, showing `keys` with `texts`.
  init(record: Int, title: String, keys: [String], texts: [FieldText?]) {
    self.record = record
    self.title = title
    self.keys = keys
    self.texts = texts
    widestKey = min(
      Self.maximumKeyWidth,
      keys.lazy.map { CharacterWidth.of(StatusBar.bounded($0, toWidth: Self.maximumKeyWidth)) }
        .max() ?? 0)
    lines = DetailLines(texts: texts, width: 1)
    collectionView = CollectionView(collectionViewLayout: layout)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView.allowsSelection = false
    collectionView.register(DetailLineCell.self, forCellWithReuseIdentifier: Self.lineIdentifier)
    collectionView.dataSource = self
  }

  /// Creates the detail of `record` of `source`, its texts read in one pass over the record.
  convenience init(record: Int, title: String, source: any RecordSource) {
    // Names first: a JSON Lines file still being indexed may learn more before the texts.
    let keys = source.fieldNames
    var texts = Array(source.fieldTexts(record).prefix(keys.count))
    if texts.count < keys.count {
      texts += [FieldText?](repeating: nil, count: keys.count - texts.count)
    }
    self.init(record: record, title: title, keys: keys, texts: texts)
  }

  /// The first line shown.
  var scrollOffset: Int {
    Int((collectionView.contentOffset.y / collectionView.cellMetrics.pointsPerRow).rounded())
  }

  /// The rows of lines the box shows.
  var visibleRows: Int { collectionView.frame.rows }

  /// Whether values are still being wrapped (the line count grows on `tick()`).
  var isIndexing: Bool { !lines.isComplete }

  /// Wraps more of the values; returns whether lines were added.
  func tick() -> Bool {
    guard !lines.isComplete else { return false }
    let before = lines.count
    lines.extend(budget: budget.tick, seconds: budget.seconds)
    guard lines.count != before else { return false }
    collectionView.reloadData()
    if followsEnd { collectionView.scroll(rows: lines.count) }
    return true
  }

  /// Scrolls for a key; returns whether it was a scrolling key.
  func handle(_ key: Key) -> Bool {
    let page = max(1, visibleRows - 1)
    followsEnd = false
    switch key {
    case .up, .character("k"): collectionView.scroll(rows: -1)
    case .down, .character("j"): collectionView.scroll(rows: 1)
    case .pageUp: collectionView.scroll(rows: -page)
    case .pageDown, .character(" "): collectionView.scroll(rows: page)
    // As in less and vi: a screen, half a screen.
    case .control("b"): collectionView.scroll(rows: -page)
    case .control("f"): collectionView.scroll(rows: page)
    case .control("u"): collectionView.scroll(rows: -max(1, visibleRows / 2))
    case .control("d"): collectionView.scroll(rows: max(1, visibleRows / 2))
    case .home, .character("g"): collectionView.scroll(rows: -lines.count)
    case .end, .character("G"):
      if !lines.isComplete {
        lines.extend(budget: budget.end, seconds: budget.endSeconds)
        collectionView.reloadData()
      }
      collectionView.scroll(rows: lines.count)
      followsEnd = !lines.isComplete
    default: return false
    }
    return true
  }

  /// Draws the detail over all of `canvas`: a box, the visible lines, the position.
  func draw(in canvas: Canvas) {
    guard canvas.columns >= 4, canvas.rows >= 3 else { return }
    canvas.fill()
    let positionWidth = position.map { CharacterWidth.of($0) + 2 } ?? 0
    let titleRoom = canvas.columns - 2 - (positionWidth > 0 ? positionWidth + 1 : 0)
    canvas.box(
      border: .rounded, title: Canvas.truncate(title, toWidth: max(1, titleRoom - 2)),
      style: TextPanel.borderStyle)
    if let position, positionWidth + 4 <= canvas.columns {
      canvas.text(
        " \(position) ", column: canvas.columns - 2 - positionWidth, row: 0,
        style: TextPanel.borderStyle)
    }
    let frame = CellRect(
      column: canvas.originColumn + 2, row: canvas.originRow + 1, columns: canvas.columns - 4,
      rows: canvas.rows - 2)
    if frame.columns != collectionView.frame.columns || lines.count == 0 && !lines.isComplete {
      rewrap(width: frame.columns)
    }
    if frame != collectionView.frame { collectionView.frame = frame }
    collectionView.draw(into: canvas.surface)
    let total = lines.count
    if total > frame.rows || !lines.isComplete {
      let first = min(total, scrollOffset + 1)
      let last = min(total, scrollOffset + frame.rows)
      let more = lines.isComplete ? "" : "+"
      let position =
        " \(first.groupedDigits())–\(last.groupedDigits()) of \(total.groupedDigits())\(more) "
      let start = max(1, canvas.columns - 2 - CharacterWidth.of(position))
      canvas.text(position, column: start, row: canvas.rows - 1, style: TextPanel.borderStyle)
    }
  }

  /// Wraps the values again for a text `width`, keeping the first field shown at the top.
  private func rewrap(width: Int) {
    let topField = lines.count > 0 ? lines.field(ofLine: min(scrollOffset, lines.count - 1)) : 0
    keyWidth = min(widestKey, width / 3)
    lines = DetailLines(texts: texts, width: max(1, width - keyWidth - 2))
    lines.extend(budget: budget.opening, seconds: budget.seconds)
    let metrics = collectionView.cellMetrics
    layout.itemSize = Size(
      width: Double(max(1, width)) * metrics.pointsPerColumn, height: metrics.pointsPerRow)
    collectionView.reloadData()
    collectionView.scroll(rows: -lines.count)
    if let line = lines.firstLine(ofField: topField) { collectionView.scroll(rows: line) }
  }

  // MARK: CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    lines.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      DetailLineCell.self, withReuseIdentifier: Self.lineIdentifier, for: indexPath)
    let index = indexPath.item
    guard index < lines.count else { return cell }
    cell.keyWidth = keyWidth
    cell.key = lines.isFirstLine(index) ? keys[lines.field(ofLine: index)] : ""
    cell.value = lines.text(ofLine: index)
    return cell
  }

  /// `text` broken into lines of at most `width` columns, as the detail view wraps a value.
  static func wrap(_ text: String, width: Int) -> [String] {
    let lines = DetailLines(texts: [FieldText(text)], width: width)
    lines.extendToEnd()
    return (0..<lines.count).map(lines.text(ofLine:))
  }
}
