import MosaicCollection
import MosaicLayout

/// The `tags` demo: a tag cloud in a vertical `FlowLayout` whose items are as wide as their
/// words, sized one by one through the flow delegate's `sizeForItemAt` (the per-item path).
///
/// Enter toggles the focused tag's selection (several may be selected).
public final class TagsDemo: StatusBarController, CollectionViewDataSource, CollectionViewDelegate {
  /// The tags, in order.
  public let words: [String]
  /// The layout's cell metrics, to size tags in whole terminal cells.
  let metrics = CellMetrics.standard

  /// Creates the demo over `words` (`TagWords.all` by default).
  public init(words: [String]? = nil) {
    self.words = words ?? TagWords.all
    let layout = FlowLayout()
    layout.minimumInteritemSpacing = metrics.pointsPerColumn
    layout.minimumLineSpacing = 0
    layout.sectionInset = EdgeInsets(
      top: metrics.pointsPerRow, left: metrics.pointsPerColumn, bottom: metrics.pointsPerRow,
      right: metrics.pointsPerColumn)
    super.init(collectionViewLayout: layout)
    collectionView.register(TagCell.self, forCellWithReuseIdentifier: "tag")
    collectionView.allowsMultipleSelection = true
    collectionView.dataSource = self
    collectionView.delegate = self
    if !self.words.isEmpty { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// "tags │ 288 words │ “swift” 7 wide │ 2 selected │ ? keys · q quits".
  public override var statusText: String {
    var parts = ["tags", "\(words.count) words"]
    if let focused = collectionView.indexPathForFocusedItem, words.indices.contains(focused.item) {
      let word = words[focused.item]
      parts.append("“\(word)” \(CharacterWidth.of(word) + 2) wide")
    }
    parts.append("\(collectionView.indexPathsForSelectedItems.count) selected")
    parts.append("? keys · q quits")
    return parts.joined(separator: " │ ")
  }

  /// "tags: keys".
  public override var helpTitle: String { "tags: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last tag"),
      ("Enter, click", "select or deselect the tag (several can be)"),
      ("wheel", "scroll"),
      ("?", "this help"),
      ("q Esc", "quit"),
    ]
  }

  /// The colour of tag `item`: one of six, from the word, so it stays put as the view scrolls.
  static func color(of word: String) -> TerminalColor {
    let colors: [TerminalColor] = [.red, .green, .yellow, .blue, .magenta, .cyan]
    let sum = word.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }
    return colors[sum % colors.count]
  }

  // MARK: Data source

  /// One tag per word.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { words.count }

  /// A tag cell showing the word.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      TagCell.self, withReuseIdentifier: "tag", for: indexPath)
    cell.word = words[indexPath.item]
    cell.color = Self.color(of: cell.word)
    return cell
  }
}

// The flow delegate in an extension of its own, as UIKit code has it: Swift warns about a
// method that nearly matches one of the protocol's only there.
extension TagsDemo: CollectionViewDelegateFlowLayout {
  /// The word's display width plus a column either side, one row high.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    let columns = CharacterWidth.of(words[indexPath.item]) + 2
    return Size(
      width: Double(columns) * metrics.pointsPerColumn, height: metrics.pointsPerRow)
  }
}
