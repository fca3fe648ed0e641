import MosaicApp

/// The lines `mosaic` writes on standard error, before the browser opens, for an option the
/// chosen layout does not use: `--columns` with `--layout list` is otherwise silently nothing.
///
/// The browser still starts: the option is kept, and takes effect when `v` switches to a layout
/// that uses it (the grid for `--columns` and `--item-size auto`, the grid and the horizontal
/// layout for `--item-size WIDTHxHEIGHT`). The lines stay on the screen the browser leaves.
enum IgnoredOptionNotice {
  /// One line per option given that `layout`, chosen by `origin` (`--layout list`,
  /// `MOSAIC_LAYOUT=list`, …), ignores; none when every option applies.
  static func lines(
    layout: BrowserLayoutStyle, origin: String, columnsGiven: Bool, itemSize: CellSizeArgument?
  ) -> [String] {
    var lines: [String] = []
    let prefix = "mosaic: note: \(origin) ignores"
    if columnsGiven && layout != .grid {
      lines.append("\(prefix) --columns, which sets the grid's columns (v switches to the grid)")
    }
    switch itemSize {
    case .automatic where layout != .grid:
      lines.append(
        "\(prefix) --item-size auto, which sizes the grid's cards (v switches to the grid)")
    case .fixed where layout == .list || layout == .table:
      lines.append(
        "\(prefix) --item-size, whose rows span the screen; the grid and horizontal layouts "
          + "use it (v switches)")
    default: break
    }
    return lines
  }
}
