import MosaicLayout

/// A rectangle of a surface that a view draws into, in its own coordinates: cell (0, 0) is the
/// view's top-left corner, and nothing drawn lands outside the clip.
///
/// UIKit: the graphics context a view's `draw(_:)` receives, already translated and clipped to
/// the view. Canvas does text layout and wide characters once for every surface: text is drawn
/// by grapheme cluster, each in the cells `CharacterWidth` gives it, and a cluster that a clip
/// edge would cut is drawn as blanks in its visible columns, never in part. A canvas is a cheap
/// value; make sub-areas with `clipped(to:)`.
public struct Canvas {
  /// The surface drawn into.
  public let surface: any Surface
  /// The surface column of this canvas's column 0.
  public let originColumn: Int
  /// The surface row of this canvas's row 0.
  public let originRow: Int
  /// The number of columns of the canvas's own area.
  public let columns: Int
  /// The number of rows of the canvas's own area.
  public let rows: Int
  /// The surface cells that may be drawn, in surface coordinates; always inside the surface.
  let clip: CellRect
  /// Attributes added to every style, as the collection view dims a translucent element.
  var extraAttributes: TextStyle.Attributes = []

  /// Creates a canvas covering the whole surface.
  public init(surface: any Surface) {
    self.init(
      surface: surface,
      area: CellRect(column: 0, row: 0, columns: surface.columns, rows: surface.rows)
    )
  }

  /// Creates a canvas over `area` of the surface (in surface cells), clipped to the surface.
  public init(surface: any Surface, area: CellRect) {
    self.surface = surface
    self.originColumn = area.column
    self.originRow = area.row
    self.columns = max(0, area.columns)
    self.rows = max(0, area.rows)
    let whole = CellRect(column: 0, row: 0, columns: surface.columns, rows: surface.rows)
    self.clip = whole.intersection(
      CellRect(column: area.column, row: area.row, columns: self.columns, rows: self.rows))
  }

  private init(
    surface: any Surface, originColumn: Int, originRow: Int, columns: Int, rows: Int,
    clip: CellRect, extraAttributes: TextStyle.Attributes
  ) {
    self.surface = surface
    self.originColumn = originColumn
    self.originRow = originRow
    self.columns = columns
    self.rows = rows
    self.clip = clip
    self.extraAttributes = extraAttributes
  }

  /// The canvas's own area in its coordinates: (0, 0, columns × rows).
  public var bounds: CellRect { CellRect(column: 0, row: 0, columns: columns, rows: rows) }

  /// The part of the canvas that can actually be drawn, in its coordinates (empty when
  /// the canvas lies wholly outside its parent's clip).
  public var visibleRect: CellRect {
    CellRect(
      column: clip.column - originColumn, row: clip.row - originRow, columns: clip.columns,
      rows: clip.rows)
  }

  /// A canvas for `rect` (in this canvas's coordinates), translated so `rect`'s corner is its
  /// (0, 0) and clipped to both `rect` and this canvas's clip.
  public func clipped(to rect: CellRect) -> Canvas {
    let area = CellRect(
      column: originColumn + rect.column, row: originRow + rect.row, columns: max(0, rect.columns),
      rows: max(0, rect.rows))
    return Canvas(
      surface: surface, originColumn: area.column, originRow: area.row, columns: area.columns,
      rows: area.rows, clip: clip.intersection(area), extraAttributes: extraAttributes)
  }

  /// This canvas with `attributes` added to every style it draws with.
  public func adding(_ attributes: TextStyle.Attributes) -> Canvas {
    var copy = self
    copy.extraAttributes.formUnion(attributes)
    return copy
  }

  /// Draws one grapheme cluster with its left column at `column`, `row`; returns the columns it
  /// takes (0 for a zero-width character, which draws nothing).
  @discardableResult
  public func put(_ glyph: Character, column: Int, row: Int, style: TextStyle = .plain) -> Int {
    let (width, isOneCell) = Canvas.measure(glyph)
    guard width > 0 else { return 0 }
    draw(
      glyph, width: width, isOneCell: isOneCell, surfaceColumn: originColumn + column,
      surfaceRow: originRow + row, style: style)
    return width
  }

