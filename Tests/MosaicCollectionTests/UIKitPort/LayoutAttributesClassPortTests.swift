import Foundation
import MosaicCollection
import MosaicLayout
import Testing

/// "Using the Flow Layout", table 3-1, third scenario: add attributes of your own through
/// `layoutAttributesClass`. The UIKit recipe: subclass the attributes class with the new
/// property (overriding `copy()` and `isEqual(_:)`), name it in the layout's
/// `layoutAttributesClass`, set the property in the layout's queries, and read it in the view's
/// `apply(_:)`.
final class RatedAttributes: LayoutAttributes {
  /// Stars, 0 to 3.
  var stars = 0

  override func copy() -> LayoutAttributes {
    let copy = super.copy()
    (copy as? RatedAttributes)?.stars = stars
    return copy
  }

  override func isEqual(to other: LayoutAttributes) -> Bool {
    guard let other = other as? RatedAttributes else { return false }
    return super.isEqual(to: other) && stars == other.stars
  }
}

/// A flow layout whose items carry a star rating: the first item of each line gets three, the
/// next two, and so on.
final class RatedLayout: FlowLayout {
  override class var layoutAttributesClass: LayoutAttributes.Type { RatedAttributes.self }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let elements = super.layoutAttributesForElements(in: rect)
    for attributes in elements { rate(attributes) }
    return elements
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    super.layoutAttributesForItem(at: indexPath).map { rate($0) }
  }

  @discardableResult
  private func rate(_ attributes: LayoutAttributes) -> LayoutAttributes {
    guard let rated = attributes as? RatedAttributes, attributes.representedElementCategory == .cell
    else { return attributes }
    rated.stars = 3 - attributes.indexPath.item % 3
    return rated
  }
}

/// A photo cell that shows the stars its attributes carry.
final class RatedPhotoCell: CollectionViewCell {
  var stars = 0

  override func apply(_ layoutAttributes: LayoutAttributes) {
    super.apply(layoutAttributes)
    stars = (layoutAttributes as? RatedAttributes)?.stars ?? 0
  }

  override func draw(in canvas: Canvas) {
    canvas.text(String(repeating: "*", count: stars), column: 1, row: 0)
  }
}

@MainActor @Suite struct LayoutAttributesClassPortTests {
  func make() -> AlbumsViewController {
    let album = AlbumsViewController.Album(title: "Rated", photos: ["a", "b", "c", "d", "e"])
    let controller = AlbumsViewController(albums: [album], layout: RatedLayout())
    controller.collectionView.register(
      RatedPhotoCell.self, forCellWithReuseIdentifier: AlbumsViewController.photoID)
    return controller
  }

  @Test("every element the flow layout makes is of the layout's attributes class")
  func elementsAreOfTheLayoutsClass() throws {
    let controller = make()
    _ = controller.screen(rows: 4)
    let layout = controller.collectionView.collectionViewLayout
    let elements = layout.layoutAttributesForElements(in: controller.collectionView.bounds) ?? []
    #expect(!elements.isEmpty)
    #expect(elements.allSatisfy { $0 is RatedAttributes })
    let header = try #require(
      layout.layoutAttributesForSupplementaryView(
        ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0)))
    #expect(header is RatedAttributes)
  }

  @Test("the cell reads the added attribute in apply(_:) and draws it")
  func cellsDrawTheirStars() {
    let controller = make()
    #expect(
      controller.screen(rows: 3) == """
        ── Rated ─────────────────────
         ***        **         *
         ***        **
        """)
  }

  @Test("copies keep the added attribute and equality compares it")
  func copiesAndEquality() throws {
    let controller = make()
    _ = controller.screen(rows: 3)
    let attributes = try #require(
      controller.collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))
        as? RatedAttributes)
    let copy = try #require(attributes.copy() as? RatedAttributes)
    #expect(copy.stars == 2 && copy.isEqual(to: attributes))
    copy.stars = 0
    #expect(!copy.isEqual(to: attributes))
  }
}
