import Testing

@testable import MosaicData

@Suite struct OffsetTableTests {
  @Test(arguments: [false, true])
  func entriesSurviveChunkBoundariesAndOnlyPublishedOnesCount(wide: Bool) {
    let maxOffset = wide ? 1 << 40 : Int(UInt32.max)
    let table = OffsetTable(maxOffset: maxOffset, capacity: 200_000)
    let step = wide ? 5_000_000 : 7
    for i in 0..<150_000 { table.append(i * step) }
    #expect(table.count == 0)
    table.publish()
    #expect(table.count == 150_000)
    #expect(table.lastWritten == 149_999 * step)
    for i in [0, 65_535, 65_536, 131_071, 131_072, 149_999] {
      #expect(table[i] == i * step, "entry \(i)")
    }
    if wide { #expect(table[149_999] > Int(UInt32.max)) }
  }
}
