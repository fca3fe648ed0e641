import MosaicData

/// The ways the browser lays its cards out, cycled with `v`.
///
/// UIKit has no counterpart; each is a `UICollectionViewFlowLayout` configuration.
public enum BrowserLayoutStyle: String, CaseIterable, Sendable {
  /// A vertical grid of bordered cards.
  case grid
  /// One full-width, one-line row per record.
  case list
  /// A table: a record per row, a field per column, the header row and the title column pinned.
  case table
  /// A grid of cards that scrolls sideways.
  case horizontal

  /// The style after this one, wrapping around: grid → list → table → horizontal → grid.
  public var next: BrowserLayoutStyle {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }
}

extension BrowserLayoutStyle {
  /// The names `--layout`, `MOSAIC_LAYOUT` and the config file's `layout` take: each style's,
  /// and `cards` for the grid of cards.
  public static let names = allCases.map(\.rawValue) + ["cards"]

  /// The style `name` names (in any case; `cards` is the grid), or nil.
  public init?(name: String) {
    let lowered = name.lowercased()
    if lowered == "cards" {
      self = .grid
    } else if let style = BrowserLayoutStyle(rawValue: lowered) {
      self = style
    } else {
      return nil
    }
  }

  /// Why `name` is no layout, with the nearest name when one is near: `no layout "tabel" (did
  /// you mean table?); the layouts are grid, list, table, horizontal and cards`.
  public static func unknownNameReason(_ name: String) -> String {
    let near = FieldLookup.suggestion(for: name, in: names).map { " (did you mean \($0)?)" } ?? ""
    let list = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    return "no layout \"\(name)\"\(near); the layouts are \(list)"
  }
}
