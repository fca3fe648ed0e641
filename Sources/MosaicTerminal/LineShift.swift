/// A shift of whole screen lines that the terminal performs itself: the lines `top..<bottom`
/// move up by `rows` (down when negative), the ones scrolled out are gone and blank lines
/// arrive at the other end, as in a terminal's scroll region.
///
/// UIKit has no counterpart: Core Animation moves a scrolled layer's pixels without drawing
/// them again, which is what a terminal's scroll region does for lines of text.
struct LineShift: Equatable {
  /// The first line that moves.
  var top: Int
  /// One past the last line that moves.
  var bottom: Int
  /// How far the lines move up; negative: down.
  var rows: Int

  /// The bytes of one shift: set the region, move the cursor into it, scroll, reset the region.
  static let overhead = 25

  /// The line on screen now that line `line` shows after the shift, or nil for a line that
  /// arrives blank; lines outside the region stay.
  func source(of line: Int) -> Int? {
    guard (top..<bottom).contains(line) else { return line }
    let source = line + rows
    return (top..<bottom).contains(source) ? source : nil
  }

  /// How many lines move (and stay on screen).
  var movedLines: Int { bottom - top - abs(rows) }

  /// Whether curses' line-move optimisation sends a move of `moved` lines by `distance`: it
  /// ignores one this short (for noise), and would paint the shifted lines instead of scrolling.
  static func isLongEnough(moved: Int, distance: Int) -> Bool {
    moved >= 3 && moved + min(moved / 8, 2) >= distance
  }

  /// Whether any part of a region of `lines` lines scrolled by `rows` can be shifted: a page
  /// that moves almost all of its lines out cannot, and need not be weighed at all.
  static func canShift(lines: Int, rows: Int) -> Bool {
    rows != 0 && isLongEnough(moved: lines - abs(rows), distance: abs(rows))
  }

  /// Plans the shift for a hint that the lines from `top` on now show `rows` higher (lower when
  /// negative), or nil when no shift costs fewer bytes than updating every line in place.
  ///
  /// Every region inside the hinted one is weighed, so lines at its edges that the frame leaves
  /// as they are (a pinned header), or that cost less updated in place than painted afresh (a
  /// row of cards whose borders stay where they are), stay out of it. The arrays hold, for each
  /// line of the hinted region, the bytes of sending it: over the line now where it stands
  /// (`inPlace`), over the line now `rows` further on (`shifted`; any value where that line is
  /// outside the hinted region), and over a blank line (`blank`).
  ///
  /// - Parameter isMovable: whether a shift can be sent as planned; the cheapest one that can is
  ///   chosen.
  static func plan(
    top: Int, rows: Int, inPlace: [Int], shifted: [Int], blank: [Int],
    isMovable: (LineShift) -> Bool = { _ in true }
  ) -> LineShift? {
    let count = inPlace.count
    let distance = abs(rows)
    guard rows != 0, distance < count, shifted.count == count, blank.count == count else {
      return nil
    }
    let (inPlaceSum, shiftedSum, blankSum) = (sums(inPlace), sums(shifted), sums(blank))
    // The saving of a region start..<end splits into a part of its end and a part of its start,
    // so the best start for each end is the cheapest start far enough above it: one pass over
    // the ends (this runs on every scrolling frame). Ties go to the smaller start, then the
    // smaller end, as in `regions(...)`.
    guard let shortest = (1...count).first(where: { isLongEnough(moved: $0, distance: distance) }),
      shortest + distance <= count
    else { return nil }
    func endPart(_ end: Int) -> Int {
      rows > 0
        ? inPlaceSum[end] - shiftedSum[end - distance] - blankSum[end] + blankSum[end - distance]
        : inPlaceSum[end] - shiftedSum[end]
    }
    func startPart(_ start: Int) -> Int {
      rows > 0
        ? inPlaceSum[start] - shiftedSum[start]
        : inPlaceSum[start] + blankSum[start + distance] - blankSum[start]
          - shiftedSum[start + distance]
    }
    var cheapest = (part: Int.max, start: 0)
    var best: (saving: Int, start: Int, end: Int)?
    for end in (shortest + distance)...count {
      let start = end - shortest - distance
      let part = startPart(start)
      if part < cheapest.part { cheapest = (part, start) }
      let saving = endPart(end) - cheapest.part - overhead
      guard saving > 0 else { continue }
      if let known = best,
        saving < known.saving || (saving == known.saving && cheapest.start >= known.start)
      {
        continue
      }
      best = (saving, cheapest.start, end)
    }
    guard let best else { return nil }
    let shift = LineShift(top: top + best.start, bottom: top + best.end, rows: rows)
    if isMovable(shift) { return shift }
    // Rare: the next best that curses can send, in order of saving (no sort).
    var candidates = regions(
      rows: rows, count: count, inPlaceSum: inPlaceSum, shiftedSum: shiftedSum,
      blankSum: blankSum
    ).filter { $0.start != best.start || $0.end != best.end }
    while let next = candidates.indices.max(by: { candidates[$0].saving < candidates[$1].saving }) {
      let region = candidates[next]
      let shift = LineShift(top: top + region.start, bottom: top + region.end, rows: rows)
      if isMovable(shift) { return shift }
      candidates.swapAt(next, candidates.count - 1)
      candidates.removeLast()
    }
    return nil
  }

  /// The running sums of `values`, from 0.
  private static func sums(_ values: [Int]) -> [Int] {
    var result = [0]
    result.reserveCapacity(values.count + 1)
    for value in values { result.append(result[result.count - 1] + value) }
    return result
  }

  /// Every region of a hinted region of `count` lines scrolled by `rows` that saves bytes, with
  /// what it saves (lines `start..<end`, counted from the top of the hinted region), start by
  /// start and end by end; from the running sums of the three costs `plan` takes.
  static func regions(
    rows: Int, count: Int, inPlaceSum: [Int], shiftedSum: [Int], blankSum: [Int]
  ) -> [(saving: Int, start: Int, end: Int)] {
    let distance = abs(rows)
    guard rows != 0, distance < count else { return [] }
    var found: [(saving: Int, start: Int, end: Int)] = []
    for start in 0..<(count - distance) {
      for end in (start + distance + 1)...count {
        guard isLongEnough(moved: end - start - distance, distance: distance) else { continue }
        let arriving =
          rows > 0
          ? shiftedSum[end - distance] - shiftedSum[start] + blankSum[end]
            - blankSum[end - distance]
          : blankSum[start + distance] - blankSum[start] + shiftedSum[end]
            - shiftedSum[start + distance]
        let saving = inPlaceSum[end] - inPlaceSum[start] - arriving - overhead
        if saving > 0 { found.append((saving, start, end)) }
      }
    }
    return found
  }

  /// Whether curses' line-move optimisation, shown `old` (each line's hash, as it hashes lines)
  /// and asked for the same lines after this shift, finds the move: it anchors moves at lines
  /// that occur once before and once after, so at least one moved line must.
  func isFound(amongLines old: [UInt], blankLine: UInt) -> Bool {
    // A screen has a few dozen lines: counting by scanning beats building tables.
    let after = old.indices.map { source(of: $0).map { old[$0] } ?? blankLine }
    func once(_ hash: UInt, in lines: [UInt]) -> Bool {
      var seen = 0
      for line in lines where line == hash {
        seen += 1
        if seen > 1 { return false }
      }
      return seen == 1
    }
    for line in top..<bottom {
      guard let source = source(of: line) else { continue }
      let hash = old[source]
      if once(hash, in: old) && once(hash, in: after) { return true }
    }
    return false
  }
}
