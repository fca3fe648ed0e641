import MosaicCollection
import MosaicData
import MosaicLayout

/// The table view's own state: the fields it shows, its measured column widths and where the
/// columns start, the texts read while measuring and not drawn yet, and what the row views read
/// while a frame draws (`BrowserScene+Table` does the work).
///
/// UIKit: a child view controller's state, the table's beside the cards'. It is a value the
/// scene keeps whole, so a reload can hand the widths to the new scene (`BrowserHost`).
struct TableState {
  /// The fields the table may show, which are hidden, their order and the title column
  /// (`TableColumns`): hide, move, pin and widen change it.
  var columns: TableColumns
  /// The fields the table shows, in column order: the title field (the pinned column), then
  /// the others on show.
  var fields: [Int] { columns.fields }
  /// The column widths, measured around the rows shown (they only grow).
  var widths = TableColumnWidths()
  /// Where the table layout's columns start, in cells, then where the last ends: what the row
  /// cells draw their values by, worked out when the widths change rather than once a row.
  var columnStarts: [Int] = []
  /// The texts of rows measured and not drawn yet, for their rows to draw without reading the
  /// records again.
  var textCache = TableTextCache()
  /// What the columns were last measured for: the same key measures nothing new.
  var measured: MeasureKey?
  /// What the sample of records spread over the view was last measured for
  /// (`BrowserScene.measureTableSample`).
  var sampled: SampleKey?
  /// The fields whose sampled values that are not missing are all numbers.
  var numericFields: Set<Int> = []
  /// The view's frame, in cells, the columns were last scrolled into place for; another size
  /// (a resize) places them again.
  var placedFor: CellRect?
  /// While the collection view draws (nil otherwise): the last row state the table's values
  /// read, with its row. A row's values draw one after another, and nothing changes the state
  /// during a frame.
  var rowStateCache: (row: IndexPath, state: TableDisplay.RowState)??
  /// While the collection view draws a frame in which nothing animates (false otherwise): the
  /// rows stand where the layout put them, on the cleared background.
  var rowsAreSettled = false
  /// Whether the rows may put lines composed ahead (when settled); off, each row draws its
  /// values one by one, as tests compare.
  var rowsMayComposeLines = true

  /// The state of a table showing `fields`, nothing measured yet.
  init(fields: [Int]) {
    columns = TableColumns(fields: fields)
  }

  /// What the widths' sample depends on: the records on show (the source, their arrangement,
  /// how many there are: exactly while all are sampled, else within a factor of two, so that a
  /// file being indexed is sampled again a few times, not on every tick) and the columns.
  struct SampleKey: Equatable {
    var source: ObjectIdentifier
    var arrangement: BrowserArrangement
    var size: Int
    var fields: [Int]
  }

  /// What measuring the columns depends on: the headers' widths on the sort mark, the screen's
  /// width and the field names (which a file being indexed may still learn); the rows' on the
  /// rows around the view, found from its bounds in the layout.
  struct MeasureKey: Equatable {
    /// What the headers' widths depend on.
    struct Headers: Equatable {
      /// The sort keys, whose marks widen their headers.
      var sortKeys: [SortKey]
      /// The screen's width, which caps the title column.
      var screenColumns: Int
      /// The columns the widths have room for.
      var columns: Int
      /// The arrangement's version and size, and the source (a reload or a growing file).
      var version: Int
      var total: Int
      var source: ObjectIdentifier
    }
    var headers: Headers
    /// The layout measured for, by identity (a new layout starts over).
    var layout: ObjectIdentifier
    /// The view's bounds, in points, which decide the rows around the screen.
    var bounds: Rect
    /// The view's height in rows, which decides how far around the screen.
    var screenRows: Int
    /// The rows measured, as `TableColumnWidths.measured` said after measuring.
    var measured: Range<Int>?
  }
}
