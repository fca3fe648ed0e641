extension PostgresQuery {
  /// `F` and `I` asked of the server: the values' counts by `GROUP BY … ORDER BY count DESC`,
  /// and the totals, the numbers' count, range and mean by one aggregate query, with the figures
  /// and order `FieldStatistics.compute` gives (values of equal count in the order they first
  /// appear in the table's own order). On a connection of its own, cancelled by `cancellation`.
  func fieldStatistics(
    field: Int, filter extraFilter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? {
    guard columns.indices.contains(field) else { return nil }
    if let extraFilter,
      extraFilter.condition.tests.contains(where: {
        $0.field.map { !columns.indices.contains($0) } ?? false
      })
    {
      return nil
    }
    let connection = try reader.settings.connect()
    cancellation.onCancel { connection.cancel() }
    if cancellation.isCancelled { return nil }
    let extra = extraFilter.map {
      ConditionSQL(
        $0.condition, fieldNames: fieldNames, dialect: .postgreSQL(columns),
        firstParameter: filterParameters.count + 1)
    }
    let parameters = filterParameters + (extra?.parameters ?? []).map { Optional($0) }
    let column = columns[field]
    // Where a value first appears: the key for a table, the result's order for a statement.
    let position: String
    if case .relation(_, let key, _) = base {
      position =
        key.count == 1 && key[0].type != "tid"
        ? key[0].sql
        : "row_number() OVER ("
          + "ORDER BY " + key.map(\.sql).joined(separator: ", ") + ")"
    } else {
      position = "row_number() OVER ()"
    }
    let rows =
      "(SELECT coalesce(\(column.text), '') AS v, \(column.number) AS x, \(position) AS p "
      + from(and: extra.map(\.expression)) + ") AS r"
    let isUserQuery = base.isUserQuery
    let run = { (sql: String) throws -> PostgresResult in
      try connection.execute(sql, parameters, readOnlyTransaction: isUserQuery)
    }
    do {
      let totals = try run(
        "SELECT count(*), count(*) FILTER (WHERE v = ''),"
          + " count(DISTINCT v) FILTER (WHERE v <> ''), count(x), sum(x),"
          + " (SELECT v FROM \(rows) WHERE x IS NOT NULL ORDER BY x, p LIMIT 1),"
          + " (SELECT v FROM \(rows) WHERE x IS NOT NULL ORDER BY x DESC, p LIMIT 1)"
          + " FROM \(rows)")
      let groups = try run(
        "SELECT v, count(*) AS c FROM \(rows) GROUP BY v ORDER BY c DESC, min(p)"
          + " LIMIT \(limits.distinctValues)")
      let figures = totals.rows.first ?? []
      func number(_ index: Int) -> Int {
        Int((figures.indices.contains(index) ? figures[index] : nil) ?? "") ?? 0
      }
      let count = number(0)
      let emptyCount = number(1)
      let distinct = number(2)
      let numberCount = number(3)
      var frequencies: [FieldStatistics.ValueCount] = []
      var positions: [String: Int] = [:]
      for row in groups.rows {
        let value = row[0] ?? ""
        let held = Int(row[1] ?? "") ?? 0
        // A value longer than the limit is counted by its start, as in memory.
        var key = value
        var isCut = false
        if value.utf8.count > limits.valueBytes {
          key = String(decoding: value.utf8.prefix(limits.valueBytes), as: UTF8.self)
          isCut = true
        }
        if let index = positions[key + (isCut ? "\u{1}" : "")] {
          frequencies[index].count += held
        } else {
          positions[key + (isCut ? "\u{1}" : "")] = frequencies.count
          frequencies.append(.init(value: key, count: held, isCut: isCut))
        }
      }
      let kept = frequencies.reduce(0) { $0 + $1.count }
      let hasEmpty = emptyCount > 0
      let capped = distinct + (hasEmpty ? 1 : 0) > limits.distinctValues
      let sum = Double((figures.indices.contains(4) ? figures[4] : nil) ?? "") ?? 0
      return FieldStatistics(
        field: field, fieldName: column.name, count: count, emptyCount: emptyCount,
        distinctCount: distinct, isDistinctCountCapped: capped,
        frequencies: frequencies.sorted { $0.count > $1.count },
        uncountedCount: count - kept,
        numbers: numberCount == 0
          ? nil
          : FieldStatistics.Numbers(
            count: numberCount, minimum: (figures.count > 5 ? figures[5] : nil) ?? "",
            maximum: (figures.count > 6 ? figures[6] : nil) ?? "",
            mean: sum / Double(numberCount)))
    } catch let failure as PostgresFailure where failure.wasCancelled && cancellation.isCancelled {
      return nil
    }
  }
}
