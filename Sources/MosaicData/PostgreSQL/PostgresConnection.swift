import CLibPQ
import Foundation

// @unchecked: the connection is used only under `lock`; the cancel handle, which libpq allows
// from any thread, lives under `cancelLock`.
/// One read-only session with a PostgreSQL server, used by one thread at a time under its lock,
/// and cancelled from any other.
///
/// UIKit has no counterpart; it is a persistent store's connection. The session is read-only
/// (`default_transaction_read_only`), every statement has a timeout, the server is told the
/// client is `mosaic` (`application_name`, so it can be found in `pg_stat_activity`), and checks
/// the client is still there while a long statement runs, so quitting leaves no backend working.
final class PostgresConnection: @unchecked Sendable {
  /// What every session of one source connects with.
  struct Settings: Sendable {
    /// The server and database.
    var connectionString: PostgresConnectionString
    /// The longest a statement may run, in seconds (0: no limit).
    var statementTimeout: Double = 30

    /// A new session with these settings.
    func connect() throws -> PostgresConnection {
      try PostgresConnection(self)
    }
  }

  /// The settings it was opened with.
  let settings: Settings
  /// How errors name the server (no password).
  let displayName: String
  /// The database's name, how titles name it (`shop (public.orders)`): short enough to leave
  /// room in a status bar for what happened.
  let databaseName: String
  private let handle: OpaquePointer
  private let lock = NSLock()
  private let cancelLock = NSLock()
  private var canceller: OpaquePointer?

