import MosaicCollection
import Testing

@testable import MosaicApp

/// The `updates` demo: each key one batch of updates over the model, every batch adding up,
/// every change undoable; the layout keys; the help.
@MainActor @Suite struct UpdatesDemoTests {
  /// A demo drawn once on 80 × 24, so its collection view has a frame.
  func makeDemo() -> UpdatesDemo {
    let demo = UpdatesDemo()
    demo.draw(into: MemorySurface(columns: 80, rows: 24))
    return demo
  }

  /// Presses `characters` one by one, drawing after each as the run loop does.
  func press(_ demo: UpdatesDemo, _ characters: String) {
    let surface = MemorySurface(columns: 80, rows: 24)
    for character in characters {
      _ = demo.handle(.key(.character(character)))
      demo.draw(into: surface)
    }
  }

  /// The screen of `demo` now.
  func screen(_ demo: UpdatesDemo) -> [String] {
    let surface = MemorySurface(columns: 80, rows: 24)
    demo.draw(into: surface)
    return surface.lines
  }

  /// The numbers drawn on a line of tiles.
  func numbers(_ line: String) -> [Int] { line.split(separator: " ").compactMap { Int($0) } }

  /// Expects the collection view to agree with the model: the same counts, no update error
  /// (a batch that did not add up would have been reported and reloaded instead).
  func expectConsistent(
    _ demo: UpdatesDemo, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let view = demo.collectionView
    #expect(view.lastUpdateError == nil, sourceLocation: sourceLocation)
    #expect(view.numberOfSections == demo.model.sections.count, sourceLocation: sourceLocation)
    for (index, section) in demo.model.sections.enumerated() {
      #expect(
        view.numberOfItems(inSection: index) == section.items.count, sourceLocation: sourceLocation)
    }
  }

  @Test("the first screen: section A's tiles in order, the key hint and the status line")
  func firstScreen() {
    let lines = screen(makeDemo())
    #expect(lines[0].contains("Section A"))
    #expect(numbers(lines[2]) == [1, 2, 3, 4, 5, 6, 7, 8], "eight 8-column tiles a line")
    #expect(lines[22].contains("i insert") && lines[22].contains("? keys"))
    #expect(lines[23].contains("updates │ ready │ 4 sections · 44 tiles │ 1 at A.1"))
  }

  @Test("i inserts a new tile after the focused one, in one batch, and focuses it")
  func insert() {
    let demo = makeDemo()
    press(demo, "i")
    #expect(demo.model.sections[0].items.prefix(3) == [1, 45, 2])
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 1, section: 0))
    expectConsistent(demo)
    let lines = screen(demo)
    #expect(numbers(lines[2]) == [1, 45, 2, 3, 4, 5, 6, 7])
    #expect(lines[23].contains("inserted 45 at A.2 │ 4 sections · 45 tiles │ 45 at A.2"))
    #expect(demo.finishedBatches == 1, "the completion ran")
  }

  @Test("d deletes the focused tile, or every selected tile in one batch")
  func delete() {
    let demo = makeDemo()
    press(demo, "d")
    #expect(demo.model.sections[0].items.first == 2)
    #expect(screen(demo)[23].contains("deleted 1 │ 4 sections · 43 tiles │ 2 at A.1"))
    // Select 2 and 4 (space toggles, l moves right), then delete both.
    press(demo, " ll d")
    #expect(demo.model.sections[0].items.prefix(3) == [3, 5, 6])
    #expect(screen(demo)[23].contains("deleted 2 tiles"))
    expectConsistent(demo)
  }

  @Test("m and M move the focused tile one place, across section borders, the focus with it")
  func move() {
    let demo = makeDemo()
    press(demo, "m")
    #expect(demo.model.sections[0].items.prefix(3) == [2, 1, 3])
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 1, section: 0))
    press(demo, "M")
    #expect(demo.model == UpdatesModel.initial, "back where it was")
    // The last tile of A moves on into B, first; M takes it back to the end of A.
    demo.collectionView.focusItem(at: IndexPath(item: 11, section: 0))
    press(demo, "m")
    #expect(demo.model.sections[0].items.count == 11)
    #expect(demo.model.sections[1].items.first == 12)
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
    #expect(screen(demo)[23].contains("moved 12 to B.1"))
    press(demo, "M")
    #expect(demo.model == UpdatesModel.initial)
    expectConsistent(demo)
  }

  @Test("s inserts a section of new tiles after the focused one; < > move it; S deletes it")
  func sections() {
    let demo = makeDemo()
    press(demo, "s")
    #expect(demo.model.sections.map(\.name) == ["A", "E", "B", "C", "D"])
    #expect(demo.model.sections[1].items == [45, 46, 47, 48])
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 1))
    expectConsistent(demo)
    press(demo, ">")
    #expect(demo.model.sections.map(\.name) == ["A", "B", "E", "C", "D"])
    #expect(demo.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 2))
    press(demo, "<<<")
    #expect(demo.model.sections.map(\.name) == ["E", "A", "B", "C", "D"], "stops at the top")
    #expect(screen(demo)[0].contains("Section E"))
    press(demo, "S")
    #expect(demo.model.sections.map(\.name) == ["A", "B", "C", "D"])
    #expect(screen(demo)[23].contains("deleted section E │ 4 sections · 44 tiles"))
    expectConsistent(demo)
  }

  @Test("r shuffles the focused section: the same tiles in a new order, the same on every run")
  func shuffle() {
    let demo = makeDemo()
    press(demo, "r")
    let shuffled = demo.model.sections[0].items
    #expect(shuffled != UpdatesModel.initial.sections[0].items)
    #expect(shuffled.sorted() == UpdatesModel.initial.sections[0].items)
    #expect(numbers(screen(demo)[2]) == Array(shuffled.prefix(8)))
    expectConsistent(demo)
    let again = makeDemo()
    press(again, "r")
    #expect(again.model.sections[0].items == shuffled, "seeded, so a rerun ends the same")
  }

  @Test("e renumbers the focused tile (a reload): the screen shows the new number")
  func renumber() {
    let demo = makeDemo()
    press(demo, "e")
    #expect(demo.model.sections[0].items.first == 45)
    #expect(numbers(screen(demo)[2]).first == 45)
    expectConsistent(demo)
  }

  @Test("u undoes each change with a batch of its own, back to the same model and screen")
  func undoEveryChange() {
    for keys in ["i", "d", "m", "M", "e", "s", "S", "r", ">", " ljd"] {
      let demo = makeDemo()
      // Start from the second section's second tile, where every key has something to do.
      demo.collectionView.focusItem(at: IndexPath(item: 1, section: 1))
      let before = screen(demo)
      let model = demo.model.sections
      press(demo, keys)
      #expect(demo.model.sections != model, "\(keys) changed something")
      press(demo, "u")
      #expect(demo.model.sections == model, "u after \(keys)")
      expectConsistent(demo)
      let after = screen(demo)
      // The status line says what was undone; the tiles are as they were.
      #expect(Array(after.dropLast()) == Array(before.dropLast()), "u after \(keys)")
      #expect(after[23].contains("undid: "), "\(after[23])")
    }
  }

  @Test("undo with nothing to undo says so and changes nothing")
  func undoNothing() {
    let demo = makeDemo()
    press(demo, "u")
    #expect(demo.model == UpdatesModel.initial)
    #expect(screen(demo)[23].contains("nothing to undo"))
  }

  @Test("v switches to a list of one tile per line and back; + and - step the tile size")
  func layouts() {
    let demo = makeDemo()
    press(demo, "v")
    #expect(demo.style == .list)
    var lines = screen(demo)
    #expect(numbers(lines[1]) == [1] && numbers(lines[2]) == [2], "one tile a line")
    #expect(lines[23].contains("layout: list"))
    press(demo, "v+")
    #expect(demo.style == .grid)
    #expect(demo.tileCells == (10, 3))
    lines = screen(demo)
    #expect(numbers(lines[2]) == [1, 2, 3, 4, 5, 6, 7], "seven 10-column tiles a line")
    #expect(lines[23].contains("tiles 10×3"))
    press(demo, "-----")
    #expect(demo.tileCells == (6, 3), "the smallest size stays")
    press(demo, "++++++++")
    #expect(demo.tileCells == (16, 5), "the largest size stays")
  }

  @Test("? lists every key; any key closes the help without acting")
  func help() {
    let demo = makeDemo()
    press(demo, "?")
    let text = screen(demo).joined(separator: "\n")
    for binding in UpdatesDemo.bindings {
      #expect(text.contains(binding.action), "\(binding.keys)")
    }
    press(demo, "i")
    #expect(demo.model == UpdatesModel.initial, "the key closed the help and did nothing else")
    #expect(!screen(demo).joined().contains("this help"))
  }

  @Test("a turns animations off and on for every view, and the status line says when off")
  func animationSwitch() {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(true)
    let demo = makeDemo()
    press(demo, "a")
    #expect(!View.areAnimationsEnabled)
    #expect(
      screen(demo)[23].contains("animations off") && screen(demo)[23].contains("no animation"))
    press(demo, "a")
    #expect(View.areAnimationsEnabled)
  }

  /// Runs `keys` on a demo whose animations run on a virtual clock and on one with animations
  /// off; returns the animated screens half way and at the end, and the unanimated screen.
  func animatedAndStill(_ keys: String) -> (half: [String], end: [String], still: [String]) {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(false)
    let still = makeDemo()
    press(still, keys)
    View.setAnimationsEnabled(true)
    let clock = ManualAnimationClock()
    let demo = UpdatesDemo()
    demo.collectionView.animationClock = clock
    demo.draw(into: MemorySurface(columns: 80, rows: 24))
    let before = screen(demo)
    for key in keys {
      _ = demo.handle(.key(.character(key)))
      #expect(demo.isAnimating, "\(key) animates: the run loop must draw its frames")
    }
    clock.advance(by: CollectionView.defaultAnimationDuration / 2)
    let half = screen(demo)
    #expect(half != before, "\(keys): the first frames move")
    clock.advance(by: CollectionView.defaultAnimationDuration)
    let end = screen(demo)
    #expect(!demo.isAnimating, "\(keys): over after its duration")
    return (half, end, screen(still))
  }

  @Test(
    "each change animates, and its last frame is the screen the unanimated change shows",
    arguments: ["i", "d", "m", "s", "S", ">", "r", "v", "+"])
  func animatedEndsAsUnanimated(keys: String) {
    let result = animatedAndStill(keys)
    #expect(result.half != result.end, "\(keys): a frame in between")
    // The status line says "no animation" in the still run; the rest must match.
    #expect(Array(result.end.dropLast()) == Array(result.still.dropLast()), "\(keys)")
  }

  @Test("with animations off the demo's collection view never animates")
  func offMeansStill() {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    ReducedMotion.apply(noAnimation: true, environment: [:])
    let demo = UpdatesDemo()
    demo.collectionView.animationClock = ManualAnimationClock()
    demo.draw(into: MemorySurface(columns: 80, rows: 24))
    for key in "idmsS>rv+" {
      _ = demo.handle(.key(.character(key)))
      #expect(!demo.collectionView.hasRunningAnimations, "\(key)")
      #expect(!demo.isAnimating, "\(key)")
    }
    #expect(demo.finishedBatches == 7, "every batch's completion ran at once")
  }

  @Test("every change's inverse puts the model back")
  func inverses() {
    var model = UpdatesModel(counts: [5, 3])
    let original = model
    let order = model.shuffledOrder(count: 5)
    let changes: [UpdatesChange] = [
      .insertItems(
        [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 1)], numbers: [9, 10]),
      .deleteItems(
        [IndexPath(item: 4, section: 0), IndexPath(item: 0, section: 1)], numbers: [5, 6]),
      .moveItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 1)),
      .reloadItem(IndexPath(item: 1, section: 1), old: 7, new: 11),
      .insertSection(1, UpdatesModel.Section(name: "C", items: [12])),
      .deleteSection(0, original.sections[0]),
      .moveSection(from: 0, to: 1),
      .reorderSection(0, order: order),
    ]
    for change in changes {
      model.apply(change)
      #expect(model.sections != original.sections, "\(change)")
      model.apply(change.inverse)
      #expect(model.sections == original.sections, "\(change)")
    }
  }

  @Test("a shuffle is a permutation never equal to the order it had")
  func shuffledOrders() {
    var model = UpdatesModel.initial
    for count in 2...12 {
      let order = model.shuffledOrder(count: count)
      #expect(order.sorted() == Array(0..<count))
      #expect(order != Array(0..<count))
    }
    #expect(model.shuffledOrder(count: 1) == [0])
  }
}
