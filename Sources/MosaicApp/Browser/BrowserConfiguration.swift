import Foundation
import MosaicCollection
import MosaicData
import MosaicLayout

/// What the browser shows and how, resolved against a data file: field indices instead of the
/// names given on the command line.
///
/// UIKit has no counterpart; it is the state a view controller would be created with.
public struct BrowserConfiguration: Sendable {
  /// The field that names the sections, or nil for one untitled section (or the file's own).
  public var groupField: Int?
  /// The keys the records are sorted by within each section, most significant first; empty for
  /// file order.
  public var sortKeys: [SortKey] = []
  /// The first sort key's field, or nil for file order.
  public var sortField: Int? { sortKeys.first?.field }
  /// Whether the first sort key is descending (`--sort -FIELD`).
  public var sortDescending: Bool { sortKeys.first?.descending ?? false }
  /// The field shown as each card's title.
  public var titleField: Int
  /// The fields shown on each card as `key: value` lines, in order, as many as fit.
  public var cardFields: [Int]
  /// The fields a card shows at the default size.
  public var defaultVisibleFields: Int
  /// The initial arrangement of the cards.
  public var layoutStyle: BrowserLayoutStyle
  /// The card size in points (8 × 16 per cell), or nil for a size fitted to the fields.
  public var itemSize: Size?
  /// The number of grid columns, which sizes the cards to the view's width; nil for a fixed size.
  public var columns: Int?
  /// Whether each card is as tall as its record needs (`--item-size auto`): empty fields are
  /// left out and long values wrap, the card size being only the layout's estimate.
  public var sizesCardsToContent: Bool
  /// Whether the moves the user asks for (a page, `g` `G` Home End, `:N`, `{` `}`, a search
  /// jump) glide there (`--smooth-scroll`); false, the default, lands them at once. Changes that
  /// animate to explain themselves (a layout switch, a batch update) animate either way.
  public var smoothScrolling = false
  /// Where the `/` and `&` prompts' history is kept across runs, or nil to keep it for this
  /// run only (the default: a library user or a test opts in; `mosaic` passes
  /// `defaultHistoryDirectory()`).
  public var historyDirectory: URL?

  /// `$XDG_STATE_HOME/mosaic`, else `~/.local/state/mosaic`: where `mosaic` keeps the prompts'
  /// history; nil when the environment names no home.
  public static func defaultHistoryDirectory() -> URL? { PromptHistory.directory() }
  /// Which values are missing besides empty ones (`--na`): `I` counts them as missing and
  /// never as numbers.
  public var missingValues = MissingValues.empty

  /// The most fields a card that sizes itself shows by default.
  static let automaticFieldLimit = 12

  /// The names that make a field the default title, in order of preference.
  static let titleNames = ["name", "title", "id"]

  /// Resolves the command-line names against `source`'s fields.
  ///
  /// - Parameters:
  ///   - groupBy: `--group-by`; `sort`: `--sort`, keys separated by commas (`-FIELD`
  ///     descending, unless the file has a field named so; a text naming one field whole is that
  ///     field); `title`: `--title`; `fields`: `--fields`;
  ///     `sizesCardsToContent`: `--item-size auto`.
  /// - Throws: `DataError.unknownField` naming the first field the file lacks.
  public init(
    source: any RecordSource, groupBy: String? = nil, sort: String? = nil, title: String? = nil,
    fields: [String]? = nil, layoutStyle: BrowserLayoutStyle = .grid, itemSize: Size? = nil,
    columns: Int? = nil, sizesCardsToContent: Bool = false
  ) throws {
    let names = source.fieldNames
    groupField = try groupBy.map { try source.fieldIndices(named: [$0])[0] }
    if let sort {
      let parts =
        source.fieldIndex(named: sort) != nil ? [sort] : sort.split(separator: ",").map(String.init)
      for part in parts {
        if part.hasPrefix("-"), part.count > 1, source.fieldIndex(named: part) == nil {
          sortKeys.append(
            SortKey(
              field: try source.fieldIndices(named: [String(part.dropFirst())])[0], descending: true
            ))
        } else {
          sortKeys.append(SortKey(field: try source.fieldIndices(named: [part])[0]))
        }
      }
    }
    if let title {
      titleField = try source.fieldIndices(named: [title])[0]
    } else {
      titleField = Self.defaultTitleField(names)
    }
    if let fields {
      cardFields = try source.fieldIndices(named: fields)
      defaultVisibleFields = cardFields.count
    } else {
      // The title and the group are shown already (on the card and in its section's header).
      let shown = [titleField, groupField]
      cardFields = names.indices.filter { !shown.contains($0) }
      // Cards that size themselves show what a record has; fixed ones, a first few fields.
      defaultVisibleFields = min(
        sizesCardsToContent ? Self.automaticFieldLimit : 3, cardFields.count)
    }
    self.layoutStyle = layoutStyle
    self.itemSize = itemSize
    self.columns = columns
    self.sizesCardsToContent = sizesCardsToContent
  }

  /// The field named like a title (`name`, `title`, `id`, in that order, any case), else the
  /// first field.
  static func defaultTitleField(_ names: [String]) -> Int {
    let lowered = names.map { $0.lowercased() }
    for wanted in titleNames {
      if let index = lowered.firstIndex(of: wanted) { return index }
    }
    return 0
  }
}
