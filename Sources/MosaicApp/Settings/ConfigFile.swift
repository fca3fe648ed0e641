import Foundation
import MosaicData

/// The user's settings file, `$XDG_CONFIG_HOME/mosaic/config` (`~/.config/mosaic/config` when
/// the variable is unset or empty): a line per setting, `key = value`, `#` starting a comment.
///
/// ```
/// # ~/.config/mosaic/config
/// layout = table          # table, grid (or cards), list or horizontal
/// smooth-scroll = false   # true: pages and jumps glide, as --smooth-scroll
/// animation = true        # false: every change at once, as --no-animation
/// ```
///
/// It is the subset of TOML these three keys need (a string may be quoted, booleans are `true`
/// and `false`), read by a few lines of its own rather than a TOML library (DECISIONS.md). A key
/// the file does not know, a value of the wrong kind, a key given twice or a line that is not
/// `key = value` is an error naming the file, the line and the key.
///
/// UIKit has no counterpart: it stands for an app's `UserDefaults`, read once at launch.
public struct ConfigFile: Equatable, Sendable {
  /// The keys the file knows, in the order the documents list them.
  public static let keys = ["layout", "smooth-scroll", "animation", "na"]

  /// The layout to open in, as `--layout` would choose it.
  public var layout: BrowserLayoutStyle?
  /// Whether pages and jumps glide (`--smooth-scroll`).
  public var smoothScroll: Bool?
  /// Whether changes animate (false is `--no-animation`).
  public var animation: Bool?
  /// The texts that stand for a missing value besides the empty one (`na = NA, N/A, -`, as
  /// `--na` gives them).
  public var missingTokens: [String]?
  /// The line each setting was read from, by key, for messages that quote it.
  public var lines: [String: Int] = [:]

  /// An empty file: every setting left to the command line, the environment and the rules.
  public init() {}

  /// Where the file is for `environment`: under `XDG_CONFIG_HOME`, else under `HOME`'s
  /// `.config`; nil with neither.
  public static func path(environment: [String: String]) -> String? {
    if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty {
      return base + "/mosaic/config"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/mosaic/config"
  }

  /// Reads the file at `path`: an empty configuration when there is no file.
  ///
  /// - Throws: `ConfigFileError` for a file that exists but cannot be read, or a bad line.
  public static func read(path: String) throws(ConfigFileError) -> ConfigFile {
    guard FileManager.default.fileExists(atPath: path) else { return ConfigFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigFileError(path: path, line: nil, key: nil, reason: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigFileError(path: path, line: nil, key: nil, reason: "is not UTF-8 text")
    }
    return try parse(text, path: path)
  }

  /// Parses the text of a configuration file found at `path` (named in errors).
  ///
  /// - Throws: `ConfigFileError` for the first bad line.
  public static func parse(_ text: String, path: String) throws(ConfigFileError) -> ConfigFile {
    var file = ConfigFile()
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      func failure(_ key: String?, _ reason: String) -> ConfigFileError {
        ConfigFileError(path: path, line: number, key: key, reason: reason)
      }
      let line = withoutComment(raw).trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      guard let equals = line.firstIndex(of: "=") else {
        if line.hasPrefix("[") {
          throw failure(nil, "tables ([…]) are not used: write key = value lines")
        }
        throw failure(nil, "expected key = value, not \(quoted(line))")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard keys.contains(key) else {
        let near = FieldLookup.suggestion(for: key, in: keys).map { " (did you mean \($0)?)" }
        throw failure(
          key, "unknown key\(near ?? ""); the keys are \(keys.joined(separator: ", "))")
      }
      guard file.lines[key] == nil else {
        throw failure(key, "given twice (first on line \(file.lines[key]!))")
      }
      guard !value.isEmpty else { throw failure(key, "no value after =") }
      switch key {
      case "layout":
        let name = unquoted(value)
        guard let style = BrowserLayoutStyle(name: name) else {
          throw failure(key, BrowserLayoutStyle.unknownNameReason(name))
        }
        file.layout = style
      case "na":
        file.missingTokens = unquoted(value).split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
      default:
        guard let flag = boolean(value) else {
          throw failure(key, "expected true or false, not \(quoted(value))")
        }
        if key == "animation" { file.animation = flag } else { file.smoothScroll = flag }
      }
      file.lines[key] = number
    }
    return file
  }

  /// `line` up to a `#` that is outside double quotes.
  static func withoutComment(_ line: Substring) -> Substring {
    var inQuotes = false
    for index in line.indices {
      switch line[index] {
      case "\"": inQuotes.toggle()
      case "#" where !inQuotes: return line[..<index]
      default: break
      }
    }
    return line
  }

  /// `value` without the double or single quotes around it, if it has them.
  static func unquoted(_ value: String) -> String {
    for mark in ["\"", "'"] where value.count >= 2 && value.hasPrefix(mark) && value.hasSuffix(mark)
    {
      return String(value.dropFirst().dropLast())
    }
    return value
  }

  /// TOML's booleans, `true` and `false`; nil for anything else.
  static func boolean(_ value: String) -> Bool? {
    switch value {
    case "true": true
    case "false": false
    default: nil
    }
  }

  /// `text` in double quotes for a message, cut to a few words (the message's writer shows
  /// control characters as escapes).
  static func quoted(_ text: String) -> String {
    "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
  }
}
