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
    // One scan: the values grouped, then every figure from the groups (a value's number is
    // the same in every row holding it), the most common first.
    let groups =
      "SELECT v, count(*) AS c, min(p) AS f FROM (SELECT coalesce(\(column.text), '') AS v,"
      + " \(position) AS p " + from(and: extra.map(\.expression)) + ") AS r GROUP BY v"
    let numbered =
      "SELECT v, c, f, \(PostgresColumn.number(ofText: "v")) AS x FROM (\(groups)) AS g"
    let whole = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"
    let sql =
      "SELECT v, c, count(*) OVER () AS groups, sum(c) OVER () AS total,"
      + " sum(c) FILTER (WHERE v = '') OVER () AS empty,"
      + " sum(c) FILTER (WHERE x IS NOT NULL) OVER () AS numbers,"
      + " sum(x * c) OVER () AS sum,"
      + " first_value(v) OVER (ORDER BY x NULLS LAST, f \(whole)) AS lowest,"
      + " first_value(v) OVER (ORDER BY x DESC NULLS LAST, f \(whole)) AS highest"
      + " FROM (\(numbered)) AS n ORDER BY c DESC, f LIMIT \(limits.distinctValues)"
    do {
      let result = try connection.execute(sql, parameters, readOnlyTransaction: base.isUserQuery)
      let figures = result.rows.first ?? []
      func number(_ index: Int) -> Int {
        Int((figures.indices.contains(index) ? figures[index] : nil) ?? "") ?? 0
      }
      let groupCount = number(2)
      let count = number(3)
      let emptyCount = number(4)
      let numberCount = number(5)
      var frequencies: [FieldStatistics.ValueCount] = []
      var positions: [String: Int] = [:]
      for row in result.rows {
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
      let distinct = groupCount - (emptyCount > 0 ? 1 : 0)
      let sum = Double((figures.indices.contains(6) ? figures[6] : nil) ?? "") ?? 0
      return FieldStatistics(
        field: field, fieldName: column.name, count: count, emptyCount: emptyCount,
        distinctCount: distinct, isDistinctCountCapped: groupCount > limits.distinctValues,
        frequencies: frequencies.sorted { $0.count > $1.count },
        uncountedCount: count - kept,
        numbers: numberCount == 0
          ? nil
          : FieldStatistics.Numbers(
            count: numberCount, minimum: (figures.count > 7 ? figures[7] : nil) ?? "",
            maximum: (figures.count > 8 ? figures[8] : nil) ?? "",
            mean: sum / Double(numberCount)))
    } catch let failure as PostgresFailure where failure.wasCancelled && cancellation.isCancelled {
      return nil
    }
  }
}
