import MosaicCollection

/// The built-in demos of `mosaic demo NAME`: uniform cards in numbers large
/// enough to show that only the visible ones cost anything.
public enum Demo: String, CaseIterable, Sendable {
  /// 10,000 cards in 100 sections, each with a pinned header and a footer.
  case grid
  /// 1,000,000 cards in one section.
  case million
  /// 1,000,000 rows × 26 columns in a spreadsheet layout, headers pinned both ways.
  case sheet
  /// A tag cloud of a few hundred words, each item as wide as its text.
  case tags
  /// Sections with their own insets, spacings, headers and footers.
  case sections
  /// A flow layout scrolling sideways, with headers pinned to the left.
  case horizontal
  /// Words under their letters: an index strip to jump by, words to move by key or mouse.
  case words
  /// Tiles and sections inserted, deleted and moved on keys, each change animated.
  case updates
  /// Records from a simulated slow server: placeholders first, prefetching the screen ahead.
  case remote
  /// An "App Store" screen on a compositional layout: rows scrolling sideways over a list.
  case compositional
  /// Words filtered as you type: a diffable data source animating each new snapshot.
  case diffable

  /// One line saying what the demo shows, for `mosaic demo` without a name.
  public var summary: String {
    switch self {
    case .grid: return "10,000 cards in 100 sections with pinned headers and footers"
    case .million: return "1,000,000 cards in one section, recycling counters on screen"
    case .sheet: return "1,000,000 rows × 26 columns, header row and column pinned"
    case .tags: return "a tag cloud: a few hundred words, each item sized from its text"
    case .sections: return "sections with their own insets, spacings, headers and footers"
    case .horizontal: return "a flow layout scrolling sideways, section headers pinned left"
    case .words: return "words by letter: jump with the index strip, move words with m"
    case .updates: return "insert, delete, move tiles and sections: batch updates, animated"
    case .remote: return "cards filling in from a slow server, prefetched a screen ahead"
    case .compositional: return "an App Store screen: banners and cards scroll sideways, a list"
    case .diffable: return "type to filter words: each snapshot's difference animates"
    }
  }

  /// What `mosaic demo` prints: a line per demo, its name padded so the summaries line up.
  public static var catalog: String {
    let width = allCases.map(\.rawValue.count).max() ?? 0
    return allCases.map { demo in
      demo.rawValue + String(repeating: " ", count: width - demo.rawValue.count + 2) + demo.summary
    }.joined(separator: "\n")
  }

  /// A fresh scene running the demo; its `collectionView` gives the `--stats` counters.
  @MainActor public func makeScene() -> CollectionViewController {
    switch self {
    case .grid:
      return DemoScene(
        title: "grid", sections: 100, itemsPerSection: 100, hasHeadersAndFooters: true)
    case .million:
      return DemoScene(
        title: "million", sections: 1, itemsPerSection: 1_000_000, hasHeadersAndFooters: false,
        showsCounters: true)
    case .sheet: return SheetDemo()
    case .tags: return TagsDemo()
    case .sections: return SectionsDemo()
    case .horizontal: return HorizontalDemo()
    case .words: return WordsDemo()
    case .updates: return UpdatesDemo()
    case .remote: return RemoteDemo()
    case .compositional: return CompositionalDemo()
    case .diffable: return DiffableDemo()
    }
  }
}
