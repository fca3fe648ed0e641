import MosaicCollection
import MosaicData

// SEAM (issue 10): the `navigate` branch gives these their behaviour.
extension BrowserScene {
  /// `:`: starts typing a record number to go to.
  func beginJump() {}

  /// `g` (`G`): focuses the first (last) record.
  func jumpToEnd(last: Bool) {}

  /// `{` and `}`: focuses the first record of the previous or next section.
  func jumpToSection(forward: Bool) {}

  /// Ctrl-F/B (a screen) and Ctrl-D/U (half a screen): moves the focus by `fraction` of a
  /// screen, forward or back.
  func moveByScreen(fraction: Double, forward: Bool) {}

  /// `c` (`C`): copies the focused value (the focused record) to the clipboard.
  func copyFocused(wholeRecord: Bool) {}

  /// Esc on the cards: backs out one level (search, filter, selection); never quits.
  func backOut() -> SceneResponse { .quit }
}
