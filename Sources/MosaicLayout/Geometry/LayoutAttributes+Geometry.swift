import Foundation

// The frame is the one stored geometry of an element; centre, size and bounds are views of it,
// so `copy()`, `isEqual(to:)` and subclasses that add stored values need no change.
extension LayoutAttributes {
  /// The centre of the element's frame, in content coordinates; setting it moves the frame and
  /// keeps its size.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes.center`.
  public var center: Point {
    get { Point(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = Point(
        x: newValue.x - frame.size.width / 2, y: newValue.y - frame.size.height / 2)
    }
  }

  /// The size of the element's frame; setting it resizes the frame about its centre.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes.size`.
  public var size: Size {
    get { frame.size }
    set {
      let center = self.center
      frame = Rect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The element in its own coordinates: origin (0, 0) and the frame's size; setting it sets
  /// `size` (about the centre) and ignores the origin.
  ///
  /// UIKit: `UICollectionViewLayoutAttributes.bounds`, whose origin must be (0, 0).
  public var bounds: Rect {
    get { Rect(origin: .zero, size: frame.size) }
    set { size = newValue.size }
  }
}
