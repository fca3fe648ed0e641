import Foundation

/// A PostgreSQL database opened read-only through libpq: its tables, views and materialized
/// views with the catalog's estimates of their rows, each (or any `SELECT`) as a record source
/// read a window at a time.
///
/// UIKit has no counterpart; it is the persistent store coordinator of a Core Data stack whose
/// store is a server. Every message names the server without its password.
public final class PostgresDatabase: Sendable {
  /// How errors and titles name the server: `postgresql://ann@db:5432/shop`.
  public let name: String
  /// The tables and views (`schema.name`), as the table picker lists them.
  public let tables: [SQLiteDatabase.Table]
  private let estimates: [String: Int]
  private let reader: PostgresConnection

  /// Connects to the server `connectionString` names (a `postgresql://` URI or `key=value`
  /// pairs; libpq adds `PGHOST`, `PGUSER`, `~/.pgpass`, service files and TLS) and lists its
  /// tables. Statements are stopped after `statementTimeout` seconds.
  ///
  /// - Throws: `DataError.unreadable` naming the server (never the password) when it cannot
  ///   connect or list the tables.
  public init(connectionString: String, statementTimeout: Double = 30) throws {
    let parsed: PostgresConnectionString
    do {
      parsed = try PostgresConnectionString(connectionString)
    } catch {
      throw DataError.unreadable(
        file: PostgresConnectionString.redacted(connectionString), reason: "\(error)")
    }
    let reader: PostgresConnection
    do {
      reader = try PostgresConnection(
        .init(connectionString: parsed, statementTimeout: statementTimeout))
    } catch let failure as PostgresFailure {
      throw DataError.unreadable(file: parsed.displayName, reason: failure.message)
    }
    self.reader = reader
    name = reader.displayName
    do {
      let result = try reader.execute(
        "SELECT n.nspname || '.' || c.relname, c.relkind::text, c.reltuples::bigint"
          + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND NOT c.relispartition"
          + " AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
          + " AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'"
          + " ORDER BY n.nspname <> 'public', 1")
      var tables: [SQLiteDatabase.Table] = []
      var estimates: [String: Int] = [:]
      for row in result.rows {
        guard let name = row[0] else { continue }
        let kind = row[1] ?? ""
        tables.append(SQLiteDatabase.Table(name: name, isView: kind == "v" || kind == "m"))
        if let estimate = Int(row[2] ?? ""), estimate >= 0, kind != "v" {
          estimates[name] = estimate
        }
      }
      self.tables = tables
      self.estimates = estimates
    } catch {
      throw DataError.unreadable(file: reader.displayName, reason: "\(error)")
    }
  }

  /// The catalog's estimate of `table`'s rows (`pg_class.reltuples`), at once.
  ///
  /// - Throws: `DataError.unreadable` for a view or a table never analyzed, which the catalog
  ///   cannot estimate (counting them could take as long as the view runs).
  public func estimatedRowCount(of table: String) throws -> Int {
    guard let estimate = estimates[table] else {
      throw DataError.unreadable(file: "\(name) (\(table))", reason: "no estimate")
    }
    return estimate
  }

  /// The table or view `table` (`schema.name`, or a name found on the search path) as a record
  /// source: its first rows are read now, the rest counted in the background.
  ///
  /// - Throws: `DataError.unreadable` naming the server and table when there is no such table,
  ///   listing some there are.
  public func open(table: String) throws -> WindowedTable {
    let title = "\(name) (\(table))"
    do {
      guard let relation = try find(table) else {
        throw DataError.noTable(file: name, table: table, known: tables.map(\.name))
      }
      let base: PostgresQuery.Base
      if let key = try key(of: relation.oid, kind: relation.kind) {
        base = .relation(name: relation.quoted, key: key, estimate: relation.estimate)
      } else {
        base = .statement("SELECT * FROM \(relation.quoted)", isUserQuery: false)
      }
      return try WindowedTable(
        query: PostgresQuery(
          reader: reader, name: "\(reader.databaseName) (\(relation.displayName))", base: base))
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError.unreadable(file: title, reason: "\(error)")
    }
  }

  /// Throws unless `sql` is one `SELECT`, `WITH`, `VALUES` or `TABLE` statement (comments and
  /// a final `;` aside): the first guard of `--query`; the read-only session is the second.
  ///
  /// - Throws: `DataError.unreadable` saying what is accepted.
  public static func checkQuery(_ sql: String) throws {
    let text = trimmedQuery(sql)
    let word = text.prefix { $0.isLetter }.lowercased()
    let refusal = DataError.unreadable(
      file: "--query",
      reason: "only one SELECT, WITH, VALUES or TABLE statement can be browsed")
    guard ["select", "with", "values", "table"].contains(word) else { throw refusal }
    // A `;` outside quotes and comments would start a second statement.
    var quote: Character?
    var previous: Character = " "
    var lineComment = false
    var blockComment = false
    for character in text {
      defer { previous = character }
      if lineComment {
        if character == "\n" { lineComment = false }
        continue
      }
      if blockComment {
        if previous == "*" && character == "/" { blockComment = false }
        continue
      }
      if let open = quote {
        if character == open { quote = nil }
        continue
      }
      switch character {
      case "'", "\"": quote = character
      case "-" where previous == "-": lineComment = true
      case "*" where previous == "/": blockComment = true
      case ";": throw refusal
      default: break
      }
    }
  }

