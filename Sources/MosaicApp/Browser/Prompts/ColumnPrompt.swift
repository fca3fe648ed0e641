import MosaicCollection
import MosaicData

/// The `@` prompt: a field's name typed to go to its column, Tab completing it from the field
/// names (again: the next name that fits), as VisiData's `c`.
///
/// UIKit: a `UISearchTextField` with suggestions (`UISearchSuggestion`s) the Tab key accepts.
struct ColumnPrompt: Equatable {
  /// The name typed so far, with its cursor.
  var line = LineEditor()
  /// The field names, in file order.
  let names: [String]
  /// While Tab cycles: the text Tab began from and the name last put in its place.
  private var cycle: (prefix: String, shown: Int)?

  /// A prompt over `names`.
  init(names: [String]) {
    self.names = names
  }

  static func == (left: ColumnPrompt, right: ColumnPrompt) -> Bool {
    left.line == right.line && left.names == right.names
  }

  /// The fields whose names start with `prefix`, ignoring case, in file order.
  func candidates(for prefix: String) -> [Int] {
    let folded = prefix.lowercased()
    return names.indices.filter { names[$0].lowercased().hasPrefix(folded) }
  }

  /// Tab: completes the typed text to the longest start the fitting names share; when that adds
  /// nothing, puts the next fitting name in its place (after the last, the first again).
  mutating func complete() {
    if let cycle {
      let fitting = candidates(for: cycle.prefix)
      guard !fitting.isEmpty else { return }
      let next = ((fitting.firstIndex(of: cycle.shown) ?? -1) + 1) % fitting.count
      line.text = names[fitting[next]]
      self.cycle = (cycle.prefix, fitting[next])
      return
    }
    let typed = line.text
    let fitting = candidates(for: typed)
    guard let first = fitting.first else { return }
    let shared = fitting.dropFirst().reduce(Array(names[first].lowercased())) { common, field in
      Array(zip(common, names[field].lowercased()).prefix { $0 == $1 }.map(\.0))
    }
    if shared.count > typed.count {
      line.text = String(names[first].prefix(shared.count))
      if fitting.count == 1 { line.text = names[first] }
      return
    }
    line.text = names[first]
    cycle = (typed, first)
  }

  /// Any key but Tab ends a cycle: the text shown is then what is typed on.
  mutating func endCycle() { cycle = nil }

  /// The names Tab would go through now, for the status bar.
  var hint: String {
    let fitting = candidates(for: cycle?.prefix ?? line.text)
    guard fitting.count > 1 else { return "" }
    let shown = fitting.prefix(6).map { names[$0] }.joined(separator: " ")
    return fitting.count > 6 ? shown + " …" : shown
  }

  /// What Enter finds: the field named by the text (exactly, else ignoring case, else the one
  /// name it starts), or why none (`no field "dep_tme" (did you mean "dep_time"?)`).
  func target() -> Result<Int, ColumnPromptError> {
    let typed = line.text
    if let field = FieldLookup.index(of: typed, in: names) { return .success(field) }
    let fitting = candidates(for: typed)
    if fitting.count == 1, !typed.isEmpty { return .success(fitting[0]) }
    let near = FieldLookup.suggestion(for: typed, in: names)
    return .failure(ColumnPromptError(name: typed, suggestion: near))
  }
}

/// Why the `@` prompt found no column: the name typed and the field most like it.
struct ColumnPromptError: Error, Equatable {
  /// The name typed.
  var name: String
  /// The field the user most likely meant, if any is close.
  var suggestion: String?

  /// One line for the status bar.
  var description: String {
    "no field \"\(name)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
  }
}
