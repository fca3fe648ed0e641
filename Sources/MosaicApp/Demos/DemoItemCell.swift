import MosaicCollection

/// An item of the flow demos: a box with its title when it is at least three rows high, else
/// the title in brackets on one line.
final class DemoItemCell: CollectionViewCell {
  /// The reuse identifier the demos register it under.
  static let reuseIdentifier = "item"

  var title = ""

  /// Registers the cell with `collectionView` under `reuseIdentifier`.
  static func register(in collectionView: CollectionView) {
    collectionView.register(Self.self, forCellWithReuseIdentifier: reuseIdentifier)
  }

  /// A cell for `indexPath` from `collectionView`'s reuse queue, showing `title`.
  static func dequeue(from collectionView: CollectionView, for indexPath: IndexPath, title: String)
    -> DemoItemCell
  {
    let cell = collectionView.dequeueReusableCell(
      DemoItemCell.self, withReuseIdentifier: reuseIdentifier, for: indexPath)
    cell.title = title
    return cell
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
  }

  override func draw(in canvas: Canvas) {
    let style = TextStyle(attributes: stateAttributes)
    canvas.fill(style: style)
    if canvas.rows >= 3 {
      canvas.box(style: style)
      let width = CharacterWidth.of(title)
      canvas.text(
        title, column: max(1, (canvas.columns - width) / 2), row: canvas.rows / 2,
        maxWidth: max(0, canvas.columns - 2), style: style)
    } else {
      canvas.text("[" + title + "]", column: 0, row: 0, maxWidth: canvas.columns, style: style)
    }
  }
}
