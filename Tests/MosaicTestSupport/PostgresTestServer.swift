import Foundation

// @unchecked: the databases made live under `lock`; everything else is set once.
/// A throwaway PostgreSQL server for the tests: `initdb` into a temporary directory, `postgres`
/// listening only on a Unix socket in that directory (no TCP port), run as the `postgres`
/// account when the tests run as root (PostgreSQL refuses root), stopped (`pg_ctl stop -m
/// immediate`) when the test process exits, even after a failure or a watchdog's `_exit`.
///
/// UIKit has no counterpart. One server serves the whole test process (`shared`); each suite
/// makes its own database. Without PostgreSQL's binaries it throws, saying what to install:
/// the tests fail, never pass silently.
public final class PostgresTestServer: @unchecked Sendable {
  /// The directory of the data, the socket and the log.
  public let directory: URL
  /// Where `initdb`, `postgres` and `pg_ctl` are.
  public let binaries: URL
  /// Whether it is the shared server, which the process's end stops.
  private let isShared: Bool
  private let lock = NSLock()
  private var databases: Set<String> = []

  /// Why the shared server could not start, or the server.
  private static let started: Result<PostgresTestServer, PostgresTestServerError> = {
    do {
      return .success(try PostgresTestServer(shared: true))
    } catch let error as PostgresTestServerError {
      return .failure(error)
    } catch {
      return .failure(PostgresTestServerError(message: "\(error)"))
    }
  }()

  /// The server every test shares, started on first use.
  ///
  /// - Throws: `PostgresTestServerError` saying why it could not start (binaries missing).
  public static func shared() throws -> PostgresTestServer {
    try started.get()
  }

  /// The socket directory as libpq's `host`.
  public var host: String { directory.path }

  /// A `key=value` connection string for `database` (as the superuser `postgres`).
  public func connectionString(_ database: String) -> String {
    "host=\(host) port=5432 user=postgres dbname=\(database)"
  }

