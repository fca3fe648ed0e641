import Foundation
import MosaicLayout

/// A vertical flow fixture seen in one scroll direction: for `.horizontal`, the transposed
/// fixture, with every frame it produces transposed back.
///
/// This is how one test checks a rule in both directions (flow-layout.md rule 11): write the
/// case and its expectations vertically, run it both ways, and compare in vertical terms.
@MainActor
public struct OrientedFlow {
  /// The fixture actually laid out (the transposition when horizontal).
  public let fixture: FlowFixture
  /// The direction it scrolls in.
  public let direction: ScrollDirection

  /// Runs `vertical` as is, or transposed when `direction` is `.horizontal`.
  public init(_ vertical: FlowFixture, _ direction: ScrollDirection) {
    self.direction = direction
    fixture = direction == .vertical ? vertical : vertical.transposed()
  }

  /// The layout actually queried.
  public var layout: FlowLayout { fixture.layout }

  /// A rectangle in vertical terms, mapped to the layout's own (or back).
  public func map(_ rect: Rect) -> Rect { direction == .vertical ? rect : rect.transposed }

  /// The item frames of `section`, in vertical terms.
  public func itemFrames(section: Int = 0) -> [Rect] {
    fixture.itemFrames(section: section).map(map)
  }

  /// The header's frame of `section`, in vertical terms, or nil when it has none.
  public func header(section: Int = 0) -> Rect? {
    layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section)
    ).map { map($0.frame) }
  }

  /// The footer's frame of `section`, in vertical terms, or nil when it has none.
  public func footer(section: Int = 0) -> Rect? {
    layout.layoutAttributesForSupplementaryView(
      ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: section)
    ).map { map($0.frame) }
  }

  /// The content size, in vertical terms.
  public var contentSize: Size {
    let size = layout.contentSize
    return direction == .vertical ? size : size.transposed
  }

  /// The elements overlapping `rect` (vertical terms), as `kind section.item frame` lines with
  /// frames in vertical terms.
  public func query(_ rect: Rect) -> [String] {
    layout.layoutAttributesForElements(in: map(rect)).map(describe)
  }

  /// Every element, found one by one, described as `query` does.
  public func allElements() -> [String] { fixture.allElements().map(describe) }

  /// `kind section.item (x, y, w × h)` in vertical terms.
  public func describe(_ element: LayoutAttributes) -> String {
    let kind = element.representedElementKind ?? "cell"
    return "\(kind) \(element.indexPath.section).\(element.indexPath.item) \(map(element.frame))"
  }
}