  /// `sql` without leading blanks and comments or trailing blanks and `;`.
  static func trimmedQuery(_ sql: String) -> String {
    var text = Substring(sql)
    while true {
      text = text.drop { $0.isWhitespace }
      if text.hasPrefix("--") {
        text = text.drop { $0 != "\n" }
      } else if text.hasPrefix("/*"), let end = text.range(of: "*/") {
        text = text[end.upperBound...]
      } else {
        break
      }
    }
    var result = String(text).trimmingCharacters(in: .whitespacesAndNewlines)
    while result.hasSuffix(";") {
      result = String(result.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return result
  }

  /// The rows of `sql` (one `SELECT`, `WITH`, `VALUES` or `TABLE`) as a record source, read a
  /// window at a time by LIMIT/OFFSET inside a read-only transaction that is rolled back.
  ///
  /// - Throws: `DataError.unreadable` naming the server and quoting its complaint.
  public func open(query sql: String) throws -> WindowedTable {
    try Self.checkQuery(sql)
    do {
      return try WindowedTable(
        query: PostgresQuery(
          reader: reader, name: "\(reader.databaseName) (query)",
          base: .statement(Self.trimmedQuery(sql), isUserQuery: true)))
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError.unreadable(file: name, reason: "--query: \(error)")
    }
  }

  /// A relation found by name.
  private struct Relation {
    var oid: String
    var quoted: String
    var displayName: String
    var kind: String
    var estimate: Int?
  }

  /// The relation `table` names: as SQL reads it (`to_regclass`, the search path), else
  /// exactly as the picker lists it.
  private func find(_ table: String) throws -> Relation? {
    var result = try reader.execute(
      "SELECT c.oid::text, n.nspname, c.relname, c.relkind::text, c.reltuples::bigint"
        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE c.oid = to_regclass($1)", [table])
    if result.rows.isEmpty {
      result = try reader.execute(
        "SELECT c.oid::text, n.nspname, c.relname, c.relkind::text, c.reltuples::bigint"
          + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
          + " WHERE n.nspname || '.' || c.relname = $1 OR c.relname = $1"
          + " ORDER BY n.nspname <> 'public' LIMIT 1", [table])
    }
    guard let row = result.rows.first, let oid = row[0], let schema = row[1], let name = row[2]
    else { return nil }
    let kind = row[3] ?? ""
    return Relation(
      oid: oid,
      quoted: PostgresColumn.quoted(schema) + "." + PostgresColumn.quoted(name),
      displayName: "\(schema).\(name)", kind: kind,
      estimate: kind == "v" ? nil : Int(row[4] ?? "").flatMap { $0 >= 0 ? $0 : nil })
  }

  /// The key windows are found by: the primary key, else the smallest unique index of NOT NULL
  /// columns, else `ctid` for a plain table or materialized view; nil for a view.
  private func key(of oid: String, kind: String) throws -> [PostgresQuery.Term]? {
    guard kind == "r" || kind == "m" || kind == "p" else { return nil }
    let result = try reader.execute(
      "SELECT i.indexrelid::text, a.attname, format_type(a.atttypid, a.atttypmod)"
        + " FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY"
        + " AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = i.indrelid"
        + " AND a.attnum = k.attnum"
        + " WHERE i.indrelid = $1::oid AND i.indisunique AND i.indisvalid"
        + " AND i.indpred IS NULL AND i.indexprs IS NULL AND k.n <= i.indnkeyatts"
        + " AND NOT EXISTS (SELECT 1 FROM unnest(i.indkey::int2[]) AS u(attnum)"
        + " JOIN pg_attribute b ON b.attrelid = i.indrelid AND b.attnum = u.attnum"
        + " WHERE NOT b.attnotnull)"
        + " ORDER BY i.indisprimary DESC, i.indnkeyatts, i.indexrelid, k.n", [oid])
    if let index = result.rows.first?[0] {
      return result.rows.filter { $0[0] == index }.map {
        PostgresQuery.Term(
          sql: PostgresColumn.quoted($0[1] ?? ""), type: $0[2] ?? "text", descending: false)
      }
    }
    // A partitioned table's ctid is not unique across its partitions.
    guard kind != "p" else { return nil }
    return [PostgresQuery.Term(sql: "ctid", type: "tid", descending: false)]
  }
}
