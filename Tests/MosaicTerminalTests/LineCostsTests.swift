import CNcurses
import Testing

@testable import MosaicTerminal

/// Line costs remembered by digest are the costs worked out cell by cell, and a line differing
/// only in style is not taken for another.
@Suite struct LineCostsTests {
  func line(_ text: String, attributes: attr_t = 0) -> [cchar_t] {
    text.padding(toLength: 40, withPad: " ", startingAt: 0).unicodeScalars.map { scalar in
      var cell = cchar_t()
      var characters: [wchar_t] = [wchar_t(bitPattern: scalar.value), 0]
      setcchar(&cell, &characters, attributes, 0, nil)
      return cell
    }
  }

  func digest(_ cells: [cchar_t]) -> UInt64 {
    UInt64(mosaic_cells_digest(cells, Int32(cells.count)))
  }

  @Test func aLineInAnotherStyleIsAnotherLine() {
    let plain = line("12│ Ada Lovelace   London")
    let bold = line("12│ Ada Lovelace   London", attributes: mosaic_a_bold())
    let moved = line("13│ Ada Lovelace   London")
    #expect(digest(plain) == digest(line("12│ Ada Lovelace   London")))
    #expect(digest(plain) != digest(bold))
    #expect(digest(plain) != digest(moved))
  }

  @Test func aRememberedCostIsTheCostWorkedOutCellByCell() {
    let blank = line("")
    let lines = [
      line("1│ Edsger Lovelace  Hanoi"), line("2│ Ada Allen        Cork"),
      line("2│ Ada Allen        Cork", attributes: mosaic_a_reverse()), line(""),
    ]
    var costs = LineCosts()
    // Twice over: the second round answers from what the first remembered.
    for _ in 0..<2 {
      for new in lines {
        for old in lines {
          let expected = new.withUnsafeBufferPointer { n in
            old.withUnsafeBufferPointer { o in
              blank.withUnsafeBufferPointer { b in
                Int(mosaic_cells_cost(n.baseAddress, o.baseAddress, b.baseAddress, 40))
              }
            }
          }
          let remembered = new.withUnsafeBufferPointer { n in
            old.withUnsafeBufferPointer { o in
              blank.withUnsafeBufferPointer { b in
                costs.cost(
                  of: n.baseAddress!, digest: digest(new), over: o.baseAddress!,
                  digest: digest(old), blank: b.baseAddress!, columns: 40)
              }
            }
          }
          #expect(remembered == expected)
        }
        let overBlank = new.withUnsafeBufferPointer { n in
          blank.withUnsafeBufferPointer { b in
            (
              costs.costOverBlank(
                of: n.baseAddress!, digest: digest(new), blank: b.baseAddress!, columns: 40),
              Int(mosaic_cells_cost(n.baseAddress, nil, b.baseAddress, 40))
            )
          }
        }
        #expect(overBlank.0 == overBlank.1)
      }
    }
  }
}
