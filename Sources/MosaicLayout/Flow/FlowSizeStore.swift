/// The item sizes of a per-item section, in line/scroll terms, stored as compactly as exactness
/// allows.
///
/// Sizes are interleaved (length, thickness). They are kept as `Float` when every value
/// converts to `Float` and back unchanged, which is the common case (whole and half points),
/// and as `Double` otherwise, so frames stay exact binary64 (flow-layout.md rule 12) at half
/// the memory when they can.
enum FlowSizeStore {
  /// Both extents of every item, exactly representable in binary32.
  case single([Float])
  /// Both extents of every item, when some value needs binary64.
  case double([Double])

  /// Builds the store from interleaved (length, thickness) pairs.
  init(interleaved values: [Double], fitsInFloat: Bool) {
    if fitsInFloat {
      self = .single(values.map { Float($0) })
    } else {
      self = .double(values)
    }
  }

  /// The line-axis extent of item `i`.
  @inline(__always)
  func length(_ i: Int) -> Double {
    switch self {
    case .single(let values): return Double(values[2 &* i])
    case .double(let values): return values[2 &* i]
    }
  }

  /// The scroll-axis extent of item `i`.
  @inline(__always)
  func thickness(_ i: Int) -> Double {
    switch self {
    case .single(let values): return Double(values[2 &* i &+ 1])
    case .double(let values): return values[2 &* i &+ 1]
    }
  }

  /// The bytes the stored values take.
  var storageBytes: Int {
    switch self {
    case .single(let values): return values.capacity * MemoryLayout<Float>.stride
    case .double(let values): return values.capacity * MemoryLayout<Double>.stride
    }
  }
}
