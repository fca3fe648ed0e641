import MosaicCollection
import MosaicLayout

/// Snapshot comparison of screens as text.
public enum Snapshot {
  /// Nil when `actual` equals `expected`, else a line diff naming each differing row, with the
  /// rows quoted so trailing spaces show.
  public static func diff(_ actual: String, _ expected: String) -> String? {
    guard actual != expected else { return nil }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    var report = ["screen differs (row: expected / actual):"]
    for row in 0..<max(a.count, e.count) {
      let left = row < e.count ? "\"\(e[row])\"" : "(none)"
      let right = row < a.count ? "\"\(a[row])\"" : "(none)"
      report.append(
        left == right ? "  \(row):   \(left)" : "  \(row): - \(left)\n  \(row): + \(right)")
    }
    return report.joined(separator: "\n")
  }

  /// Nil when the surface's text equals `expected`, else a line diff.
  public static func diff(_ surface: MemorySurface, _ expected: String) -> String? {
    diff(surface.text, expected)
  }
}
