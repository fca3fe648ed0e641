import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// The update batch alone: recording with nesting, validation against counts, and the mapping
/// of old index paths to new.
@Suite @MainActor struct UpdateBatchTests {
  @Test("nested batches record into the outermost, which alone hands its updates back")
  func recording() {
    var batch = UpdateBatch()
    let outside = batch.record([.insert(ip(0, 0))])
    #expect(!outside, "outside a batch nothing is recorded")
    batch.begin()
    let first = batch.record([.insert(ip(0, 0))])
    batch.begin()
    let nested = batch.record([.deleteSection(1)])
    #expect(first && nested)
    let inner = batch.end()
    #expect(inner == nil)
    let outer = batch.end()
    #expect(outer == [.insert(ip(0, 0)), .deleteSection(1)])
    #expect(batch.updates.isEmpty && !batch.isRecording)
  }

  @Test("old paths map through section and item changes")
  func mapping() {
    // Old sections 0…3; section 1 deleted, section 3 moved to 0, a section inserted at 2;
    // in old section 0 item 1 deleted, in its new section (1) an item inserted at 0.
    let updates: [PendingUpdate] = [
      .deleteSection(1), .moveSection(from: 3, to: 0), .insertSection(2),
      .delete(ip(0, 1)), .insert(ip(1, 0)),
    ]
    let mapping = UpdateMapping(updates)
    #expect(mapping.newSection(for: 0) == 1)
    #expect(mapping.newSection(for: 1) == nil)
    #expect(mapping.newSection(for: 2) == 3)
    #expect(mapping.newSection(for: 3) == 0)
    #expect(mapping.newIndexPath(for: ip(0, 0)) == ip(1, 1))
    #expect(mapping.newIndexPath(for: ip(0, 1)) == nil)
    #expect(mapping.newIndexPath(for: ip(0, 2)) == ip(1, 2))
    #expect(mapping.newIndexPath(for: ip(3, 4)) == ip(0, 4))
    #expect(mapping.newIndexPath(for: ip(1, 0)) == nil)
    let old = [3, 5, 2, 6]
    let new = [6, 3, 0, 2]
    #expect(UpdateBatch.validate(updates, mapping: mapping, old: old, new: new) == nil)
    #expect(
      UpdateBatch.validate(updates, mapping: mapping, old: old, new: [6, 3, 0, 1])
        == .inconsistentUpdate(section: 3, expected: 2, actual: 1))
  }

  @Test("the layout's update items come in UIKit's order")
  func updateItems() {
    let updates: [PendingUpdate] = [
      .insert(ip(0, 2)), .delete(ip(0, 0)), .deleteSection(2), .insertSection(0),
      .move(from: ip(1, 0), to: ip(2, 1)), .reload(ip(1, 1)),
    ]
    let items = UpdateBatch.updateItems(updates, mapping: UpdateMapping(updates))
    #expect(
      items.map(\.description) == [
        "delete [2] → -", "reload [1, 1] → [2, 0]", "delete [0, 0] → -", "insert - → [0]",
        "insert - → [0, 2]", "move [1, 0] → [2, 1]",
      ])
  }
}