  /// Connects, then makes the session read-only with its timeouts.
  ///
  /// - Throws: `PostgresFailure` naming the server (never the password) when it cannot connect.
  init(_ settings: Settings) throws {
    self.settings = settings
    let connection = settings.connectionString
    // The user's string first, then what mosaic insists on (later keywords win).
    let keywords = ["connect_timeout", "dbname", "application_name", "client_encoding"]
    let values = ["10", connection.text, "mosaic", "UTF8"]
    let handle: OpaquePointer? = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keywordPointers, valuePointers, 1)
      }
    }
    guard let handle else {
      throw PostgresFailure(message: "cannot connect to \(connection.displayName): out of memory")
    }
    guard PQstatus(handle) == CONNECTION_OK else {
      let message = String(cString: PQerrorMessage(handle))
      PQfinish(handle)
      throw PostgresFailure(
        message: "cannot connect to \(connection.displayName): "
          + connection.scrubbed(Self.summary(message)),
        connectionLost: true)
    }
    self.handle = handle
    displayName = PostgresConnectionString.name(
      user: PQuser(handle).map { String(cString: $0) },
      host: PQhost(handle).map { String(cString: $0) },
      port: PQport(handle).map { String(cString: $0) },
      database: PQdb(handle).map { String(cString: $0) })
    databaseName = PQdb(handle).map { String(cString: $0) } ?? ""
    canceller = PQgetCancel(handle)
    let timeout = max(0, Int((settings.statementTimeout * 1000).rounded()))
    // A failure here releases the connection through deinit.
    _ = try execute(
      "SET default_transaction_read_only = on; SET statement_timeout = \(timeout);"
        + " SET client_connection_check_interval = 500", simple: true)
  }

  deinit {
    cancelLock.lock()
    if let canceller { PQfreeCancel(canceller) }
    canceller = nil
    cancelLock.unlock()
    PQfinish(handle)
  }

  /// libpq's message cut to what matters on one line: the lines that say what happened (the
  /// `Is the server running…` hint dropped).
  static func summary(_ message: String) -> String {
    let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("Is the server running") }
    return lines.joined(separator: "; ")
  }

  /// Whether the session is still connected.
  var isConnected: Bool {
    lock.lock()
    defer { lock.unlock() }
    return PQstatus(handle) == CONNECTION_OK
  }

  /// Asks the server to stop the statement this session is running: from any thread.
  func cancel() {
    cancelLock.lock()
    defer { cancelLock.unlock() }
    guard let canceller else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = PQcancel(canceller, &buffer, Int32(buffer.count))
  }

  /// Runs `sql` with `parameters` bound to `$1`, `$2`… (text, nil for NULL) and returns its rows
  /// in text format. `simple` runs several `;`-separated statements without parameters.
  /// `readOnlyTransaction` runs it inside `BEGIN READ ONLY` … `ROLLBACK`, so nothing it does
  /// outlives it (a `--query`'s `set_config` included).
  ///
  /// - Throws: `PostgresFailure` with the server's message.
  func execute(
    _ sql: String, _ parameters: [String?] = [], simple: Bool = false,
    readOnlyTransaction: Bool = false
  ) throws -> PostgresResult {
    lock.lock()
    defer { lock.unlock() }
    if readOnlyTransaction {
      _ = try run("BEGIN TRANSACTION READ ONLY", [], simple: true)
      defer { _ = try? run("ROLLBACK", [], simple: true) }
      return try run(sql, parameters, simple: simple)
    }
    return try run(sql, parameters, simple: simple)
  }

  private func run(_ sql: String, _ parameters: [String?], simple: Bool) throws -> PostgresResult {
    let result: OpaquePointer?
    if simple {
      result = PQexec(handle, sql)
    } else {
      result = withOptionalCStrings(parameters) { values in
        PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
      }
    }
    defer { PQclear(result) }
    let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
    guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK, let result else {
      throw failure(result)
    }
    let columns = Int(PQnfields(result))
    let count = Int(PQntuples(result))
    var rows: [[String?]] = []
    rows.reserveCapacity(count)
    for row in 0..<Int32(count) {
      var values: [String?] = []
      values.reserveCapacity(columns)
      for column in 0..<Int32(columns) {
        if PQgetisnull(result, row, column) != 0 {
          values.append(nil)
        } else {
          let length = Int(PQgetlength(result, row, column))
          // Bytes that are not UTF-8 (a SQL_ASCII database) become U+FFFD, never a failure.
          let bytes = UnsafeRawPointer(PQgetvalue(result, row, column)!)
            .assumingMemoryBound(to: UInt8.self)
          values.append(
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
        }
      }
      rows.append(values)
    }
    return PostgresResult(
      columnNames: (0..<Int32(columns)).map { String(cString: PQfname(result, $0)) },
      columnTypes: (0..<Int32(columns)).map { UInt32(PQftype(result, $0)) },
      rows: rows)
  }

  /// The failure `result` reports: the server's primary message, or libpq's when the
  /// connection broke.
  private func failure(_ result: OpaquePointer?) -> PostgresFailure {
    let lost = PQstatus(handle) != CONNECTION_OK
    var message = ""
    var state = ""
    if let result {
      if let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))) {
        message = String(cString: primary)
      }
      if let code = PQresultErrorField(result, Int32(UInt8(ascii: "C"))) {
        state = String(cString: code)
      }
    }
    if message.isEmpty { message = Self.summary(String(cString: PQerrorMessage(handle))) }
    if lost {
      message = "lost the connection to the server" + (message.isEmpty ? "" : ": \(message)")
    }
    return PostgresFailure(
      message: settings.connectionString.scrubbed(Self.summary(message)),
      wasCancelled: state == "57014", connectionLost: lost)
  }
}

/// Calls `body` with `strings` as a C array of C strings, valid during the call.
private func withCStrings<T>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
) -> T {
  withOptionalCStrings(strings.map { Optional($0) } + [nil], body)
}

/// Calls `body` with `strings` as a C array of C strings (NULL for nil), valid during the call.
private func withOptionalCStrings<T>(
  _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T
) -> T {
  let copies = strings.map { $0.map { UnsafePointer(strdup($0)!) } }
  defer { copies.forEach { $0.map { free(UnsafeMutablePointer(mutating: $0)) } } }
  return copies.withUnsafeBufferPointer { body($0.baseAddress) }
}
