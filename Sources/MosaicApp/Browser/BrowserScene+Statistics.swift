import MosaicCollection
import MosaicData

// SEAM (issue 10): the `stats` branch gives these their behaviour.
extension BrowserScene {
  /// `F`: opens the focused field's frequency table.
  func showFrequencies() {}

  /// `I`: opens the focused field's summary.
  func showSummary() {}
}
