/// The per-section values that place a section's lines (flow-layout.md rules 1 and 9), kept with
/// the section so it can be placed again at another start, or its items again after a cell
/// measured itself, without asking the delegate.
struct FlowSectionMetrics {
  /// The inset before the first line on the scroll axis.
  var before: Double
  /// The inset after the last line on the scroll axis.
  var after: Double
  /// The line-axis inset at the start of a line, `begin`.
  var begin: Double
  /// The line-axis room for one line, `A`.
  var room: Double
  /// The section's interitem spacing.
  var interitemSpacing: Double
  /// The section's line spacing.
  var lineSpacing: Double
}

extension FlowSectionMetrics {
  /// Whether every value is bit for bit `other`'s.
  func isIdentical(to other: FlowSectionMetrics) -> Bool {
    before.bitPattern == other.before.bitPattern && after.bitPattern == other.after.bitPattern
      && begin.bitPattern == other.begin.bitPattern && room.bitPattern == other.room.bitPattern
      && interitemSpacing.bitPattern == other.interitemSpacing.bitPattern
      && lineSpacing.bitPattern == other.lineSpacing.bitPattern
  }
}
