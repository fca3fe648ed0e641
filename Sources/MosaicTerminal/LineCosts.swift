import CNcurses

/// The bytes of sending lines, worked out cell by cell once and remembered by the lines'
/// digests (`mosaic_cells_digest`) from one frame to the next.
///
/// A scrolling frame weighs every line of a scroll hint where it stands, over the line a shift
/// would bring there, and over a blank line. One row further on, the next frame weighs almost
/// the same pairs of lines again (the content moved by a row, and so did every pair in it), so
/// only the pairs and lines new to it are worked out. A digest standing for a line is a
/// shortcut for an estimate, never for drawing: curses compares the cells themselves when it
/// sends the frame. UIKit has no counterpart.
struct LineCosts {
  private struct Pair: Hashable {
    var new: UInt64
    var old: UInt64
  }

  /// Past this many remembered costs of either kind, all are forgotten: a frame weighs about
  /// three per line, and what is remembered only serves the next few frames.
  static let limit = 1024

  private var overLine = [Pair: Int32](minimumCapacity: limit)
  private var overBlank = [UInt64: Int32](minimumCapacity: limit)
  /// The blank cell the remembered costs were worked out against (curses' plain space, the same
  /// on every frame); another one forgets them all.
  private var blankWord: UInt64?

  /// Forgets every cost worked out against another blank cell than `blank`.
  private mutating func use(_ blank: UnsafePointer<cchar_t>) {
    let word = UInt64(mosaic_cells_digest(blank, 1))
    if word == blankWord { return }
    overLine.removeAll(keepingCapacity: true)
    overBlank.removeAll(keepingCapacity: true)
    blankWord = word
  }

  /// The bytes of sending the line `new` (digest `newDigest`) over the line `old` (digest
  /// `oldDigest`) where it stands, `columns` cells each (see `mosaic_cells_cost`): none for lines
  /// alike.
  mutating func cost(
    of new: UnsafePointer<cchar_t>, digest newDigest: UInt64, over old: UnsafePointer<cchar_t>,
    digest oldDigest: UInt64, blank: UnsafePointer<cchar_t>, columns: Int32
  ) -> Int {
    if newDigest == oldDigest { return 0 }
    use(blank)
    let pair = Pair(new: newDigest, old: oldDigest)
    if let known = overLine[pair] { return Int(known) }
    let cost = mosaic_cells_cost(new, old, blank, columns)
    if overLine.count >= Self.limit { overLine.removeAll(keepingCapacity: true) }
    overLine[pair] = cost
    return Int(cost)
  }

  /// The bytes of sending the line `new` (digest `digest`) over a line of `blank` cells.
  mutating func costOverBlank(
    of new: UnsafePointer<cchar_t>, digest: UInt64, blank: UnsafePointer<cchar_t>,
    columns: Int32
  ) -> Int {
    use(blank)
    if let known = overBlank[digest] { return Int(known) }
    let cost = mosaic_cells_cost(new, nil, blank, columns)
    if overBlank.count >= Self.limit { overBlank.removeAll(keepingCapacity: true) }
    overBlank[digest] = cost
    return Int(cost)
  }
}
