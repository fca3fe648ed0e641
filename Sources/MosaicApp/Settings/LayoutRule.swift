import MosaicData

/// The layout a source opens in when nothing chose one (no `--layout`, `MOSAIC_LAYOUT` or
/// config file): the table for tabular data, cards for nested or narrow records.
///
/// - CSV, TSV and stores that arrange themselves (SQLite tables and queries, and any server
///   table to come) open as the table: every record has the same fields, which a row per
///   record and a column per field show whole, where a card shows its title and three.
/// - Other records (JSON, JSON Lines) open as the table too when they are flat and have more
///   fields than a card shows (`cardFieldLimit`); as cards when the file defines its own
///   sections, when one of the first `sampleSize` records holds a nested object or array (a
///   column of JSON text reads worse than a card's lines), or when they have
///   `cardFieldLimit` fields or fewer (a card then shows them all).
/// - The card options (`--columns`, `--item-size`) choose cards: they size nothing else.
/// - Records of more than `tableFieldLimit` fields open as cards whatever their format: the
///   table measures every column of the rows around the screen, which for 100,000 fields is
///   millions of values before the first frame, while a card reads the few fields it shows.
///
/// UIKit has no counterpart: it is the choice an app makes of its initial layout.
public enum LayoutRule {
  /// The most fields records may have and still open as cards: a default card shows its title
  /// and three more.
  public static let cardFieldLimit = 4
  /// How many of the first records are looked at for a nested value.
  public static let sampleSize = 100
  /// The most fields records may have and open as the table.
  public static let tableFieldLimit = 1000

  /// The layout `source` opens in; `cardOptionsGiven` says that `--columns` or `--item-size`
  /// was given.
  ///
  /// - Complexity: O(the first `sampleSize` records' length) for JSON; O(1) otherwise.
  public static func style(for source: any RecordSource, cardOptionsGiven: Bool = false)
    -> BrowserLayoutStyle
  {
    if cardOptionsGiven || source.fieldNames.count > tableFieldLimit { return .grid }
    let capabilities = source.capabilities
    if capabilities.isDelimitedText || capabilities.arranging != nil { return .table }
    if source.definedSections != nil { return .grid }
    if source.fieldNames.count <= cardFieldLimit { return .grid }
    return hasNestedValues(source) ? .grid : .table
  }

  /// Whether one of the first `sampleSize` records read so far holds a nested object or array.
  static func hasNestedValues(_ source: any RecordSource) -> Bool {
    for record in 0..<min(source.recordCount, sampleSize) {
      for value in source.typedValues(record) {
        if case .json = value { return true }
      }
    }
    return false
  }
}