  /// Draws `string` on one line from `column`, `row`, and returns the columns it takes, whether
  /// or not all of them are visible.
  ///
  /// Control characters and zero-width characters draw nothing; a cluster takes the columns
  /// `CharacterWidth.of` gives it. Text is cut at the clip, not wrapped, and never inside a
  /// cluster.
  /// - Complexity: O(n) in the length of `string`.
  @discardableResult
  public func text(_ string: String, column: Int, row: Int, style: TextStyle = .plain) -> Int {
    let surfaceRow = originRow + row
    guard surfaceRow >= clip.row, surfaceRow < clip.endRow else {
      return CharacterWidth.of(string)
    }
    var x = originColumn + column
    let start = x
    // Printable ASCII (nearly every string): one column per byte, the visible run in one call.
    let printable = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      let first = max(0, clip.column - x)
      let end = min(bytes.count, clip.endColumn - x)
      if first < end {
        let style = extraAttributes.isEmpty ? style : style.adding(extraAttributes)
        surface.putASCII(
          UnsafeBufferPointer(rebasing: bytes[first..<end]), column: x + first, row: surfaceRow,
          style: style)
      }
      return bytes.count
    }
    if let width = printable ?? nil { return width }
    if string.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII text: one column per printable byte, no grapheme breaking or width lookups.
      let style = extraAttributes.isEmpty ? style : style.adding(extraAttributes)
      for byte in string.utf8 where byte >= 0x20 && byte != 0x7F {
        if x >= clip.column && x < clip.endColumn {
          surface.put(
            Canvas.asciiCharacters[Int(byte)], width: 1, column: x, row: surfaceRow, style: style)
        }
        x += 1
      }
      return x - start
    }
    for character in string {
      let (width, isOneCell) = Canvas.measure(character)
      guard width > 0 else { continue }
      if x + width > clip.column && x < clip.endColumn {
        draw(
          character, width: width, isOneCell: isOneCell, surfaceColumn: x,
          surfaceRow: surfaceRow, style: style)
      }
      x += width
    }
    return x - start
  }

  /// Puts `bytes`, printable ASCII (0x20–0x7E) as the caller guarantees, one column each from
  /// `column`, `row`, cut at the clip: `text(_:column:row:style:)` for a line composed ahead of
  /// time, without looking at its bytes again. UIKit has no counterpart.
  public func putASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, column: Int, row: Int, style: TextStyle = .plain
  ) {
    let surfaceRow = originRow + row
    guard surfaceRow >= clip.row, surfaceRow < clip.endRow else { return }
    let x = originColumn + column
    let first = max(0, clip.column - x)
    let end = min(bytes.count, clip.endColumn - x)
    guard first < end else { return }
    let style = extraAttributes.isEmpty ? style : style.adding(extraAttributes)
    surface.putASCII(
      UnsafeBufferPointer(rebasing: bytes[first..<end]), column: x + first, row: surfaceRow,
      style: style)
  }

  /// The attributes added to every style this canvas draws with (a dimmed element's), none for
  /// most. UIKit has no counterpart (a view's alpha dims its layer).
  public var addedAttributes: TextStyle.Attributes { extraAttributes }

  /// Draws `string` from `column`, `row` in at most `maxWidth` columns, ending it with "…" when
  /// it does not fit; returns the columns used.
  ///
  /// - Complexity: O(n) in the length of `string`.
  @discardableResult
  public func text(
    _ string: String, column: Int, row: Int, maxWidth: Int, style: TextStyle = .plain
  ) -> Int {
    text(Canvas.truncate(string, toWidth: maxWidth), column: column, row: row, style: style)
  }

  /// The 128 ASCII characters, by code, so drawing ASCII text builds no `Character`.
  static let asciiCharacters: [Character] = (0..<128).map {
    Character(Unicode.Scalar(UInt8($0)))
  }

  /// `string` cut to at most `width` columns, ending with "…" when something was cut.
  ///
  /// - Complexity: O(n) in the length of `string`.
  public static func truncate(_ string: String, toWidth width: Int) -> String {
    guard width > 0 else { return "" }
    // No character is wider than its UTF-8 bytes are many, so a string of at most `width`
    // bytes fits without measuring it.
    if string.utf8.count <= width { return string }
    var used = 0
    var fitsBeforeEllipsis = string.startIndex
    var index = string.startIndex
    while index < string.endIndex {
      let w = CharacterWidth.of(string[index])
      if used + w > width {
        return String(string[..<fitsBeforeEllipsis]) + "…"
      }
      used += w
      index = string.index(after: index)
      if used <= width - 1 { fitsBeforeEllipsis = index }
    }
    return string
  }

  /// Fills `rect` (in canvas coordinates; the whole canvas by default) with `character`.
  public func fill(
    _ rect: CellRect? = nil, with character: Character = " ", style: TextStyle = .plain
  ) {
    let area = rect ?? bounds
    let (width, isOneCell) = Canvas.measure(character)
    guard width > 0, !area.isEmpty else { return }
    let firstRow = max(area.row, clip.row - originRow)
    let endRow = min(area.endRow, clip.endRow - originRow)
    guard firstRow < endRow else { return }
    if width == 1 {
      // A one-column cluster is one cell; send it as the cell it is drawn in.
      let glyph = isOneCell ? character : CharacterWidth.cells(of: character)[0].glyph
      // One run per row straight into the surface: the bulk of every frame's cells.
      let firstColumn = max(originColumn + area.column, clip.column)
      let endColumn = min(originColumn + area.endColumn, clip.endColumn)
      guard firstColumn < endColumn else { return }
      let style = extraAttributes.isEmpty ? style : style.adding(extraAttributes)
      surface.fill(
        CellRect(
          column: firstColumn, row: originRow + firstRow, columns: endColumn - firstColumn,
          rows: endRow - firstRow), with: glyph, style: style)
      return
    }
    for row in firstRow..<endRow {
      var column = area.column
      while column < area.endColumn {
        if column + width > area.endColumn {
          // A wide fill cluster that would overflow the rect leaves its last columns blank.
          fill(
            CellRect(column: column, row: row, columns: area.endColumn - column, rows: 1),
            with: " ", style: style)
          break
        }
        draw(
          character, width: width, isOneCell: isOneCell, surfaceColumn: originColumn + column,
          surfaceRow: originRow + row, style: style)
        column += width
      }
    }
  }

  /// Draws a box of Unicode line-drawing characters along the edges of `rect` (the whole canvas
  /// by default), with an optional title in the top edge; the inside is left as it was.
  public func box(
    _ rect: CellRect? = nil, border: BoxBorder = .light, title: String? = nil,
    style: TextStyle = .plain
  ) {
    let area = rect ?? bounds
    guard !area.isEmpty else { return }
    let g = border.glyphs
    if area.rows == 1 {
      fill(area, with: g.horizontal, style: style)
      return
    }
    if area.columns == 1 {
      fill(area, with: g.vertical, style: style)
      return
    }
    let right = area.endColumn - 1
    let bottom = area.endRow - 1
    put(g.topLeft, column: area.column, row: area.row, style: style)
    put(g.topRight, column: right, row: area.row, style: style)
    put(g.bottomLeft, column: area.column, row: bottom, style: style)
    put(g.bottomRight, column: right, row: bottom, style: style)
    if area.columns > 2 {
      let edge = CellRect(
        column: area.column + 1, row: area.row, columns: area.columns - 2, rows: 1)
      fill(edge, with: g.horizontal, style: style)
      fill(
        CellRect(column: edge.column, row: bottom, columns: edge.columns, rows: 1),
        with: g.horizontal, style: style)
    }
    if area.rows > 2 {
      let side = CellRect(column: area.column, row: area.row + 1, columns: 1, rows: area.rows - 2)
      fill(side, with: g.vertical, style: style)
      fill(
        CellRect(column: right, row: side.row, columns: 1, rows: side.rows), with: g.vertical,
        style: style)
    }
    if let title, !title.isEmpty, area.columns > 4 {
      text(
        " " + title + " ", column: area.column + 1, row: area.row, maxWidth: area.columns - 2,
        style: style)
    }
  }

  /// The columns `character` takes and whether it is sent as itself in one cell; one-scalar
  /// characters are answered without looking at their scalars.
  @inline(__always)
  static func measure(_ character: Character) -> (width: Int, isOneCell: Bool) {
    if let width = CharacterWidth.simpleWidth(character) { return (width, true) }
    return CharacterWidth.measure(character)
  }

  /// Puts a cluster whose `width` columns start at `surfaceColumn`, in the cells the terminal
  /// draws it in (`isOneCell`: it is sent as itself, in one cell). A cluster the clip cuts
  /// becomes blanks in the columns that show: it is drawn whole or not at all.
  private func draw(
    _ glyph: Character, width: Int, isOneCell: Bool, surfaceColumn: Int, surfaceRow: Int,
    style: TextStyle
  ) {
    guard surfaceRow >= clip.row, surfaceRow < clip.endRow else { return }
    let style = extraAttributes.isEmpty ? style : style.adding(extraAttributes)
    let firstVisible = max(surfaceColumn, clip.column)
    let endVisible = min(surfaceColumn + width, clip.endColumn)
    guard firstVisible < endVisible else { return }
    guard firstVisible == surfaceColumn && endVisible == surfaceColumn + width else {
      for column in firstVisible..<endVisible {
        surface.put(" ", width: 1, column: column, row: surfaceRow, style: style)
      }
      return
    }
    if isOneCell {
      surface.put(glyph, width: width, column: surfaceColumn, row: surfaceRow, style: style)
      return
    }
    var column = surfaceColumn
    for cell in CharacterWidth.cells(of: glyph) {
      surface.put(cell.glyph, width: cell.width, column: column, row: surfaceRow, style: style)
      column += cell.width
    }
  }
}
