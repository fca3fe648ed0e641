import MosaicCollection

/// The built-in demos of `mosaic demo NAME`: uniform cards in numbers large
/// enough to show that only the visible ones cost anything.
public enum Demo: String, CaseIterable, Sendable {
  /// 10 000 cards in 100 sections, each with a pinned header and a footer.
  case grid
  /// 1 000 000 cards in one section.
  case million

  /// One line saying what the demo shows, for `mosaic demo` without a name.
  public var summary: String {
    switch self {
    case .grid: return "10 000 cards in 100 sections with pinned headers and footers"
    case .million: return "1 000 000 cards in one section"
    }
  }

  /// A fresh scene running the demo.
  public func makeScene() -> DemoScene {
    switch self {
    case .grid:
      return DemoScene(
        title: "grid", sections: 100, itemsPerSection: 100, hasHeadersAndFooters: true)
    case .million:
      return DemoScene(
        title: "million", sections: 1, itemsPerSection: 1_000_000, hasHeadersAndFooters: false)
    }
  }
}
