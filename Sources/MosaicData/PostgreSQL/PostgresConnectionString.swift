import CLibPQ
import Foundation

/// A libpq connection string as the user gave it (`postgresql://ann@db/shop`, or
/// `host=db dbname=shop`), recognised, parsed and named without its password.
///
/// UIKit has no counterpart; it is a store's URL. The password stays with libpq: the name shown
/// in titles, errors and `--stats` is built from the other parts, and any message is scrubbed of
/// the password's text before it is shown.
public struct PostgresConnectionString: Sendable {
  /// The text given, password and all: only libpq reads it.
  let text: String
  /// The password the text holds, to scrub from messages (nil when it holds none).
  let password: String?
  /// How titles and errors name the server: `postgresql://ann@db:5432/shop`, no password.
  public let displayName: String

  /// Whether `text` is a connection string: a `postgresql://` or `postgres://` URI, or
  /// `key=value` pairs whose first key is one libpq knows.
  public static func isConnectionString(_ text: String) -> Bool {
    let lowered = text.lowercased()
    if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") { return true }
    guard let equals = text.firstIndex(of: "=") else { return false }
    let key = text[..<equals].trimmingCharacters(in: .whitespaces)
    return knownKeys.contains(key)
  }

  /// The keys a `key=value` string starts with that make it a connection string.
  static let knownKeys: Set<String> = [
    "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
    "options", "application_name", "connect_timeout", "target_session_attrs",
  ]

  /// Parses `text` with libpq.
  ///
  /// - Throws: `PostgresFailure` (its message scrubbed of anything after `password`) when libpq
  ///   cannot read it.
  public init(_ text: String) throws {
    self.text = text
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(text, &error) else {
      let message = error.map { String(cString: $0) } ?? "out of memory"
      if let error { PQfreemem(error) }
      throw PostgresFailure(
        message: "not a PostgreSQL connection string: "
          + Self.firstLine(Self.redacted(message)))
    }
    defer { PQconninfoFree(options) }
    var values: [String: String] = [:]
    var option = options
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        values[String(cString: keyword)] = String(cString: value)
      }
      option += 1
    }
    password = values["password"].flatMap { $0.isEmpty ? nil : $0 }
    displayName = Self.name(
      user: values["user"], host: values["host"] ?? values["hostaddr"], port: values["port"],
      database: values["dbname"])
  }

  /// `postgresql://user@host:port/database`, each part only when known.
  static func name(user: String?, host: String?, port: String?, database: String?) -> String {
    var name = "postgresql://"
    if let user, !user.isEmpty { name += user + "@" }
    name += host ?? ""
    if let port, !port.isEmpty { name += ":" + port }
    name += "/" + (database ?? "")
    return name
  }

  /// `message` with the password's text replaced by `…`, and any `password=…` or URI
  /// `user:password@` it quotes cut out.
  func scrubbed(_ message: String) -> String {
    var message = Self.redacted(message)
    if let password, password.count >= 1 {
      message = message.replacingOccurrences(of: password, with: "…")
    }
    return message
  }

  /// `text` with the password of any URI (`user:secret@`) or `password=secret` pair (quoted or
  /// not, in a URI's query too) removed.
  public static func redacted(_ text: String) -> String {
    var out = text
    // A URI's user:password@ (the password cannot hold an unescaped @ or /).
    if let pattern = try? NSRegularExpression(
      pattern: "(postgres(?:ql)?://[^:/@\\s]*):[^@/\\s]*@", options: [.caseInsensitive])
    {
      out = pattern.stringByReplacingMatches(
        in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "$1@")
    }
    // A URI's query parameter: ?password=secret&sslmode=… or …&password=secret.
    out = replacing("([?&])password=[^&\\s]*&", in: out, with: "$1")
    out = replacing("[?&]password=[^&\\s]*", in: out, with: "")
    // A key=value pair: password='it\'s secret' or password=secret.
    out = replacing(
      "(^|\\s)password\\s*=\\s*('(?:[^'\\\\]|\\\\.)*'|\\S*)\\s*", in: out, with: "$1")
    return out
  }

  /// `text` with every match of `pattern` (case ignored) replaced by `template`.
  private static func replacing(_ pattern: String, in text: String, with template: String)
    -> String
  {
    guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    else { return text }
    return expression.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
  }

  /// The first line of `text`, without trailing blanks.
  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n", omittingEmptySubsequences: true).first ?? ""
    return line.trimmingCharacters(in: .whitespaces)
  }
}
