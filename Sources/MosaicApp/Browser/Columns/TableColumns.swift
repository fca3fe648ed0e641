import MosaicData

/// Which fields the table shows, in which order, which one is pinned as its title column, and
/// how much wider or narrower than measured the user made each: the column half of the view
/// (the records half is `BrowserArrangement`). The table, `y` and Ctrl-S read it; `u` puts an
/// earlier one back.
///
/// UIKit has no counterpart; it is what a spreadsheet app keeps of its column headers' hidden
/// and reordered state, beside the fetched results controller's arrangement.
struct TableColumns: Equatable {
  /// Every field the table may show, in column order: the first is the title (pinned) column.
  private(set) var order: [Int]
  /// The fields hidden (`x`), whatever their place in `order`.
  private(set) var hidden: Set<Int> = []
  /// Columns of text added to (or, below zero, taken from) each field's measured width (`+` `-`).
  private(set) var widthChange: [Int: Int] = [:]
  /// The type the user set for each field (`t`); a field not listed has its inferred type.
  private(set) var types: [Int: ValueType] = [:]
  /// The order the table began with, to tell whether the user changed it.
  let original: [Int]

  /// What `t` steps through, after the inferred type (nil) and back to it.
  static let typeCycle: [ValueType?] = [nil, .text, .integer, .decimal, .date, .boolean]

  /// Sets `field`'s type to the next in `typeCycle`, and returns it (nil: inferred again).
  mutating func cycleType(of field: Int) -> ValueType? {
    let now = Self.typeCycle.firstIndex(of: types[field]) ?? 0
    let next = Self.typeCycle[(now + 1) % Self.typeCycle.count]
    types[field] = next
    return next
  }

  /// The fields the user typed as text.
  var textFields: Set<Int> { Set(types.filter { $0.value == .text }.keys) }

  /// The columns of a table showing `fields` in that order, the first pinned.
  init(fields: [Int]) {
    order = fields
    original = fields
  }

  /// The fields on show, in column order: the first is the title column.
  var fields: [Int] { order.filter { !hidden.contains($0) } }

  /// Whether the user hid, moved or pinned a column: `y` and Ctrl-S then write the fields on
  /// show, in their order, rather than every field.
  var isRearranged: Bool { order != original || !hidden.isEmpty }

  /// Hides `field`'s column; false when it is not shown or is the last one on show.
  mutating func hide(_ field: Int) -> Bool {
    guard fields.contains(field), fields.count > 1 else { return false }
    hidden.insert(field)
    return true
  }

  /// Shows `field`'s column again, if it was hidden; returns whether it was.
  mutating func show(_ field: Int) -> Bool {
    hidden.remove(field) != nil
  }

  /// Shows every hidden column again where it was; returns how many came back.
  mutating func showAll() -> Int {
    defer { hidden.removeAll() }
    return hidden.count
  }

  /// Moves `field`'s column `step` places among the columns on show, after the title column
  /// (the title moves with `pin`); returns whether it moved.
  mutating func move(_ field: Int, by step: Int) -> Bool {
    let shown = fields
    guard let place = shown.firstIndex(of: field), place > 0 else { return false }
    let target = place + step
    guard target >= 1, target < shown.count else { return false }
    let other = shown[target]
    guard let from = order.firstIndex(of: field), let to = order.firstIndex(of: other) else {
      return false
    }
    order.remove(at: from)
    order.insert(field, at: to)
    return true
  }

  /// Makes `field` the title (pinned) column, the old title becoming the first column after it;
  /// returns whether that changed anything.
  mutating func pin(_ field: Int) -> Bool {
    guard let from = order.firstIndex(of: field), fields.first != field else { return false }
    hidden.remove(field)
    order.remove(at: from)
    order.insert(field, at: 0)
    return true
  }

  /// Widens (`by` > 0) or narrows `field`'s column by `by` columns of text; returns the change
  /// now in force.
  mutating func changeWidth(of field: Int, by step: Int) -> Int {
    let change = (widthChange[field] ?? 0) + step
    widthChange[field] = change == 0 ? nil : change
    return change
  }

  /// The width `field`'s column shows, in columns of text, given the `measured` one: never
  /// under 1 nor over `TableColumnWidths.widest`.
  func width(of field: Int, measured: Int) -> Int {
    min(max(1, measured + (widthChange[field] ?? 0)), TableColumnWidths.widest)
  }
}
