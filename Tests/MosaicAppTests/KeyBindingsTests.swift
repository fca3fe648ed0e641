import MosaicCollection
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The key table (`KeyBindings`) and what is made from it: each screen's `?` help, the
/// dispatch, the README's markdown.
@Suite @MainActor struct KeyBindingsTests {
  /// Every combination of what decides which bindings are in force.
  static let contexts: [KeyBindings.Context] = [false, true].flatMap { table in
    [false, true].flatMap { inspector in
      [false, true].map { reload in
        KeyBindings.Context(isTable: table, hasInspector: inspector, canReload: reload)
      }
    }
  }

  @Test(arguments: KeyBinding.Screen.allCases)
  func noKeyIsBoundTwiceOnAScreen(_ screen: KeyBinding.Screen) {
    for context in Self.contexts {
      var seen: [Key: [String]] = [:]
      for binding in KeyBindings.bindings(of: screen, in: context) {
        for key in binding.commands.keys {
          seen[key, default: []].append(binding.label)
        }
      }
      for (key, labels) in seen {
        let conditional = labels.filter { label in
          KeyBindings.bindings(of: screen, in: context).contains {
            $0.label == label && $0.availability != .always
          }
        }
        // One binding a key, or one with a condition in force over one without.
        #expect(
          labels.count == 1 || (labels.count == 2 && conditional.count == 1),
          "\(key) on \(screen) is bound by \(labels)")
      }
    }
  }

  @Test(arguments: KeyBinding.Screen.allCases)
  func everyScreenAnswersQuestionMarkAndEsc(_ screen: KeyBinding.Screen) {
    let context = KeyBindings.Context()
    #expect(KeyBindings.command(for: .character("?"), on: screen, in: context) == .help)
    #expect(KeyBindings.command(for: .escape, on: screen, in: context) == .back)
    #expect(KeyBindings.command(for: .character("Z"), on: screen, in: context) == nil)
  }

  @Test func aBindingOutOfForceLetsItsKeyFallThrough() {
    let cards = KeyBindings.Context()
    let table = KeyBindings.Context(isTable: true)
    #expect(KeyBindings.command(for: .left, on: .cards, in: cards) == .move)
    #expect(KeyBindings.command(for: .left, on: .cards, in: table) == .column(by: -1))
    #expect(KeyBindings.command(for: .character("l"), on: .cards, in: table) == .column(by: 1))
    #expect(KeyBindings.command(for: .character("r"), on: .cards, in: cards) == nil)
    #expect(
      KeyBindings.command(for: .character("r"), on: .cards, in: .init(canReload: true)) == .reload)
  }

  @Test(arguments: KeyBinding.Screen.allCases)
  func everyHelpLineFitsAFortyColumnScreen(_ screen: KeyBinding.Screen) {
    for context in Self.contexts {
      for group in HelpOverlay.groups(of: screen, in: context) {
        for line in HelpOverlay.block(of: group) {
          // The box's border and margins take 4 of the 40 columns.
          #expect(HelpOverlay.width(of: line) <= 36, "\(line.map(\.text).joined())")
        }
      }
    }
  }

  /// A browser over a few cities, with `city` focused.
  func browser() throws -> BrowserFixture {
    try BrowserFixture(BrowserStatisticsTests.cities, columns: 80, rows: 24)
  }

  /// Draws until a count `F` or `I` started is shown.
  func waitForStatistics(_ browser: BrowserFixture) {
    let deadline = ContinuousClock.now + .seconds(10)
    while browser.scene.awaitsStatistics && ContinuousClock.now < deadline {
      _ = browser.scene.tick()
      browser.draw()
    }
    #expect(!browser.scene.awaitsStatistics, "the count did not finish within 10 s")
  }

  @Test(arguments: [
    (Key.enter, KeyBinding.Screen.detail), (.character("F"), .frequencies),
    (.character("I"), .summary), (.character("|"), .conditions),
  ])
  func questionMarkListsTheKeysOfTheScreenAndGoesBackToIt(opener: Key, screen: KeyBinding.Screen)
    throws
  {
    let browser = try browser()
    browser.press(opener)
    waitForStatistics(browser)
    #expect(browser.scene.keyScreen == screen)
    let before = browser.text
    browser.press(.character("?"))
    let help = browser.text
    #expect(help.contains("Keys"), "\(help)")
    for binding in KeyBindings.bindings(of: screen, in: browser.scene.keyContext) {
      #expect(help.contains(binding.label), "\(binding.label) missing:\n\(help)")
      #expect(help.contains(binding.summary), "\(binding.summary) missing:\n\(help)")
    }
    #expect(help.contains("back"))
    // The cards' own keys are not the screen's.
    #expect(!help.contains("sort by field"), "\(help)")
    // Closing the help goes back to the screen it was opened from, as it was.
    browser.press(.escape)
    #expect(browser.scene.keyScreen == screen)
    #expect(browser.text == before, "\(browser.text)")
  }

  @Test func theHelpIsDrawnOverTheDetailItCameFrom() throws {
    let browser = try browser()
    browser.press(.enter)
    let title = browser.lines[0]
    browser.press(.character("?"))
    #expect(browser.lines[0] == title, "the detail's top edge stays in view:\n\(browser.text)")
    #expect(browser.text.contains("next record"))
    // A key the help does not scroll with closes it; the detail has it no more.
    browser.press(.character("x"))
    #expect(browser.scene.keyScreen == .detail)
    #expect(!browser.text.contains("Keys"))
  }

  @Test func theCardsHelpListsTheTableKeysOnlyInTheTable() throws {
    let browser = try browser()
    browser.press(.character("?"))
    #expect(!browser.text.contains("field left / right"), "\(browser.text)")
    browser.press(.escape)
    #expect(browser.scene.keyScreen == .cards)
    let table = try BrowserFixture(
      BrowserStatisticsTests.cities, columns: 80, rows: 24, layout: .table)
    table.press(.character("?"))
    #expect(table.text.contains("field left / right"), "\(table.text)")
  }

  @Test func theMarkdownHasARowPerBindingUnderEachScreensHeading() {
    let markdown = KeyBindings.markdown
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `") }
    #expect(rows.count == KeyBindings.all.count)
    #expect(markdown.hasPrefix(KeyBindings.markdownBegin + "\n"))
    #expect(markdown.hasSuffix(KeyBindings.markdownEnd + "\n"))
    for screen in KeyBinding.Screen.allCases where screen != .cards {
      #expect(markdown.contains("**\(screen.heading)**"))
    }
    // A | in a cell would end it.
    #expect(markdown.contains("| `\\|` | list the conditions"), "\(markdown)")
    #expect(markdown.contains("| `PgDn` `Ctrl-F` |"))
  }
}
