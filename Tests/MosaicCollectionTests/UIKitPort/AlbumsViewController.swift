import Foundation
import MosaicCollection
import MosaicLayout

/// The controller of the client-port suite, written as "Collection View Basics" builds one: a
/// `CollectionViewController` subclass that is (by adopting the protocols) its collection
/// view's data source and delegate,
/// over an array of sections (albums of photos), registering a cell class and a header class and
/// dequeuing them by identifier. The delegate methods record what they are told, in order.
final class AlbumsViewController: CollectionViewController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// One section: a titled album of photo names.
  struct Album {
    var title: String
    var photos: [String]
  }

  static let photoID = "photo"
  static let albumHeaderID = "album"

  var albums: [Album]
  var events: [String] = []
  /// Items the delegate refuses to select.
  var unselectable: Set<IndexPath> = []

  /// A 30 × rows screen: three 8-column photos a line, 3 columns apart, a one-row header per
  /// album and a blank row after it (the standard 8 × 16-point cells).
  init(albums: [Album], layout: FlowLayout = FlowLayout()) {
    self.albums = albums
    layout.itemSize = Size(width: 64, height: 16)
    layout.minimumInteritemSpacing = 24
    layout.minimumLineSpacing = 0
    layout.headerReferenceSize = Size(width: 0, height: 16)
    layout.sectionInset = EdgeInsets(bottom: 16)
    super.init(collectionViewLayout: layout)
    // viewDidLoad: register the classes.
    collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: Self.photoID)
    collectionView.register(
      AlbumHeader.self, forSupplementaryViewOfKind: ElementKind.sectionHeader,
      withReuseIdentifier: Self.albumHeaderID)
    // A kind of supplementary view only some layouts ask for (see ShelfLayout).
    collectionView.register(
      BadgeView.self, forSupplementaryViewOfKind: BadgeView.kind,
      withReuseIdentifier: BadgeView.kind)
    // No `dataSource = self`: as UIKit's, the controller takes the roles it adopts.
  }

  /// The screen after one frame.
  func screen(columns: Int = 30, rows: Int) -> String {
    let surface = MemorySurface(columns: columns, rows: rows)
    draw(into: surface)
    return surface.text
  }

  // MARK: UICollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { albums.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    albums[section].photos.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.photoID, for: indexPath)
    // The guide's cells are typed by a cast after a dequeue by identifier.
    if let photo = cell as? PhotoCell {
      photo.name = albums[indexPath.section].photos[indexPath.item]
    }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> ReusableView {
    if kind == BadgeView.kind {
      let badge = collectionView.dequeueReusableSupplementaryView(
        BadgeView.self, ofKind: kind, withReuseIdentifier: BadgeView.kind, for: indexPath)
      badge.count = albums[indexPath.section].photos.count
      return badge
    }
    let header = collectionView.dequeueReusableSupplementaryView(
      AlbumHeader.self, ofKind: kind, withReuseIdentifier: Self.albumHeaderID, for: indexPath)
    header.title = albums[indexPath.section].title
    return header
  }

  // MARK: UICollectionViewDelegate

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldHighlight \(indexPath.section).\(indexPath.item)")
    return true
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    events.append("didHighlight \(indexPath.section).\(indexPath.item)")
    // The guide's highlight listing: change the cell's look from the delegate.
    (collectionView.cellForItem(at: indexPath) as? PhotoCell)?.marker = "*"
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    events.append("didUnhighlight \(indexPath.section).\(indexPath.item)")
    (collectionView.cellForItem(at: indexPath) as? PhotoCell)?.marker = " "
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldSelect \(indexPath.section).\(indexPath.item)")
    return !unselectable.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    events.append("didSelect \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldDeselect \(indexPath.section).\(indexPath.item)")
    return true
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    events.append("didDeselect \(indexPath.section).\(indexPath.item)")
  }
}

/// A photo cell: its name after a one-column marker, `[`…`]` around it while selected.
final class PhotoCell: CollectionViewCell {
  var name = ""
  var marker: Character = " "

  override func prepareForReuse() {
    super.prepareForReuse()
    name = ""
    marker = " "
  }

  override func draw(in canvas: Canvas) {
    canvas.put(marker, column: 0, row: 0)
    let text = isSelected ? "[\(name)]" : name
    canvas.text(text, column: 1, row: 0, maxWidth: canvas.columns - 1)
  }
}

/// An album header: its title between rules.
final class AlbumHeader: ReusableView {
  var title = ""

  override func prepareForReuse() {
    super.prepareForReuse()
    title = ""
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(with: "─")
    canvas.text(" \(title) ", column: 2, row: 0)
  }
}

/// A section's photo count, in parentheses at its right edge.
final class BadgeView: ReusableView {
  static let kind = "badge"
  var count = 0

  override func draw(in canvas: Canvas) {
    canvas.fill()
    let text = "(\(count))"
    canvas.text(text, column: canvas.columns - text.count, row: 0)
  }
}
