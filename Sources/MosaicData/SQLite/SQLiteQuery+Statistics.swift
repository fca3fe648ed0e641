import CSQLite
import Foundation

/// `F` and `I` asked of SQLite: one query reads the field of the kept rows (the view's and the
/// extra conditions as `WHERE`, the rows not kept never leaving SQLite) in row id order, on a
/// connection of its own that a cancel interrupts, and the values are counted as
/// `FieldStatistics.compute` counts a file's records (so the figures, the cap and the order of
/// ties are the same).
extension SQLiteQuery {
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
    let connection = try SQLiteConnection(path: path)
    connection.stop(when: cancellation)
    if cancellation.isCancelled { return nil }
    var counter = FieldCounter(limits: limits)
    do {
      try connection.withLock {
        let statement = try connection.prepare(sql, binding: condition?.parameters ?? [])
        let empty = FieldCounter.Key(text: "", isCut: false)
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
    } catch let failure as SQLiteFailure where failure.wasInterrupted {
      return nil
    }
    if cancellation.isCancelled { return nil }
    return counter.statistics(field: field, name: fieldNames[field])
  }
}
