import Testing

@testable import MosaicData

@Suite struct OffsetTableTests {
  /// Offsets 7 apart fit a block's 2-byte distances; 5,000,000 apart (past 4 GiB at the end)
  /// never do, so every entry but a block's first is read from the wide chunk.
  @Test(arguments: [7, 5_000_000])
  func entriesSurviveChunkBoundariesAndOnlyPublishedOnesCount(step: Int) {
    let table = OffsetTable(capacity: 200_000)
    for i in 0..<150_000 { table.append(i * step) }
    #expect(table.count == 0)
    table.publish()
    #expect(table.count == 150_000)
    #expect(table.lastWritten == 149_999 * step)
    for i in [0, 1, 63, 64, 65, 65_535, 65_536, 131_071, 131_072, 149_999] {
      #expect(table[i] == i * step, "entry \(i)")
    }
    if step > 7 { #expect(table[149_999] > Int(UInt32.max)) }
  }

  @Test("records of every length read back, short ones in about two bytes an entry")
  func mixedLengthsReadBack() {
    // Mostly short records, with a 70 KB one now and then and a run of 2 KB ones, so blocks
    // overflow in their middles and at their ends.
    var offsets: [Int] = []
    var position = 0
    for i in 0..<140_000 {
      offsets.append(position)
      position += i % 997 == 0 ? 70_000 : (i / 1_000) % 7 == 3 ? 2_000 : 40 + i % 90
    }
    let table = OffsetTable(capacity: offsets.count + 1)
    table.append(offsets[0])
    table.append(contentsOf: Array(offsets[1..<100_000]))
    for offset in offsets[100_000...] { table.append(offset) }
    table.publish()
    #expect(table.count == offsets.count)
    let wrong = offsets.indices.filter { table[$0] != offsets[$0] }
    #expect(wrong.isEmpty, "first wrong entries: \(wrong.prefix(5))")

    let short = OffsetTable(capacity: 1_000_000)
    short.append(contentsOf: (0..<1_000_000).map { $0 * 90 })
    // 2 bytes an entry, 8 per block of 64, and the chunk pointers.
    #expect(short.allocatedBytes < 1_000_000 * 9 / 4)
  }

  @Test("entries dropped before publishing are written again, block bases included")
  func droppedEntriesAreWrittenAgain() {
    let table = OffsetTable(capacity: 1_000)
    for i in 0..<100 { table.append(i * 10) }
    table.publish()
    for i in 100..<200 { table.append(i * 10) }
    // Drops 124 and on, in the middle of a block: its new entries are far from the base it
    // keeps; the next block's base is written again.
    table.dropUnpublished(above: 1_235)
    #expect(table.writtenCount == 124)
    for i in 124..<200 { table.append(100_000 + i * 3) }
    table.publish()
    #expect((0..<124).allSatisfy { table[$0] == $0 * 10 })
    #expect((124..<200).allSatisfy { table[$0] == 100_000 + $0 * 3 })
  }
}
