import Foundation

/// `F` and `I` asked of SQLite: one `GROUP BY` over the kept rows, each value's count and first
/// row id, added up in the order the values first appear as `FieldStatistics.compute` adds up
/// the records (so the kept values, the cap and the order of ties are the same), the numbers'
/// figures from the groups.
extension SQLiteQuery {
  func fieldStatistics(
    field: Int, filter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? {
    // A statement's rows have no row ids to tell which value came first.
    guard case .table(let table, let rowid) = base, fieldNames.indices.contains(field),
      Set(fieldNames).count == fieldNames.count
    else { return nil }
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
        conditions.count == 1 ? conditions[0] : .and(conditions), fieldNames: fieldNames)
    let column = SQLiteConnection.quoted(fieldNames[field])
    let id = SQLiteConnection.quoted(rowid)
    // The value as the browser shows it (`SQLiteStatement.value`): NULL as empty, a blob by
    // its size, a number as SQLite writes it.
    let shown =
      "(CASE typeof(\(column)) WHEN 'null' THEN '' WHEN 'blob'"
      + " THEN '(blob, ' || length(\(column)) || ' bytes)' ELSE CAST(\(column) AS TEXT) END)"
    let sql =
      "SELECT \(shown) AS shown, count(*), min(\(id)) AS first"
      + " FROM \(SQLiteConnection.quoted(table))"
      + (condition.map { " WHERE \($0.expression)" } ?? "")
      + " GROUP BY shown ORDER BY first"
    let connection = try SQLiteConnection(path: path)
    cancellation.onCancel { connection.interrupt() }
    if cancellation.isCancelled { return nil }
    var counter = FieldCounter(limits: limits)
    do {
      try connection.withLock {
        _ = try connection.prepare("PRAGMA threads = 2").step()
        let statement = try connection.prepare(sql, binding: condition?.parameters ?? [])
        while try statement.step() {
          let text = statement.value(0).text
          // Values longer than the limit are counted by their start, as in memory: groups
          // of long values may fall together.
          counter.add(
            counter.key(of: FieldText(text)), times: Int(statement.int64(1)),
            record: Int(statement.int64(2)))
        }
      }
    } catch let failure as SQLiteFailure where failure.wasInterrupted {
      return nil
    }
    if cancellation.isCancelled { return nil }
    return counter.statistics(field: field, name: fieldNames[field])
  }
}
