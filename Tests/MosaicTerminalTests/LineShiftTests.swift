import Testing

@testable import MosaicTerminal

/// How a scroll hint becomes a shift of lines: the region weighed line by line, what stays
/// in place left out, and no shift when painting in place costs less.
@Suite struct LineShiftTests {
  /// The costs of turning `old` into `new` for the hinted lines `top..<top + count`, a byte a
  /// differing character.
  func plan(_ old: [String], _ new: [String], top: Int, count: Int, rows: Int) -> LineShift? {
    func cost(_ line: String, over shown: String?) -> Int {
      let shown = Array(shown ?? String(repeating: " ", count: line.count))
      return zip(Array(line), shown).filter { $0 != $1 }.count
    }
    let region = top..<(top + count)
    return LineShift.plan(
      top: top, rows: rows,
      inPlace: region.map { cost(new[$0], over: old[$0]) },
      shifted: region.map {
        region.contains($0 + rows) ? cost(new[$0], over: old[$0 + rows]) : 0
      },
      blank: region.map { cost(new[$0], over: nil) })
  }

  /// Forty-character lines that differ from each other everywhere.
  func lines(_ names: ClosedRange<Int>) -> [String] {
    names.map { String(repeating: Character(Unicode.Scalar(UInt8(64 + $0 % 60))), count: 40) }
  }

  @Test func aScrolledListShiftsTheLinesBelowItsPinnedHeader() {
    let header = String(repeating: "=", count: 40)
    let old =
      [header] + lines(1...10) + ["status 1".padding(toLength: 40, withPad: " ", startingAt: 0)]
    let new =
      [header] + lines(3...12) + ["status 3".padding(toLength: 40, withPad: " ", startingAt: 0)]
    // The hint covers the view: header and rows, not the status line.
    let shift = plan(old, new, top: 0, count: 11, rows: 2)
    #expect(shift == LineShift(top: 1, bottom: 11, rows: 2))
    #expect(shift?.source(of: 1) == 3)
    #expect(shift?.source(of: 9) == nil, "arrives blank")
    #expect(shift?.source(of: 11) == 11, "outside the region")
  }

  @Test func aScrollBackShiftsDown() {
    let old = lines(5...16)
    let new = lines(3...14)
    #expect(plan(old, new, top: 0, count: 12, rows: -2) == LineShift(top: 0, bottom: 12, rows: -2))
  }

  @Test func linesThatCostLessInPlaceStayOutOfTheRegion() {
    // The last three lines keep most of their characters where they are (a row of cards whose
    // borders stay): updating the last two in place costs less than moving lines over them and
    // painting a blank one; the shift stops above them.
    var old = lines(1...10)
    var new = lines(2...10) + [""]
    for line in 7..<10 {
      let letter = Character(Unicode.Scalar(UInt8(ascii: "k") + UInt8(line)))
      old[line] = "|" + String(repeating: letter, count: 38) + "|"
      new[line] = "|bb" + String(repeating: letter, count: 36) + "|"
    }
    new[6] = old[7]
    let shift = plan(old, new, top: 0, count: 10, rows: 1)
    #expect(shift == LineShift(top: 0, bottom: 8, rows: 1))
  }

  @Test func noShiftWhenNothingMovesOrTheMoveIsTooShort() {
    let old = lines(1...10)
    #expect(plan(old, old, top: 0, count: 10, rows: 1) == nil, "nothing changed")
    #expect(plan(old, lines(21...30), top: 0, count: 10, rows: 1) == nil, "nothing moved")
    // Curses will not scroll fewer than three lines.
    #expect(plan(old, lines(2...11), top: 7, count: 3, rows: 1) == nil)
    #expect(plan(old, lines(2...11), top: 6, count: 4, rows: 1) != nil)
  }

  @Test func theRegionChosenIsTheFirstBestOfEveryRegion() {
    // The plan finds its region in one pass over the ends; every region weighed one by one,
    // start by start and end by end, must agree, ties included.
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2000 {
      let count = 2 + random(44)
      let distance = 1 + random(min(count - 1, 6))
      let rows = random(2) == 0 ? distance : -distance
      // Few distinct values, so that equal savings (ties) are common.
      let costs = (0..<3).map { _ in (0..<count).map { _ in random(4) * 10 } }
      func running(_ values: [Int]) -> [Int] {
        values.reduce(into: [0]) { $0.append($0.last! + $1) }
      }
      let every = LineShift.regions(
        rows: rows, count: count, inPlaceSum: running(costs[0]), shiftedSum: running(costs[1]),
        blankSum: running(costs[2]))
      let first = every.reduce(nil as (saving: Int, start: Int, end: Int)?) { best, region in
        region.saving > best?.saving ?? 0 ? region : best
      }
      let expected = first.map { LineShift(top: 3 + $0.start, bottom: 3 + $0.end, rows: rows) }
      let planned = LineShift.plan(
        top: 3, rows: rows, inPlace: costs[0], shifted: costs[1], blank: costs[2])
      #expect(planned == expected, "\(count) lines by \(rows): \(costs)")
    }
  }

  @Test func aMoveCursesCannotAnchorIsNotPlanned() {
    // Every moved line is one of several alike: curses' hashing cannot tell where they went.
    let shift = LineShift(top: 0, bottom: 6, rows: 2)
    let alike: [UInt] = [1, 2, 1, 2, 1, 2, 9]
    #expect(!shift.isFound(amongLines: alike, blankLine: 0))
    let distinct: [UInt] = [1, 2, 3, 4, 5, 6, 9]
    #expect(shift.isFound(amongLines: distinct, blankLine: 0))
  }
}
