/// The thickness of every line of a self-sizing section, stored sparsely: a line not stored is
/// as thick as the estimate.
///
/// Lines are grouped in blocks of 64. A block holding a line whose thickness differs from the
/// estimate gets a chunk of 64 thicknesses in one flat pool; a Fenwick tree over the blocks
/// holds each block's excess (the sum of its lines' thickness − estimate), allocated on the
/// first line that differs (8 bytes per block: 1.25 MB for ten million lines). So the excess
/// of the lines before any line is a Fenwick prefix plus a walk of at most 63 chunk entries,
/// and changing one line's thickness is O(log b) for b blocks.
struct FlowLineThicknesses {
  /// log2 of the lines per block.
  static let blockShift = 6
  /// The lines per block.
  static let blockSize = 1 << blockShift

  /// The number of lines.
  let lineCount: Int
  /// The thickness of a line not stored.
  let estimate: Double
  /// The number of blocks, `ceil(lineCount / 64)`.
  let blockCount: Int
  /// The chunk of each block that holds a line differing from the estimate: its first index
  /// in `pool`.
  private var chunkOf: [Int: Int] = [:]
  /// The chunks, 64 thicknesses each, in the order they were made.
  private var pool: [Double] = []
  /// The Fenwick tree (1-based) of the blocks' excesses; empty until a line differs.
  private var tree: [Double] = []
  /// The sum of every line's excess.
  private(set) var totalExcess = 0.0

  /// Every line as thick as `estimate`.
  init(lineCount: Int, estimate: Double) {
    self.lineCount = lineCount
    self.estimate = estimate
    blockCount = (lineCount + Self.blockSize - 1) >> Self.blockShift
  }

  /// The thickness of `line`.
  @inline(__always)
  func thickness(ofLine line: Int) -> Double {
    guard !chunkOf.isEmpty, let chunk = chunkOf[line >> Self.blockShift] else { return estimate }
    return pool[chunk + (line & (Self.blockSize - 1))]
  }

  /// Sets the thickness of `line`.
  ///
  /// - Complexity: O(log b) for b blocks; the first line that differs allocates the tree
  ///   (O(b), once).
  mutating func setThickness(_ thickness: Double, ofLine line: Int) {
    let block = line >> Self.blockShift
    let chunk: Int
    if let existing = chunkOf[block] {
      chunk = existing
    } else {
      if thickness == estimate { return }
      chunk = pool.count
      pool.append(contentsOf: repeatElement(estimate, count: Self.blockSize))
      chunkOf[block] = chunk
    }
    let slot = chunk + (line & (Self.blockSize - 1))
    let old = pool[slot]
    guard old != thickness else { return }
    pool[slot] = thickness
    let change = (thickness - estimate) - (old - estimate)
    if tree.isEmpty { tree = [Double](repeating: 0, count: blockCount + 1) }
    var index = block + 1
    while index <= blockCount {
      tree[index] += change
      index += index & -index
    }
    totalExcess += change
  }

  /// The sum of the excesses of lines `0..<line`, always summed in the same order (blocks by
  /// the tree, then the block's own lines one by one), so every caller gets the same value.
  ///
  /// - Complexity: O(log b + 64).
  func excess(before line: Int) -> Double {
    guard !tree.isEmpty else { return 0 }
    let block = line >> Self.blockShift
    var sum = 0.0
    var index = block
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    if let chunk = chunkOf[block] {
      for slot in chunk..<(chunk + (line & (Self.blockSize - 1))) { sum += pool[slot] - estimate }
    }
    return sum
  }

  /// The excess of `line` alone, as `excess(before:)` adds it in its walk.
  @inline(__always)
  func excess(ofLine line: Int) -> Double { thickness(ofLine: line) - estimate }

  /// The last block whose first line starts at or before `position`, for lines starting at
  /// `linesStart` and `pitch` (estimate + line spacing, ≥ 0) apart plus the excesses: a descent
  /// of the Fenwick tree, O(log b). Rounding may put it one block late; the caller checks.
  func block(startingAtOrBefore position: Double, linesStart: Double, pitch: Double) -> Int {
    guard blockCount > 1 else { return 0 }
    let blockPitch = Double(Self.blockSize) * pitch
    if tree.isEmpty {
      guard blockPitch > 0 else { return 0 }
      return flowFloorIndex((position - linesStart) / blockPitch, in: 0...(blockCount - 1))
    }
    var found = 0
    var sum = 0.0
    var step = 1
    while step * 2 <= blockCount { step *= 2 }
    while step > 0 {
      let next = found + step
      if next < blockCount {
        let start = linesStart + Double(next) * blockPitch + (sum + tree[next])
        if start <= position {
          found = next
          sum += tree[next]
        }
      }
      step >>= 1
    }
    return found
  }

  /// The bytes stored (capacities; the dictionary counts its keys and values).
  var storageBytes: Int {
    (pool.capacity + tree.capacity) * MemoryLayout<Double>.stride
      + chunkOf.capacity * 2 * MemoryLayout<Int>.stride
  }
}
