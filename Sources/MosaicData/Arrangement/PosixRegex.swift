import CRE2

// @unchecked: a compiled RE2 expression is immutable and matched from several threads at once.
/// A compiled regular expression in POSIX extended syntax (the syntax of `grep -E`), plus Perl's
/// `\d`, `\s`, `\w` and `\b`: what the `&` filter and the expression language's `~` match.
///
/// Matched by RE2, which runs in time linear in the text and compiles within a memory budget
/// (`memoryBudget`), so no pattern a user can type exhausts memory (`((a{1,100}){1,100}){1,100}`
/// is refused as too complex) or freezes the screen backtracking (`(a+)+$` over 30,000 `a`s
/// takes microseconds, where the C library's matcher took 24 s); why RE2 and not the C
/// library's is in DECISIONS.md. Smart case, as in ripgrep and less's `-i`: a pattern without
/// capital letters ignores case. `^` and `$` match at line breaks within a value, and `.` does
/// not match a line break, so a record's values joined by line breaks match exactly when one of
/// them does. No UIKit counterpart.
final class PosixRegex: @unchecked Sendable {
  /// The most memory a compiled expression and its matching state may take: RE2's own default,
  /// far above any pattern typed to find rows and far below what a hostile one would cost.
  static let memoryBudget: Int64 = 8 << 20

  private let compiled: OpaquePointer

