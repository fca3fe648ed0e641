import Foundation
import MosaicLayout

/// A flow layout subclass that adds a decoration view behind each section's items, the usual
/// UIKit recipe (as in UIKit's "Creating Custom Layouts" guide): call `super`, then append
/// attributes of category `.decorationView`.
public final class SectionBackdropLayout: FlowLayout {
  /// The backdrops' element kind.
  public static let kind = "backdrop"
  /// The backdrops' zIndex; UIKit code sets -1 to keep them below the cells.
  public var backdropZIndex = -1
  /// A second decoration kind, added beside each backdrop, that nobody registered a view for.
  public var unregisteredKind: String?

  /// The frame behind the items of `section`: from its first item's top to its last item's
  /// bottom, across the content.
  public func backdropFrame(section: Int) -> Rect? {
    guard let count = dataSource?.numberOfItems(inSection: section), count > 0,
      let first = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
      let last = layoutAttributesForItem(at: IndexPath(item: count - 1, section: section))
    else { return nil }
    return Rect(
      x: 0, y: first.frame.minY, width: contentSize.width,
      height: last.frame.maxY - first.frame.minY)
  }

  public override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
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
