import CSQLite
import Foundation

/// `F` and `I` asked of SQLite: one query reads the field of the kept rows (the view's and the
/// extra conditions as `WHERE`, the rows not kept never leaving SQLite) in row id order, on a
/// connection of its own that a cancel interrupts, and the values are counted as
/// `FieldStatistics.compute` counts a file's records (so the figures, the cap and the order of
/// ties are the same).
extension SQLiteQuery {
  private static let lookups = PathTally()
  private static let lookupsInPieces = PathTally()

  /// How many counts looked the kept rows up instead of scanning (tests: the path is taken).
  static var keptRowLookups: Int { lookups.count }

  /// How many counts looked the kept rows up in pieces at once (tests: the path is taken).
  static var pieceLookups: Int { lookupsInPieces.count }

  func fieldStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? {
    // A statement's rows have no row ids to tell which value came first.
    guard case .table(let table, let rowid) = base, fieldNames.indices.contains(field),
      Set(fieldNames).count == fieldNames.count
    else { return nil }
    // A number compared as text cannot be said to `mosaic_test`: counted by the caller.
    if filter?.condition.hasTextLiterals == true { return nil }
    let conditions = [self.filter?.condition, filter?.condition].compactMap { $0 }
    if conditions.contains(where: { condition in
      condition.tests.contains { $0.field.map { !fieldNames.indices.contains($0) } ?? false }
    }) {
      return nil
    }
    let condition =
      conditions.isEmpty
      ? nil
      : ConditionSQL(
        conditions.count == 1 ? conditions[0] : .and(conditions), fieldNames: fieldNames,
        missing: limits.missing)
    let column = SQLiteConnection.quoted(fieldNames[field])
    let id = SQLiteConnection.quoted(rowid)
    // Measured on ten million rows: SQLite's GROUP BY sorts every row (7.8 s of CPU for five
    // values) where reading the column is 1.3 s, so the values are read once in row id order
    // and counted here, by the counter `FieldStatistics.compute` uses, record by record.
    let sql =
      "SELECT \(column), \(id) FROM \(SQLiteConnection.quoted(table))"
      + (condition.map { " WHERE \($0.expression)" } ?? "") + " ORDER BY \(id)"
    let connection = try SQLiteConnection(path: path, mapped: true)
    connection.stop(when: cancellation)
    if cancellation.isCancelled { return nil }
    let empty = FieldCounter.Key(text: "", isCut: false)
    func count(_ statement: SQLiteStatement, into counter: inout FieldCounter) throws {
      while try statement.step() {
        let record = Int(statement.int64(1))
        guard statement.type(0) != SQLITE_NULL else {
          counter.add(empty, record: record)
          continue
        }
        // The value as the browser shows it (`SQLiteStatement.value`), long ones by their
        // start as in memory.
        counter.add(counter.key(of: FieldText(statement.value(0).text)), record: record)
      }
    }
    /// The values of the rows `ids` (ascending) counted on `connection` into `counter`, one
    /// statement looking each up in turn; false when stopped because `counter` met more
    /// distinct values than it keeps and `untilCapped` (a later piece, whose count could then
    /// not be joined exactly).
    func lookUp(
      _ ids: ArraySlice<Int64>, on connection: SQLiteConnection, into counter: inout FieldCounter,
      untilCapped: Bool = false
    ) throws -> Bool {
      // One statement bound to each row id in turn, in one read transaction (else every lookup
      // takes and drops the file's lock and reads its header again): on ten million rows a
      // third less CPU than lists of row ids, which SQLite parses and sorts before looking up.
      let statement = try connection.prepare(
        "SELECT \(column), \(id) FROM \(SQLiteConnection.quoted(table)) WHERE \(id) = ?1")
      try connection.prepare("BEGIN").run()
      defer { try? connection.prepare("COMMIT").run() }
      var next = ids.startIndex
      while next < ids.endIndex {
        if cancellation.isCancelled { break }
        if untilCapped, counter.isCapped { return false }
        for rowid in ids[next..<min(ids.endIndex, next + 4096)] {
          statement.bind(rowid, at: 1)
          try count(statement, into: &counter)
          statement.reset()
        }
        next = min(ids.endIndex, next + 4096)
      }
      return !(untilCapped && counter.isCapped)
    }
    var counter = FieldCounter(limits: limits)
    do {
      try connection.withLock {
        // The filter's count kept its rows' ids: when they are few, looking them up reads a
        // fraction of the table, and the condition is not tested again (on ten million rows,
        // 552,164 kept: 0.6 s of CPU against 2 s for the scan).
        if filter == nil, let kept = keptRowids,
          let bounds = try rowidBounds(connection),
          kept.count * 5 < Int(clamping: bounds.upperBound - bounds.lowerBound) + 1
        {
          Self.lookups.add()
          // Many rows: a piece of them per core, looked up at once on connections of their
          // own, each piece's count joined to the ones before it in row id order. A later piece
          // that alone meets more distinct values than it can keep cannot be joined exactly
          // (the values kept depend on the pieces before it): it stops, and is counted again
          // after them.
          let pieces = ParallelWork.pieces(of: kept.indices, minimumPiece: 65_536)
          let counts = ParallelWork.map(kept.indices, minimumPiece: 65_536) {
            range -> Result<FieldCounter?, any Error> in
            Result {
              let later = range.lowerBound > 0
              let own = later ? try SQLiteConnection(path: path, mapped: true) : connection
              if later { own.stop(when: cancellation) }
              // A later piece keeps more values than the total does (four times as many, so
              // its memory stays bounded): with every value it met counted, it joins exactly.
              var wider = limits
              if later {
                wider.distinctValues = max(limits.distinctValues, limits.distinctValues &* 4)
              }
              var piece = FieldCounter(limits: wider)
              let whole = try lookUp(kept[range], on: own, into: &piece, untilCapped: later)
              return whole ? piece : nil
            }
          }
          if cancellation.isCancelled { return }
          if pieces.count > 1 { Self.lookupsInPieces.add() }
          for (range, part) in zip(pieces, try counts.map { try $0.get() }) {
            if range.lowerBound == 0, let part {
              counter = part
            } else if let part {
              counter.merge(part)
            } else {
              _ = try lookUp(kept[range], on: connection, into: &counter)
            }
          }
          return
        }
        try count(connection.prepare(sql, binding: condition?.parameters ?? []), into: &counter)
      }
    } catch let failure as SQLiteFailure where failure.wasInterrupted {
      return nil
    }
    if cancellation.isCancelled { return nil }
    return counter.statistics(field: field, name: fieldNames[field])
  }
}
