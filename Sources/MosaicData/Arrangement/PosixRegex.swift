#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A compiled POSIX extended regular expression (the syntax of `grep -E`), plus `\d` and `\D`:
/// what the `&` filter matches when asked for a regular expression.
///
/// The C library's matcher is several times faster than `NSRegularExpression` on Linux, which
/// matters over a million records. Smart case, as in ripgrep and less's `-i`: a pattern without
/// capital letters ignores case. `^` and `$` match at line breaks within a value, and `.` does
/// not match a line break, so a record's values joined by line breaks match exactly when one of
/// them does. One instance per thread: glibc locks a compiled expression while it matches.
/// No UIKit counterpart.
final class PosixRegex {
  private var compiled = regex_t()

  /// Compiles `pattern`.
  ///
  /// - Throws: `PosixRegex.Problem` with the C library's message for a malformed pattern.
  init(_ pattern: String) throws(Problem) {
    let translated = Self.translated(pattern)
    var flags = REG_EXTENDED | REG_NOSUB | REG_NEWLINE
    if !Self.hasCapital(pattern) { flags |= REG_ICASE }
    let status = regcomp(&compiled, translated, flags)
    guard status == 0 else {
      var message = [CChar](repeating: 0, count: 256)
      regerror(status, &compiled, &message, message.count)
      regfree(&compiled)
      throw Problem(
        message: String(
          decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
  }

  deinit { regfree(&compiled) }

  /// Why a pattern does not compile, in the C library's words.
  struct Problem: Error, Equatable {
    /// The C library's message, e.g. "Unmatched [, [^, [:, [., or [=".
    var message: String
  }

  /// Whether the expression matches somewhere in `text`. A value holding a NUL byte is matched up
  /// to it (C strings end there; data files rarely hold one).
  func matches(_ text: String) -> Bool {
    regexec(&compiled, text, 0, nil, 0) == 0
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
