import MosaicCollection
import MosaicLayout

/// The `words` demo: the tag words in one section per first letter, with the letters as index
/// titles (a strip along the right edge; click one, or type its letter) and every word movable
/// (`m` grabs, the arrows carry, Enter drops, Escape puts back; or drag it with the mouse).
public final class WordsDemo: StatusBarController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The words of each section, in order; moving a word changes them.
  public private(set) var sections: [[String]]
  /// Each section's letter, the index titles.
  public let letters: [String]
  let metrics = CellMetrics.standard

  /// Creates the demo over `words` (`TagWords.all` by default), sorted into letters.
  public init(words: [String]? = nil) {
    let groups = Dictionary(grouping: words ?? TagWords.all) { $0.prefix(1).uppercased() }
    letters = groups.keys.sorted()
    sections = letters.map { groups[$0, default: []].sorted() }
    let layout = FlowLayout()
    layout.itemSize = Size(width: 16 * metrics.pointsPerColumn, height: metrics.pointsPerRow)
    layout.minimumInteritemSpacing = 2 * metrics.pointsPerColumn
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: metrics.pointsPerRow)
    layout.sectionHeadersPinToVisibleBounds = true
    // Three columns on the right stay clear of the index strip.
    layout.sectionInset = EdgeInsets(
      top: 0, left: metrics.pointsPerColumn, bottom: metrics.pointsPerRow,
      right: 3 * metrics.pointsPerColumn)
    super.init(collectionViewLayout: layout)
    DemoItemCell.register(in: collectionView)
    collectionView.register(
      DemoHeaderView.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: "letter")
    collectionView.installsStandardGestureForInteractiveMovement = true
    collectionView.dataSource = self
    collectionView.delegate = self
    if !sections.isEmpty { collectionView.focusItem(at: IndexPath(item: 0, section: 0)) }
  }

  /// "words │ 288 words under 24 letters │ “swift” S 3 │ m moves · a letter jumps · ? keys · q quits", and
  /// while a word is carried, how to drop it.
  public override var statusText: String {
    let count = sections.reduce(0) { $0 + $1.count }
    var focused: String?
    if let path = collectionView.indexPathForFocusedItem, let word = word(shownAt: path) {
      focused = "“\(word)” \(letters[path.section]) \(path.item + 1)"
    }
    if collectionView.indexPathForInteractivelyMovingItem != nil {
      return status(
        "words", focused.map { "moving \($0)" },
        "arrows carry · Enter drops · Esc puts back")
    }
    return status(
      "words", "\(count) words under \(letters.count) letters", focused,
      "m moves · a letter jumps · ? keys · q quits")
  }

  /// "words: keys".
  public override var helpTitle: String { "words: keys" }

  /// The collection view's keys and the demo's own, as `?` lists them.
  public override var keyBindings: [(keys: String, action: String)] {
    [
      ("←↓↑→ hjkl", "move the focus"),
      ("PgUp PgDn", "move a screen"),
      ("Home End", "first / last word"),
      ("A–Z, click strip", "jump to the letter's first word (the strip on the right)"),
      ("m", "grab the focused word to move it"),
      ("  ←↓↑→ Home End", "carry the grabbed word; the others make way"),
      ("  Enter", "drop it there"),
      ("  Esc", "put it back where it was"),
      ("drag", "move a word with the mouse"),
      ("?", "this help"),
      ("q", "quit (Esc too when no word is carried)"),
    ]
  }

  /// Esc backs out of a move first, as the browser's backs out of a view.
  public override var helpNote: [String] {
    ["As in the browser, Esc backs out first: it puts a carried word back; with none, it quits."]
  }

  /// The word the view shows at `path`, the carried one included.
  func word(shownAt path: IndexPath) -> String? {
    guard let cell = collectionView.cellForItem(at: path) as? DemoItemCell else { return nil }
    return cell.title
  }

  /// While a word is carried, every key and click but `q` is the collection view's (Escape puts
  /// the word back rather than quitting; `q` puts it back and quits).
  public override func handle(_ event: InputEvent) -> SceneResponse {
    guard collectionView.indexPathForInteractivelyMovingItem != nil else {
      return super.handle(event)
    }
    switch event {
    case .resize: return super.handle(event)
    case .key(.character("q")):
      collectionView.cancelInteractiveMovement()
      return .quit
    default: break
    }
    collectionView.handle(event)
    return .continue
  }

  // MARK: Data source

  /// One section per letter.
  public func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  /// The letter's words.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { sections[section].count }

  /// A word.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    DemoItemCell.dequeue(
      from: collectionView, for: indexPath, title: sections[indexPath.section][indexPath.item])
  }

  /// The letter, as the section's header.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      DemoHeaderView.self, ofKind: kind, withReuseIdentifier: "letter", for: indexPath)
    view.isFooter = false
    view.lines = [letters[indexPath.section]]
    return view
  }

  /// Moves the word in the model: out of its old place, into its new one.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    let word = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
    sections[destinationIndexPath.section].insert(word, at: destinationIndexPath.item)
  }

  /// The letters.
  public func indexTitles(for collectionView: CollectionView) -> [String]? { letters }

  /// The letter's first word.
  public func collectionView(
    _ collectionView: CollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath {
    IndexPath(item: 0, section: index)
  }
}
