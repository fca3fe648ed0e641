import ArgumentParser

/// The card arrangements `mosaic browse --layout` offers.
enum BrowseLayoutStyle: String, CaseIterable, ExpressibleByArgument {
  /// A vertical grid of cards.
  case grid
  /// One full-width row per record.
  case list
  /// A grid that scrolls sideways.
  case horizontal
}
