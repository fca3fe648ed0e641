/// How a field named on the command line is found among a file's fields: exactly, else without
/// regard to case; and, for a name that matches none, the field the user most likely meant.
///
/// No UIKit counterpart.
public enum FieldLookup {
  /// The index of the field called `name`: the exact name wins, then the first field whose name
  /// differs only in case (`--sort Population` finds `population`).
  public static func index(of name: String, in names: [String]) -> Int? {
    if let exact = names.firstIndex(of: name) { return exact }
    let folded = name.lowercased()
    return names.firstIndex { $0.lowercased() == folded }
  }

  /// The field most like `name` when it is close enough to be a typo (`nmae` → `name`): the
  /// fewest edits ignoring case, at most a third of the name's length (at least one), or a field
  /// that starts with `name`; nil when nothing is that close.
  public static func suggestion(for name: String, in names: [String]) -> String? {
    let wanted = Array(name.lowercased())
    guard !wanted.isEmpty else { return nil }
    let limit = max(1, wanted.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in names {
      let folded = Array(candidate.lowercased())
      let distance = editDistance(wanted, folded, limit: limit)
      if distance <= limit, distance < best?.distance ?? Int.max { best = (candidate, distance) }
    }
    if let best { return best.name }
    return names.first { $0.lowercased().hasPrefix(name.lowercased()) }
  }

  /// The optimal string alignment distance (insertions, deletions, substitutions and swaps of
  /// neighbours each count one), or `limit + 1` as soon as it must exceed `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previous2[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return limit + 1 }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
