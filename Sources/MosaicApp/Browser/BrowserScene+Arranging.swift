import MosaicCollection
import MosaicData

// SEAM (issue 10): the `arrange` branch gives these their behaviour.
extension BrowserScene {
  /// `[` and `]`: sorts the records by the focused field, ascending or descending.
  func sortByFocusedField(descending: Bool) {}

  /// `&`: starts typing a filter.
  func beginFilter() {}

  /// `s`: groups the records into sections by the focused field (again: ungroups).
  func toggleSectionsByFocusedField() {}

  /// Keeps only the records `filter` keeps (every record when nil), keeping the focused record in
  /// view when it stays.
  func applyFilter(_ filter: RecordFilter?) {}
}
