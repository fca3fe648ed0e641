import Foundation
import MosaicLayout

/// The index strip: when the data source gives `indexTitles(for:)`, a column of them is drawn
/// over the trailing edge of the view; clicking one, or typing its first letter when no other
/// key takes that letter, moves the focus to the item the data source names for it.
///
/// UIKit draws the index over the trailing edge too. The letters the view uses itself (`h` `j`
/// `k` `l`, and `m` with the movement gesture on) stay theirs; their capitals still jump.
extension CollectionView {
  /// The strip for the data source's titles, or nil when it gives none.
  var indexStrip: IndexStrip? {
    guard let titles = dataSource?.indexTitles(for: self), !titles.isEmpty else { return nil }
    return IndexStrip(titles: titles)
  }

  /// The screen cells the strip covers: its width at the view's trailing edge, the full height.
  func indexStripRect(for strip: IndexStrip) -> CellRect {
    let width = min(strip.width, max(0, frame.columns))
    return CellRect(
      column: frame.column + frame.columns - width, row: frame.row, columns: width,
      rows: max(0, frame.rows))
  }

  /// Draws the strip, if any, over what `draw(into:)` drew.
  func drawIndexStrip(into surface: any Surface) {
    guard let strip = indexStrip else { return }
    let rect = indexStripRect(for: strip)
    guard rect.columns > 0, rect.rows > 0 else { return }
    let canvas = Canvas(surface: surface, area: rect)
    canvas.fill(style: backgroundStyle)
    let style = backgroundStyle.adding(.bold)
    for (row, entry) in strip.entries(rows: rect.rows).enumerated() {
      guard let entry else { continue }
      let width = CharacterWidth.of(entry.text)
      canvas.text(
        entry.text, column: max(0, (rect.columns - width + 1) / 2), row: row,
        maxWidth: rect.columns, style: style)
    }
  }

  /// Moves the focus to the item for title `index` of `strip`, scrolled to the top.
  func jump(toIndexTitle index: Int, of strip: IndexStrip) {
    guard let dataSource, strip.titles.indices.contains(index) else { return }
    let path = dataSource.collectionView(
      self, indexPathForIndexTitle: strip.titles[index], at: index)
    guard let item = nearestValidItem(to: path) else { return }
    focusItem(at: item, scrollPosition: scrollsVertically ? .top : .left)
  }

  /// A mouse press on the strip jumps (its release is the strip's too). Nil: not the strip's.
  func handleIndexStripMouse(_ event: InputEvent) -> Bool? {
    guard case .mouse(let mouse) = event, mouse.action == .press || mouse.action == .release,
      let strip = indexStrip
    else { return nil }
    let rect = indexStripRect(for: strip)
    guard rect.contains(column: mouse.column, row: mouse.row) else { return nil }
    if mouse.action == .release {
      guard trackedPress == nil else { return nil }
      pressAwaitsRelease = false
      mouseReleasesAreReported = true
      return true
    }
    cancelTrackedPress()
    if let entry = strip.entries(rows: rect.rows)[mouse.row - rect.row] {
      jump(toIndexTitle: entry.titleIndex, of: strip)
    }
    return true
  }

  /// A typed character no other key took jumps to the first title it starts.
  func handleIndexTitleKey(_ event: InputEvent) -> Bool {
    guard case .key(.character(let character)) = event, let strip = indexStrip,
      let index = strip.titleIndex(forTyped: character)
    else { return false }
    jump(toIndexTitle: index, of: strip)
    return true
  }
}