  /// Compiles `pattern`.
  ///
  /// - Throws: `PosixRegex.Problem` for a malformed pattern (in RE2's words) or one whose
  ///   compiled form would pass `memoryBudget` (`isTooComplex`).
  init(_ pattern: String) throws(Problem) {
    let translated = Self.translated(pattern)
    var status = MOSAIC_RE2_OK
    var message = [CChar](repeating: 0, count: 256)
    let length = translated.utf8.count
    let compiled = translated.withCString { text in
      mosaic_re2_compile(
        text, length, Self.hasCapital(pattern) ? 0 : 1, Self.memoryBudget, &status, &message,
        message.count)
    }
    guard let compiled else {
      throw Problem(
        message: String(
          decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
        isTooComplex: status == MOSAIC_RE2_TOO_COMPLEX)
    }
    self.compiled = compiled
  }

  deinit { mosaic_re2_free(compiled) }

  /// Why a pattern does not compile.
  struct Problem: Error, Equatable {
    /// RE2's message, e.g. "missing ): (a".
    var message: String
    /// Whether the pattern is well formed but too costly to compile (nested or huge counted
    /// repetition).
    var isTooComplex = false

    /// One line for the user: `pattern too complex`, or `bad pattern: ` and what is wrong.
    var description: String {
      isTooComplex ? "pattern too complex" : "bad pattern: \(message)"
    }
  }

  /// Whether the expression matches somewhere in `text`, in time linear in its length.
  func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        mosaic_re2_matches(compiled, $0.baseAddress, $0.count) != 0
      }
    }
  }

  /// Whether `pattern` has a capital letter of its own (not an escape such as `\D` or `\W`).
  static func hasCapital(_ pattern: String) -> Bool {
    var escaped = false
    for character in pattern {
      if !escaped && character.isUppercase { return true }
      escaped = !escaped && character == "\\"
    }
    return false
  }

  /// `pattern` with `\d` and `\D` outside brackets spelled as POSIX classes, which glibc lacks.
  static func translated(_ pattern: String) -> String {
    var out = ""
    var escaped = false
    var inBracket = false
    var bracketStart = false
    for character in pattern {
      if escaped {
        escaped = false
        switch character {
        case "d": out += "[0-9]"
        case "D": out += "[^0-9]"
        default: out += "\\" + String(character)
        }
        continue
      }
      if inBracket {
        out.append(character)
        // "]" first in a bracket (or after "^") is a literal.
        if character == "]" && !bracketStart { inBracket = false }
        bracketStart = bracketStart && character == "^"
        continue
      }
      switch character {
      case "\\": escaped = true
      case "[":
        inBracket = true
        bracketStart = true
        out.append(character)
      default: out.append(character)
      }
    }
    if escaped { out += "\\" }
    return out
  }

  /// The longest run of literal characters every match of `pattern` contains, or nil when none
  /// can be told (an alternation, or no literal outside optional parts): records lacking it
  /// (ignoring case) cannot match, so a fast byte scan can rule them out first.
  static func requiredLiteral(_ pattern: String) -> String? {
    let branches = alternatives(pattern)
    guard branches.count == 1 else { return nil }
    return literal(of: branches[0])
  }

  /// One literal per top-level alternative of `pattern`, each in every match of its
  /// alternative (so every match contains one of them); nil when an alternative has none.
  static func requiredLiterals(_ pattern: String) -> [String]? {
    var literals: [String] = []
    for branch in alternatives(pattern) {
      guard let literal = literal(of: branch) else { return nil }
      literals.append(literal)
    }
    return literals.isEmpty ? nil : literals
  }

  /// `pattern` cut at its top-level `|` (not inside a group, a bracket or after a backslash).
  static func alternatives(_ pattern: String) -> [[Character]] {
    var branches: [[Character]] = [[]]
    var depth = 0
    var escaped = false
    var inBracket = false
    var bracketStart = false
    for character in pattern {
      if escaped {
        escaped = false
      } else if inBracket {
        if character == "]" && !bracketStart { inBracket = false }
        bracketStart = bracketStart && character == "^"
      } else if character == "|" && depth == 0 {
        branches.append([])
        continue
      } else {
        switch character {
        case "\\": escaped = true
        case "[":
          inBracket = true
          bracketStart = true
        case "(": depth += 1
        case ")": depth = max(0, depth - 1)
        default: break
        }
      }
      branches[branches.count - 1].append(character)
    }
    return branches
  }

  /// The longest run of literal characters in every match of `characters`, a pattern without
  /// a top-level `|`; nil when none can be told.
  private static func literal(of characters: [Character]) -> String? {
    var best = ""
    var run = ""
    func endRun() {
      if run.count > best.count { best = run }
      run = ""
    }
    var i = 0
    while i < characters.count {
      let character = characters[i]
      var literal: Character?
      var width = 1
      switch character {
      case "\\":
        guard i + 1 < characters.count else { return nil }
        let next = characters[i + 1]
        width = 2
        // \w, \s, \b, \<, \d and the like are classes or assertions, not literals.
        if next.isLetter || next.isNumber || next == "<" || next == ">" {
          literal = nil
        } else {
          literal = next
        }
      case "[":
        // Skip the bracket; "]" first (or after "^") is part of it.
        var j = i + 1
        if j < characters.count && characters[j] == "^" { j += 1 }
        if j < characters.count && characters[j] == "]" { j += 1 }
        while j < characters.count && characters[j] != "]" { j += 1 }
        width = j + 1 - i
      case "(":
        // A group may be optional or repeated: skip it whole.
        var depth = 0
        var j = i
        while j < characters.count {
          if characters[j] == "\\" {
            j += 2
            continue
          }
          if characters[j] == "(" { depth += 1 }
          if characters[j] == ")" {
            depth -= 1
            if depth == 0 { break }
          }
          j += 1
        }
        width = j + 1 - i
      case "{":
        var j = i
        while j < characters.count && characters[j] != "}" { j += 1 }
        width = j + 1 - i
      case ".", "^", "$", ")", "*", "+", "?", "}": literal = nil
      default: literal = character
      }
      let following = i + width < characters.count ? characters[i + width] : nil
      let quantified = following.map { "*?{+".contains($0) } ?? false
      if let literal, !quantified || following == "+" {
        run.append(literal)
        if quantified { endRun() }
      } else {
        endRun()
      }
      i += width
    }
    endRun()
    return best.isEmpty ? nil : best
  }
}
