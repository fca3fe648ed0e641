import Foundation

/// One flag or option a shell may complete, with what its value completes to.
struct CompletionOption {
  /// Its spellings with their dashes (`--layout`; `-h` and `--help`).
  let names: [String]
  /// The first sentence of its help.
  let summary: String
  /// Whether a value follows it (`--layout table`, `--layout=table`).
  let takesValue: Bool
  /// Whether it may be given more than once.
  let repeats: Bool
  /// What its value completes to (`.nothing` for flags and free text).
  let values: CompletionValues
  /// The value's placeholder in help (`layout`, `PATH|-`).
  let valueName: String

  init(_ argument: DumpedTool.Argument) {
    names = (argument.names ?? []).map { ($0.kind == "short" ? "-" : "--") + $0.name }
    summary = Self.firstSentence(of: argument.abstract ?? "")
    takesValue = argument.kind == "option"
    repeats = argument.isRepeating ?? false
    values =
      takesValue
      ? CompletionValues(argument.completionKind, name: argument.names?.first?.name ?? "")
      : .nothing
    valueName = argument.valueName ?? "value"
  }

  /// The text up to the first sentence's end (or a colon introducing detail), without the
  /// characters the shells' description syntaxes reserve.
  static func firstSentence(of text: String) -> String {
    var sentence = Substring(text)
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "(": depth += 1
      case ")": depth -= 1
      case ".", ":",
        ";" where depth == 0:
        let next = text.index(after: index)
        if next == text.endIndex || text[next] == " " { sentence = text[..<index] }
      default: continue
      }
      if sentence.endIndex != text.endIndex { break }
    }
    if sentence.hasSuffix(".") { sentence = sentence.dropLast() }
    // An apostrophe becomes a typographic one: every shell's quoting keeps that as it is.
    return String(
      sentence.replacingOccurrences(of: "'", with: "\u{2019}")
        .filter { !"[]\"\\`$\n".contains($0) })
  }
}

/// What a value or a positional argument completes to.
enum CompletionValues: Equatable {
  /// Nothing: free text (a title, an expression).
  case nothing
  /// File names.
  case files
  /// One of these words.
  case list([String])
  /// Words `mosaic ---complete NAME WORDS…` prints for the command line so far, NAME being
  /// the option's (`table`: the tables of the database named on the line).
  case dynamic(String)

  /// The values ArgumentParser's `kind` describes; `name` names a custom kind's completer.
  init(_ kind: DumpedTool.CompletionKind?, name: String = "") {
    if let list = kind?.list {
      self = .list(list.values ?? [])
    } else if kind?.file != nil || kind?.directory != nil {
      self = .files
    } else if kind?.custom != nil {
      self = .dynamic(name)
    } else {
      self = .nothing
    }
  }
}
