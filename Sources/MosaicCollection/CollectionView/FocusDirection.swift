import MosaicLayout

/// A direction the keyboard focus moves in, with the arithmetic that lets one search serve all
/// four: a rect is projected so "ahead" is always larger values on the primary axis.
enum FocusDirection: CaseIterable {
  case up, down, left, right

  /// Whether the direction runs along y.
  var isVertical: Bool { self == .up || self == .down }

  /// A rect's extent as (lo, hi) on the primary axis, negated for up and left so that ahead is
  /// always larger, and (lo, hi) on the perpendicular axis.
  func project(_ rect: Rect) -> Projection {
    switch self {
    case .down: Projection(lo: rect.minY, hi: rect.maxY, perpLo: rect.minX, perpHi: rect.maxX)
    case .up: Projection(lo: -rect.maxY, hi: -rect.minY, perpLo: rect.minX, perpHi: rect.maxX)
    case .right: Projection(lo: rect.minX, hi: rect.maxX, perpLo: rect.minY, perpHi: rect.maxY)
    case .left: Projection(lo: -rect.maxX, hi: -rect.minX, perpLo: rect.minY, perpHi: rect.maxY)
    }
  }

  /// The rect in content coordinates spanning `lo..<hi` (projected) on the primary axis and
  /// `perpLo..<perpHi` on the other.
  func rect(lo: Double, hi: Double, perpLo: Double, perpHi: Double) -> Rect {
    switch self {
    case .down: Rect(x: perpLo, y: lo, width: perpHi - perpLo, height: hi - lo)
    case .up: Rect(x: perpLo, y: -hi, width: perpHi - perpLo, height: hi - lo)
    case .right: Rect(x: lo, y: perpLo, width: hi - lo, height: perpHi - perpLo)
    case .left: Rect(x: -hi, y: perpLo, width: hi - lo, height: perpHi - perpLo)
    }
  }

  /// A rect seen along a direction.
  struct Projection {
    var lo: Double
    var hi: Double
    var perpLo: Double
    var perpHi: Double
    var mid: Double { (lo + hi) / 2 }
    var perpMid: Double { (perpLo + perpHi) / 2 }

    /// Whether the two overlap on the perpendicular axis with positive length.
    func overlapsAcross(_ other: Projection) -> Bool {
      perpLo < other.perpHi && other.perpLo < perpHi
    }
  }
}
