import Foundation
import Testing

@testable import MosaicCollection

/// The selection state alone: selecting, single or multiple, and following items through a remap.
@Suite @MainActor struct SelectionStateTests {
  @Test("single selection replaces, multiple adds, keepOnlyLast keeps the last in order")
  func selecting() {
    var state = SelectionState()
    #expect(!state.isSelected(ip(0, 0)))
    state.select(ip(0, 1), single: true)
    state.select(ip(0, 2), single: true)
    #expect(state.selected == [ip(0, 2)])
    state.select(ip(1, 0), single: false)
    state.select(ip(0, 5), single: false)
    #expect(state.isSelected(ip(1, 0)) && state.isSelected(ip(0, 2)))
    state.keepOnlyLast()
    #expect(state.selected == [ip(1, 0)])
    state.deselect(ip(1, 0))
    #expect(state.selected.isEmpty)
  }

  @Test("a remap moves the selection, the highlight and the press, and drops what maps to nil")
  func remapping() {
    var state = SelectionState()
    state.select(ip(0, 1), single: false)
    state.select(ip(0, 3), single: false)
    state.highlighted = ip(0, 3)
    state.trackedPress = ip(0, 1)
    // Item 1 is deleted; the others move down one.
    state.remap { $0.item == 1 ? nil : IndexPath(item: $0.item - 1, section: $0.section) }
    #expect(state.selected == [ip(0, 2)])
    #expect(state.highlighted == ip(0, 2))
    #expect(state.trackedPress == nil)
  }
}
