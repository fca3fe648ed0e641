import Foundation
import MosaicCollection

/// A flow layout subclass that adds a decoration view behind each section's items, the usual
/// UIKit recipe: call `super`, then append attributes of category `.decorationView`.
final class SectionBackdropLayout: FlowLayout {
  static let kind = "backdrop"
  /// The backdrops' zIndex; UIKit code sets -1 to keep them below the cells.
  var backdropZIndex = -1
  /// Kinds of extra decorations nobody registered a view for.
  var unregisteredKind: String?

  /// The frame behind the items of `section`: from its first item's top to its last item's
  /// bottom, across the content.
  func backdropFrame(section: Int) -> Rect? {
    guard let count = dataSource?.numberOfItems(inSection: section), count > 0,
      let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
      let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
    else { return nil }
    return Rect(
      x: 0, y: first.frame.minY, width: contentSize.width,
      height: last.frame.maxY - first.frame.minY)
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result = super.layoutAttributesForElements(in: rect)
    for section in 0..<(dataSource?.numberOfSections ?? 0) {
      guard let frame = backdropFrame(section: section), frame.overlapsWithPositiveArea(rect)
      else { continue }
      let backdrop = LayoutAttributes(
        forDecorationViewOfKind: Self.kind, with: IndexPath(item: 0, section: section),
        frame: frame)
      backdrop.zIndex = backdropZIndex
      result.append(backdrop)
      if let unregisteredKind {
        result.append(
          LayoutAttributes(
            forDecorationViewOfKind: unregisteredKind, with: IndexPath(item: 0, section: section),
            frame: frame))
      }
    }
    return result
  }
}
