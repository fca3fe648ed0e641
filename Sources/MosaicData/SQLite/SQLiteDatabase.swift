import Foundation

/// A SQLite database file opened read-only: its tables and views, each (or any `SELECT`) as a
/// record source read a window at a time.
///
/// UIKit has no counterpart; it is the persistent store coordinator of a Core Data stack.
public final class SQLiteDatabase: Sendable {
  /// A table or view of the database.
  public struct Table: Equatable, Sendable {
    /// Its name.
    public let name: String
    /// Whether it is a view.
    public let isView: Bool

    /// A table (or view) named `name`.
    public init(name: String, isView: Bool) {
      self.name = name
      self.isView = isView
    }
  }

  /// How errors and titles name the file.
  public let name: String
  /// The file's path.
  public let path: String
  /// The tables and views, by name.
  public let tables: [Table]
  private let reader: SQLiteConnection

  /// Whether the file at `path` starts with SQLite's header (`SQLite format 3` and a NUL).
  public static func isDatabase(path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header == Data("SQLite format 3\0".utf8)
  }

  /// Opens the database at `path` read-only and lists its tables.
  ///
  /// - Throws: `DataError.unreadable` naming the file when it cannot be opened or is no database.
  public init(path: String, name: String? = nil) throws {
    self.path = path
    self.name = name ?? path
    let displayName = name ?? path
    do {
      let reader = try SQLiteConnection(path: path)
      self.reader = reader
      tables = try reader.withLock {
        let statement = try reader.prepare(
          "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')"
            + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        var tables: [Table] = []
        while try statement.step() {
          tables.append(
            Table(name: statement.value(0).text, isView: statement.value(1).text == "view"))
        }
        return tables
      }
    } catch let failure as SQLiteFailure where failure.isLocked {
      throw DataError.unreadable(
        file: displayName,
        reason: "locked by another program writing to it (waited"
          + " \(SQLiteConnection.busyTimeout / 1000) s); try again when it has finished")
    } catch {
      throw DataError.unreadable(file: displayName, reason: "not a SQLite database (\(error))")
    }
  }

  /// The table or view named `table` (exactly, else ignoring case as SQL does) as a record
  /// source: its first rows are read now, the rest counted in the background.
  ///
  /// - Throws: `DataError.unreadable` naming the file and table when there is no such table,
  ///   listing those there are.
  public func open(table: String) throws -> WindowedTable {
    guard
      let found = tables.first(where: { $0.name == table })
        ?? tables.first(where: { $0.name.lowercased() == table.lowercased() })
    else {
      throw DataError.noTable(file: name, table: table, known: tables.map(\.name))
    }
    let title = "\(name) (\(found.name))"
    do {
      let base: SQLiteQuery.Base
      if let rowid = try rowidName(of: found) {
        base = .table(name: found.name, rowid: rowid)
      } else {
        base = .statement("SELECT * FROM \(SQLiteConnection.quoted(found.name))")
      }
      return try WindowedTable(
        query: SQLiteQuery(reader: reader, path: path, fileName: name, name: title, base: base))
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError.unreadable(file: title, reason: "\(error)")
    }
  }

  /// The rows of `sql` (one statement, a `SELECT`: the database is opened read-only) as a record
  /// source, read a window at a time by LIMIT/OFFSET.
  ///
  /// - Throws: `DataError.unreadable` naming the file and quoting SQLite's complaint.
  public func open(query sql: String) throws -> WindowedTable {
    do {
      // One query, as SQLite reads it: a second statement would be silently cut off by the
      // subquery, and a statement that is no query gets a line saying so.
      let text = try reader.withLock { try reader.singleQuery(sql) }
      return try WindowedTable(
        query: SQLiteQuery(
          reader: reader, path: path, fileName: name, name: "\(name) (query)",
          base: .statement(text)))
    } catch let error as DataError {
      throw error
    } catch {
      throw DataError.unreadable(file: name, reason: "--query: \(error)")
    }
  }

  /// The number of rows of `table`: a `count(*)`, which reads the whole table (call it off the
  /// main thread); on its own connection, so it runs beside the windows being read.
  public func rowCount(of table: String) throws -> Int {
    do {
      let connection = try SQLiteConnection(path: path)
      return try connection.withLock {
        let statement = try connection.prepare(
          "SELECT count(*) FROM \(SQLiteConnection.quoted(table))")
        _ = try statement.step()
        return Int(statement.int64(0))
      }
    } catch {
      throw DataError.unreadable(file: "\(name) (\(table))", reason: "\(error)")
    }
  }

  /// The name reading `table`'s row ids (`rowid`, else `_rowid_` or `oid` when a column is
  /// called that), or nil for a view or a `WITHOUT ROWID` table.
  private func rowidName(of table: Table) throws -> String? {
    guard !table.isView else { return nil }
    return try reader.withLock {
      let columns = try reader.prepare(
        "SELECT * FROM \(SQLiteConnection.quoted(table.name)) LIMIT 0")
      let names = Set((0..<columns.columnCount).map { columns.columnName($0).lowercased() })
      guard let alias = ["rowid", "_rowid_", "oid"].first(where: { !names.contains($0) }) else {
        return nil
      }
      do {
        _ = try reader.prepare("SELECT \(alias) FROM \(SQLiteConnection.quoted(table.name))")
        return alias
      } catch {
        return nil
      }
    }
  }
}
