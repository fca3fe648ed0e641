import MosaicCollection
import Testing

@testable import MosaicApp

/// The browser's animated keys: `v`, `+`/`-` and search jumps animate, report `isAnimating` to
/// the run loop, and end on the screen the unanimated key shows; the arrows move at once.
@MainActor @Suite struct BrowserMotionTests {
  /// 300 records of eight short fields: more than a grid card shows, fewer than a list row
  /// fits, so a layout swap changes how many fields each card reads.
  static let csv =
    "name,a,b,c,d,e,f,g\n"
    + (0..<300).map { "r\($0),a\($0),b,c,d,e,f,g" }.joined(separator: "\n") + "\n"

  /// A browser at 60 × 20 whose animations run on `clock` (nil: animations off), in `layout`,
  /// its jumps gliding when `smooth` (`--smooth-scroll`).
  func makeBrowser(
    clock: ManualAnimationClock?, layout: BrowserLayoutStyle = .grid, smooth: Bool = false
  ) throws -> BrowserFixture {
    let browser = try BrowserFixture(
      Self.csv, columns: 60, rows: 20, layout: layout, smoothScrolling: smooth)
    browser.scene.collectionView.animationClock = clock
    return browser
  }

  /// The screens after `keys`, animated (half way and at the end) and unanimated.
  func run(_ keys: [Key], layout: BrowserLayoutStyle = .grid, smooth: Bool = false) throws -> (
    half: String, end: String, still: String, moved: Bool
  ) {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(false)
    let still = try makeBrowser(clock: nil, layout: layout, smooth: smooth)
    for key in keys { still.press(key) }
    // Every card configured afresh for what it shows now: what a stale card would differ from.
    let stale = still.text
    still.scene.collectionView.reloadData()
    still.draw()
    #expect(stale == still.text, "unanimated, no card is left stale")
    View.setAnimationsEnabled(true)
    let clock = ManualAnimationClock()
    let browser = try makeBrowser(clock: clock, layout: layout, smooth: smooth)
    var moved = false
    for key in keys {
      browser.press(key)
      moved = moved || browser.scene.isAnimating
    }
    clock.advance(by: CollectionView.defaultAnimationDuration / 2)
    browser.draw()
    let half = browser.text
    clock.advance(by: CollectionView.defaultAnimationDuration)
    browser.draw()
    // A completion (the swap's reload) runs at the first frame at or after the end.
    browser.draw()
    #expect(!browser.scene.isAnimating, "over after its duration")
    return (half, browser.text, still.text, moved)
  }

  @Test(
    "v, + and - animate, and end on the unanimated screen",
    arguments: [
      [Key.character("v")], [.character("+")], [.character("-")],
      [.character("v"), .character("v"), .character("v"), .character("v")],
    ])
  func layoutKeys(keys: [Key]) throws {
    let result = try run(keys)
    #expect(result.moved, "the scene reports isAnimating")
    #expect(result.half != result.end, "a frame in between")
    #expect(result.end == result.still)
  }

  @Test(
    "v into the table and out of it lands at once, on the unanimated screen",
    arguments: [
      [Key.character("v"), .character("v")],
      [.character("v"), .character("v"), .character("v")],
    ])
  func tableKeys(keys: [Key]) throws {
    let result = try run(keys)
    #expect(result.half == result.end, "no card travels into a row, nor a row into a card")
    #expect(result.end == result.still)
  }

  @Test(
    "with --smooth-scroll a search jump glides to the match and ends where the unanimated jump does"
  )
  func searchJump() throws {
    let keys: [Key] = "/r250".map { Key.character($0) } + [.enter, .character("N")]
    let result = try run(keys, smooth: true)
    #expect(result.moved, "the jump glides")
    #expect(result.end == result.still)
    #expect(result.end.contains("r250"))
  }

  /// The moves the user asks for, each from the first record: a page, half a page, the last
  /// and first record, a record number, a section-less `}` aside, a search jump.
  nonisolated static let jumps: [[Key]] = [
    [.pageDown], [.pageDown, .pageDown, .pageUp], [.control("f")], [.control("d")],
    [.character("G")], [.end], [.character("G"), .character("g")], [.character("G"), .home],
    [.character(":")] + "250".map { Key.character($0) } + [.enter],
    "/r250".map { Key.character($0) } + [.enter, .character("N")],
  ]

  @Test(
    "by default the moves the user asks for land at once, in the cards and in the table",
    arguments: jumps, [BrowserLayoutStyle.grid, .table])
  func jumpsLandAtOnce(keys: [Key], layout: BrowserLayoutStyle) throws {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(true)
    let clock = ManualAnimationClock()
    let browser = try makeBrowser(clock: clock, layout: layout)
    let first = browser.text
    for (index, key) in keys.enumerated() {
      browser.press(key)
      #expect(!browser.scene.isAnimating, "\(key): nothing left to glide")
      #expect(!browser.scene.collectionView.hasRunningAnimations, "\(key)")
      if index == 0 { #expect(browser.text != first, "\(key) moved") }
    }
    // The screen drawn right after the key is the final one: no later frame changes it.
    let landed = browser.text
    clock.advance(by: CollectionView.defaultAnimationDuration * 2)
    browser.draw()
    #expect(browser.text == landed, "\(keys): the first frame is the last")
    #expect(View.areAnimationsEnabled, "animations are back on after the move")
  }

  @Test("with --smooth-scroll Page Down and G glide, and end where they land at once")
  func smoothScrollGlides() throws {
    for keys: [Key] in [[.pageDown], [.character("G")], [.pageDown, .pageDown]] {
      let result = try run(keys, smooth: true)
      #expect(result.moved, "\(keys) glides")
      #expect(result.half != result.end, "\(keys): a frame in between")
      #expect(result.end == result.still, "\(keys)")
    }
  }

  @Test("v still animates with jumps landing at once")
  func layoutSwitchStillAnimates() throws {
    let result = try run([.pageDown, .character("v")])
    #expect(result.moved)
    #expect(result.half != result.end)
    #expect(result.end == result.still)
  }

  @Test("the arrow keys move at once: nothing animates")
  func arrowsAreImmediate() throws {
    let was = View.areAnimationsEnabled
    defer { View.setAnimationsEnabled(was) }
    View.setAnimationsEnabled(true)
    let browser = try makeBrowser(clock: ManualAnimationClock())
    for _ in 0..<12 {
      browser.press(.down)
      #expect(!browser.scene.isAnimating)
    }
  }
}
