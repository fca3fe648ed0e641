import CSQLite
import Foundation

/// What SQLite said when a call failed, in its own words (`no such table: x`).
struct SQLiteFailure: Error, CustomStringConvertible {
  /// SQLite's message.
  var message: String
  /// Whether the statement was stopped by `interrupt()` rather than failing.
  var wasInterrupted = false
  /// Whether another connection's lock kept the database from being read (`SQLITE_BUSY`,
  /// `SQLITE_LOCKED`), after waiting `SQLiteConnection.busyTimeout`.
  var isLocked = false

  var description: String { message }
}

// @unchecked: the handle is used only under `lock` (statements too: they are stepped inside
// `withLock`), except `sqlite3_interrupt`, which SQLite allows from any thread.
/// One read-only connection to a database file, used by one thread at a time under its lock.
final class SQLiteConnection: @unchecked Sendable {
  /// The database's handle.
  let handle: OpaquePointer
  private let lock = NSLock()
  /// The flag `stop(when:)` checks, kept alive as long as SQLite may call back with it.
  private var stopFlag: Cancellation?

  /// Opens `path` read-only. SQLite reads nothing yet: a file that is no database fails at the
  /// first statement. `mapped`: the file is read through a memory map (`SQLiteMapping`), for a
  /// connection that scans a whole table.
  init(path: String, mapped: Bool = false) throws {
    var db: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
    let vfs = mapped ? SQLiteMapping.vfsName : nil
    let code = sqlite3_open_v2(Self.uri(readingOnly: path), &db, flags, vfs)
    guard code == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let db { sqlite3_close_v2(db) }
      throw SQLiteFailure(message: message)
    }
    handle = db
    // A writer's lock is waited out for a while (a short transaction ends) before a read
    // fails as locked.
    sqlite3_busy_timeout(db, Self.busyTimeout)
    SQLiteConditionFunction.register(on: db)
    if vfs != nil {
      sqlite3_exec(db, "PRAGMA mmap_size = \(SQLiteMapping.mappedBytes)", nil, nil, nil)
    }
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// How long a read waits for another connection's lock to go, in milliseconds.
  static let busyTimeout: Int32 = 3000

  /// How to open `path` so that reading it writes nothing beside it. A database in WAL mode
  /// with no `-wal` file beside it has no writer connected (a writer keeps its `-wal` while it
  /// is open), yet SQLite would create `-wal` and `-shm` files to read it: it is opened
  /// `immutable` instead, which reads the file alone, without locks. Any other database
  /// (rollback journal, or a WAL one being written, whose files exist already) is opened
  /// read-only as it is.
  static func uri(readingOnly path: String) -> String {
    var escaped = ""
    for scalar in path.unicodeScalars {
      switch scalar {
      case "%", "?", "#": escaped += String(format: "%%%02X", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    let base = "file:" + escaped
    guard isWALWithoutLog(path) else { return base + "?mode=ro" }
    return base + "?mode=ro&immutable=1"
  }

  /// Whether the database at `path` is in WAL mode (header bytes 18 and 19 are 2) and no
  /// `-wal` file lies beside it.
  static func isWALWithoutLog(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 20), header.count == 20,
      header.starts(with: Data("SQLite format 3\0".utf8))
    else { return false }
    let bytes = [UInt8](header)
    return bytes[18] == 2 && bytes[19] == 2
      && !FileManager.default.fileExists(atPath: path + "-wal")
  }

  /// Runs `body` while no other thread uses the connection.
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Compiles `sql`; call inside `withLock`.
  func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      if let statement { sqlite3_finalize(statement) }
      throw failure(code)
    }
    return SQLiteStatement(handle: statement, connection: self)
  }

  /// Compiles `sql` and binds `parameters` to `?1`, `?2`…; call inside `withLock`.
  func prepare(_ sql: String, binding parameters: [String]) throws -> SQLiteStatement {
    let statement = try prepare(sql)
    for (index, parameter) in parameters.enumerated() {
      statement.bind(parameter, at: Int32(index + 1))
    }
    return statement
  }