  private init(shared: Bool) throws {
    isShared = shared
    binaries = try Self.findBinaries()
    let base = URL(fileURLWithPath: "/tmp", isDirectory: true)
      .appendingPathComponent("mosaic-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    directory = base
    let isRoot = geteuid() == 0
    if isRoot {
      // The postgres account owns the directory; root can still read the log.
      _ = try Self.run(URL(fileURLWithPath: "/bin/chown"), ["postgres:postgres", base.path])
    }
    let data = base.appendingPathComponent("data").path
    let initdb = try Self.run(
      binaries.appendingPathComponent("initdb"),
      [
        "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8",
        "--no-sync",
      ], asPostgres: isRoot, timeout: 120)
    guard initdb.status == 0 else {
      throw PostgresTestServerError(message: "initdb failed: \(initdb.stderr)")
    }
    Self.guardAgainstOrphans(pgctl: binaries.appendingPathComponent("pg_ctl").path, data: data)
    let start = try Self.run(
      binaries.appendingPathComponent("pg_ctl"),
      [
        "-D", data, "-l", base.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
        serverOptions, "start",
      ], asPostgres: isRoot, timeout: 90)
    guard start.status == 0 else {
      let log = (try? String(contentsOf: base.appendingPathComponent("log"), encoding: .utf8)) ?? ""
      throw PostgresTestServerError(message: "pg_ctl start failed: \(start.stderr)\n\(log)")
    }
  }

  /// The server's options: the socket in `directory` only, durability off (test data).
  private var serverOptions: String {
    "-k \(directory.path) -c listen_addresses='' -c fsync=off -c full_page_writes=off"
      + " -c synchronous_commit=off -c max_connections=200"
  }

  /// A server of its own, for a test that stops and restarts it; stopped when released.
  public static func startOwn() throws -> PostgresTestServer {
    try PostgresTestServer(shared: false)
  }

  deinit {
    if !isShared { try? stop() }
  }

  /// Where PostgreSQL's server binaries are: `pg_config --bindir` if it has `initdb`, else the
  /// newest `/usr/lib/postgresql/*/bin`.
  static func findBinaries() throws -> URL {
    let manager = FileManager.default
    if let result = try? run(URL(fileURLWithPath: "/usr/bin/pg_config"), ["--bindir"]),
      result.status == 0
    {
      let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      if manager.isExecutableFile(atPath: path + "/initdb") { return URL(fileURLWithPath: path) }
    }
    let versions = ((try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
      .sorted { Int($0) ?? 0 > Int($1) ?? 0 }
    for version in versions {
      let path = "/usr/lib/postgresql/\(version)/bin"
      if manager.isExecutableFile(atPath: path + "/initdb") { return URL(fileURLWithPath: path) }
    }
    throw PostgresTestServerError(
      message: "PostgreSQL's server binaries (initdb, postgres) are not installed: the "
        + "PostgreSQL tests need them (apt-get install postgresql libpq-dev; .ci/run does)")
  }

  /// Starts a shell that stops the server once this process is gone, however it ends.
  private static func guardAgainstOrphans(pgctl: String, data: String) {
    let stop =
      geteuid() == 0
      ? "runuser -u postgres -- \(pgctl) -D \(data) stop -m immediate"
      : "\(pgctl) -D \(data) stop -m immediate"
    let script =
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stop) >/dev/null 2>&1;"
      + " rm -rf \(URL(fileURLWithPath: data).deletingLastPathComponent().path)"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }

  /// Runs `executable` (as `postgres` through runuser when `asPostgres`).
  @discardableResult
  static func run(
    _ executable: URL, _ arguments: [String], input: Data = Data(), asPostgres: Bool = false,
    timeout: TimeInterval = 60
  ) throws -> ProcessRunner.Result {
    if asPostgres {
      return try ProcessRunner(executable: URL(fileURLWithPath: "/sbin/runuser"), timeout: timeout)
        .run(["-u", "postgres", "--", executable.path] + arguments, input: input)
    }
    return try ProcessRunner(executable: executable, timeout: timeout).run(arguments, input: input)
  }

  /// Runs `sql` with psql in `database` (stopping at the first error) and returns its output
  /// (tuples only, unaligned, `|` between fields).
  ///
  /// - Throws: `PostgresTestServerError` with psql's complaint.
  @discardableResult
  public func psql(_ sql: String, database: String = "postgres", input: Data = Data()) throws
    -> String
  {
    let result = try Self.run(
      binaries.appendingPathComponent("psql"),
      [
        "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-U", "postgres", "-d",
        database, "-c", sql,
      ], input: input, timeout: 120)
    guard result.status == 0 else {
      throw PostgresTestServerError(message: "psql failed (\(sql.prefix(200))): \(result.stderr)")
    }
    return result.stdout
  }

  /// Creates the database `name` once (a suite's own), running `setup` in it the first time.
  public func database(_ name: String, setup: (String) throws -> Void = { _ in }) throws -> String {
    lock.lock()
    defer { lock.unlock() }
    guard !databases.contains(name) else { return name }
    try psql("DROP DATABASE IF EXISTS \(name)")
    try psql("CREATE DATABASE \(name)")
    try setup(name)
    databases.insert(name)
    return name
  }

  /// Loads `csv` (a header line, then rows) into the table `table` of `database` with COPY.
  public func copy(_ csv: String, into table: String, database: String) throws {
    try psql(
      "\\copy \(table) FROM STDIN WITH (FORMAT csv, HEADER true)", database: database,
      input: Data(csv.utf8))
  }

  /// Stops the server now (`pg_ctl stop -m immediate`): a test of a server going away.
  public func stop() throws {
    let result = try Self.run(
      binaries.appendingPathComponent("pg_ctl"),
      ["-D", directory.appendingPathComponent("data").path, "stop", "-m", "immediate"],
      asPostgres: geteuid() == 0, timeout: 60)
    guard result.status == 0 else {
      throw PostgresTestServerError(message: "pg_ctl stop failed: \(result.stderr)")
    }
  }

  /// Starts the server again after `stop()`.
  public func restart() throws {
    let result = try Self.run(
      binaries.appendingPathComponent("pg_ctl"),
      [
        "-D", directory.appendingPathComponent("data").path, "-l",
        directory.appendingPathComponent("log").path, "-w", "-t", "60", "-o", serverOptions,
        "start",
      ], asPostgres: geteuid() == 0, timeout: 90)
    guard result.status == 0 else {
      throw PostgresTestServerError(message: "pg_ctl start failed: \(result.stderr)")
    }
  }
}

/// Why the test server could not do what a test asked.
public struct PostgresTestServerError: Error, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}