  /// The one query in `sql`, as SQLite reads it: its text up to the end of its statement
  /// (a trailing `;` and comments after it left out) and a line break, for wrapping as a
  /// subquery.
  ///
  /// - Throws: `SQLiteFailure` for what SQLite rejects, a second statement, or a statement that
  ///   is not a query (one that would change the database, or returns no rows, or cannot stand
  ///   as a subquery: `PRAGMA`, `EXPLAIN`) — one line saying only queries are browsed.
  func singleQuery(_ sql: String) throws -> String {
    let bytes = Array(sql.utf8) + [0]
    return try bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
      defer { sqlite3_finalize(statement) }
      guard code == SQLITE_OK else { throw failure(code) }
      guard let statement else { throw SQLiteFailure(message: "the query is empty") }
      let onlyQueries = "only queries are browsed (SELECT, WITH or VALUES)"
      guard sqlite3_stmt_readonly(statement) != 0 else {
        throw SQLiteFailure(message: "\(onlyQueries): this statement would change the database")
      }
      guard sqlite3_column_count(statement) > 0 else {
        throw SQLiteFailure(message: "\(onlyQueries): this statement returns no rows")
      }
      let length = tail.map { text.distance(to: $0) } ?? (buffer.count - 1)
      if let tail, tail.pointee != 0 {
        // What is left compiles to nothing when it holds no second statement.
        var next: OpaquePointer?
        let rest = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
        let isEmpty = next == nil
        sqlite3_finalize(next)
        guard rest == SQLITE_OK, isEmpty else {
          throw SQLiteFailure(message: "one statement only (a second starts after the first ;)")
        }
      }
      var query = String(decoding: bytes[0..<length], as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      while query.hasSuffix(";") {
        query = String(query.dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      // A PRAGMA or EXPLAIN reads but is no subquery: say so, not "near PRAGMA: syntax error".
      var wrapped: OpaquePointer?
      let asSubquery = sqlite3_prepare_v2(
        handle, "SELECT * FROM (\(query)\n) LIMIT 0", -1, &wrapped, nil)
      sqlite3_finalize(wrapped)
      guard asSubquery == SQLITE_OK else { throw SQLiteFailure(message: onlyQueries) }
      // Ended by a line break, so a `--` comment at its end never swallows what wraps it.
      return query + "\n"
    }
  }

  /// Stops the statement running on this connection (from another thread): its next step fails
  /// with an interrupted failure.
  func interrupt() {
    sqlite3_interrupt(handle)
  }

  /// Makes every statement on this connection, running or started later, fail as interrupted
  /// once `cancellation` is raised: SQLite asks every `progressSteps` steps of its virtual
  /// machine. `sqlite3_interrupt` alone misses a statement that starts after it (a scan raised
  /// between two of its statements would run to its end); it is still sent, to stop a step
  /// waiting in a long sort at once.
  func stop(when cancellation: Cancellation) {
    withLock {
      stopFlag = cancellation
      sqlite3_progress_handler(
        handle, Self.progressSteps,
        { context in
          guard let context else { return 0 }
          return Unmanaged<Cancellation>.fromOpaque(context).takeUnretainedValue().isCancelled
            ? 1 : 0
        }, Unmanaged.passUnretained(cancellation).toOpaque())
    }
    cancellation.onCancel { [weak self] in self?.interrupt() }
  }

  /// How many virtual machine steps pass between two looks at a `stop(when:)` flag: a few
  /// microseconds of work, so a cancelled scan ends within a millisecond.
  static let progressSteps: Int32 = 4096

  /// The failure for result `code`, with SQLite's message.
  func failure(_ code: Int32) -> SQLiteFailure {
    SQLiteFailure(
      message: String(cString: sqlite3_errmsg(handle)), wasInterrupted: code == SQLITE_INTERRUPT,
      isLocked: code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED)
  }

  /// `name` as an SQL identifier: double-quoted, inner quotes doubled, so any table or column
  /// name is safe to put in a statement.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// A compiled statement, finalized when released.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `value` to the 1-based parameter `index`.
  func bind(_ value: Int64, at index: Int32) {
    sqlite3_bind_int64(handle, index, value)
  }

  /// Binds `text` to the 1-based parameter `index` (SQLite copies it).
  func bind(_ text: String, at index: Int32) {
    sqlite3_bind_text(handle, index, text, -1, mosaic_sqlite_transient())
  }

  /// Moves to the next row; false when there is none.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw connection.failure(code)
  }

  /// Runs the statement to its end, for one that returns no rows (`BEGIN`, `COMMIT`).
  func run() throws {
    while try step() {}
  }

  /// Makes the statement ready to run again, its parameters kept.
  func reset() {
    sqlite3_reset(handle)
  }

  /// The number of columns of a row.
  var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// The name of column `index` as the statement reports it.
  func columnName(_ index: Int) -> String {
    sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column \(index + 1)"
  }

  /// Column `index` of the current row as an integer.
  func int64(_ index: Int) -> Int64 {
    sqlite3_column_int64(handle, Int32(index))
  }

  /// Column `index` of the current row as a floating-point number.
  func double(_ index: Int) -> Double {
    sqlite3_column_double(handle, Int32(index))
  }

  /// The SQLite type of column `index` of the current row (`SQLITE_INTEGER`…).
  func type(_ index: Int) -> Int32 {
    sqlite3_column_type(handle, Int32(index))
  }

  /// Calls `body` with column `index`'s text bytes as SQLite holds them (valid during `body`).
  func withTextBytes<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    let column = Int32(index)
    let bytes = sqlite3_column_text(handle, column)
    return body(
      UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
  }

  /// Column `index` of the current row as a value: numbers as SQLite prints them (so a filter on
  /// a value compares the same text), text as text, NULL as `.null`, a blob by its size.
  func value(_ index: Int) -> DataValue {
    let column = Int32(index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_NULL:
      return .null
    case SQLITE_INTEGER, SQLITE_FLOAT:
      return .number(text(column))
    case SQLITE_BLOB:
      return .string("(blob, \(sqlite3_column_bytes(handle, column)) bytes)")
    default:
      return .string(text(column))
    }
  }

  private func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    // Invalid UTF-8 in a TEXT value becomes U+FFFD rather than failing the row.
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
