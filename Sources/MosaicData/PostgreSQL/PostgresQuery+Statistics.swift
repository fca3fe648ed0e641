import Foundation

extension PostgresQuery {
  /// `F` and `I` asked of the server: the values' counts by `GROUP BY … ORDER BY count DESC`,
  /// and the totals, the numbers' count, range and mean by one aggregate query, with the figures
  /// and order `FieldStatistics.compute` gives (values of equal count in the order they first
  /// appear in the table's own order). On a connection of its own, cancelled by `cancellation`.
  func fieldStatistics(
    field: Int, filter extraFilter: RecordFilter?, limits: FieldStatisticsTask.Limits,
    cancellation: Cancellation
  ) throws -> FieldStatistics? {
    // A field typed as text counts no numbers: counted by the caller, value by value.
    guard columns.indices.contains(field), limits.countsNumbers else { return nil }
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
    // Measured on ten million rows: compiling the grouping for JIT cost 3 s of a 13 s answer,
    // and 4 MB of work memory spilled its 100,000 groups to disk in five batches.
    _ = try connection.execute("SET jit = off; SET work_mem = '64MB'", simple: true)
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
    // One scan groups the values; every figure then comes from the groups (a value's number is
    // the same in every row holding it), without sorting them all: the most common by a top-N,
    // the extremes by a top-1 each, the totals by one aggregate. (Three window sorts of every
    // group took a column of ten million distinct times past the statement timeout.)
    let grouping = Self.grouping(
      column: column, position: position, from: from(and: extra.map(\.expression)),
      missing: limits.missing)
    // (A boolean has three groups at most: no plan to ask for.)
    let sorts =
      column.type != 16
      && ((try? Self.groupsTooManyToHash(grouping.groups, parameters, connection)) ?? false)
    if sorts {
      // Hashed, ten million groups spilled to disk in 17 batches (16 s); sorted, the whole
      // answer took 13 s, what `psql` takes for the plain `GROUP BY`.
      _ = try connection.execute("SET enable_hashagg = off", simple: true)
    }
    let n = limits.distinctValues
    let countedLimit = Self.countedNumbersLimit
    let value = grouping.value
    let extremes =
      grouping.hasNumbers
      ? " (SELECT \(value) FROM n WHERE x IS NOT NULL ORDER BY x, f LIMIT 1) AS lowest,"
        + " (SELECT \(value) FROM n WHERE x IS NOT NULL ORDER BY x DESC, f LIMIT 1) AS highest"
      : " NULL::text AS lowest, NULL::text AS highest"
    // The most common values, and (when there are not too many) every number with its count,
    // from which the median, quartiles and histogram follow without a second scan of the
    // table: on ten million rows of 100,000 amounts that scan, its text parsed row by row and
    // sorted, was half of `I`'s time.
    let sql =
      "WITH n AS (\(grouping.groups)),"
      + " t AS (SELECT count(*) AS groups, sum(c) AS total, sum(c) FILTER (WHERE m) AS empty,"
      + " count(*) FILTER (WHERE m) AS missing_groups,"
      + " sum(c) FILTER (WHERE x IS NOT NULL) AS numbers, sum(x * c) AS sum,\(extremes) FROM n),"
      + " top AS (SELECT * FROM n ORDER BY c DESC, f LIMIT \(n))"
      + " SELECT v, c, groups, total, empty, missing_groups, numbers, sum, lowest, highest, x, rank"
      + " FROM (SELECT \(value) AS v, c, CAST(x AS float8) AS x,"
      + " row_number() OVER (ORDER BY c DESC, f) AS rank FROM top"
      // The numbers of the groups past the most common, each once (a group's position is its
      // own), when there are such groups and not too many.
      + " UNION ALL SELECT NULL, c, CAST(x AS float8), \(n + 1) FROM n"
      + " WHERE x IS NOT NULL AND (SELECT groups FROM t) BETWEEN \(n + 1) AND \(countedLimit)"
      + " AND f NOT IN (SELECT f FROM top)) AS o CROSS JOIN t ORDER BY rank"
    do {
      let result = try connection.execute(sql, parameters, readOnlyTransaction: base.isUserQuery)
      // The summary's few bins hash (sorted, its ten million rows would be sorted again).
      if sorts { _ = try connection.execute("RESET enable_hashagg", simple: true) }
      let figures = result.rows.first ?? []
      func number(_ index: Int) -> Int {
        Int((figures.indices.contains(index) ? figures[index] : nil) ?? "") ?? 0
      }
      let groupCount = number(2)
      let count = number(3)
      let emptyCount = number(4)
      let numberCount = number(6)
      var frequencies: [FieldStatistics.ValueCount] = []
      var positions: [String: Int] = [:]
      var counted: [(value: Double, count: Int)] = []
      for row in result.rows {
        let held = Int(row[1] ?? "") ?? 0
        if groupCount <= countedLimit, let number = row[10].flatMap(Double.init) {
          counted.append((number, held))
        }
        guard let rank = Int(row[11] ?? ""), rank <= limits.distinctValues else { continue }
        let value = row[0] ?? ""
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
      let distinct = groupCount - number(5)
      let sum = Double((figures.indices.contains(7) ? figures[7] : nil) ?? "") ?? 0
      let summary =
        numberCount == 0
        ? nil
        : groupCount <= countedLimit
          ? NumberSummary(counted: counted)
          : try numberSummary(
            column: column, extra: extra?.expression, parameters: parameters,
            missing: limits.missing, connection: connection)
      return FieldStatistics(
        field: field, fieldName: column.name, count: count, emptyCount: emptyCount,
        distinctCount: distinct, isDistinctCountCapped: groupCount > limits.distinctValues,
        frequencies: frequencies.sorted { $0.count > $1.count },
        uncountedCount: count - kept,
        numbers: numberCount == 0
          ? nil
          : FieldStatistics.Numbers(
            count: numberCount, minimum: (figures.count > 8 ? figures[8] : nil) ?? "",
            maximum: (figures.count > 9 ? figures[9] : nil) ?? "",
            mean: sum / Double(numberCount), summary: summary))
    } catch let failure as PostgresFailure where failure.wasCancelled && cancellation.isCancelled {
      return nil
    }
  }

  /// The SQL of a column's groups (`n`: one row per value with its count `c`, first position
  /// `f`, whether it is missing `m` and its number `x`), and the expression of a group's text.
  static func grouping(
    column: PostgresColumn, position: String, from: String, missing: MissingValues
  ) -> (groups: String, value: String, hasNumbers: Bool) {
    // A boolean's, a date's or a time's text is its value's alone too (the session's time zone
    // and date style fixed), and none is a `--na` token when there are none.
    let isBoolean = column.type == 16 && missing.tokens.isEmpty
    let isTemporal = [1082, 1114, 1184].contains(column.type) && missing.tokens.isEmpty
    guard column.isInteger || column.type == 1700 || isBoolean || isTemporal else {
      // Every missing value (NULL, empty, a `--na` token) is one group, as `FieldCounter`
      // counts.
      let text = "coalesce(\(column.text), '')"
      let value =
        missing.tokens.isEmpty
        ? text : "(CASE WHEN \(missingTest(text, missing)) THEN '' ELSE \(text) END)"
      let isMissing = missingTest("v", missing)
      let groups =
        "SELECT v, c, f, \(isMissing) AS m, CASE WHEN \(isMissing) THEN NULL ELSE"
        + " \(PostgresColumn.number(ofText: "v")) END AS x FROM (SELECT v, count(*) AS c,"
        + " min(p) AS f FROM (SELECT \(value) AS v, \(position) AS p \(from)) AS r GROUP BY v)"
        + " AS g"
      return (groups, "v", true)
    }
    // A number's text is its value's (and for `numeric` its scale's: 1.5 and 1.50 are one
    // value, two texts), a boolean's too: grouped by those, a group's text is made only when
    // it is shown, instead of once a row (most of the time over ten million rows) or once a
    // group (ten million of them for times).
    let text =
      isBoolean ? "CASE WHEN k THEN 'true' WHEN NOT k THEN 'false' END" : "CAST(k AS text)"
    let value = "coalesce(\(text), '')"
    // A number is never empty: without tokens only NULL is missing.
    let isMissing = missing.tokens.isEmpty ? "(k IS NULL)" : missingTest(value, missing)
    let number: String
    if column.isInteger {
      number = "CAST(k AS numeric)"
    } else if column.type == 1700 {
      // NaN, the infinities and a `numeric` past a `Double` are no numbers.
      number =
        "CASE WHEN k BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308 THEN k END"
    } else {
      number = "NULL::numeric"
    }
    let scale = column.type == 1700 ? ", scale(\(column.quoted)) AS s" : ""
    let groups =
      "SELECT k, c, f, \(isMissing) AS m, CASE WHEN \(isMissing) THEN NULL ELSE \(number)"
      + " END AS x FROM (SELECT k, count(*) AS c, min(p) AS f FROM (SELECT \(column.quoted) AS k"
      + "\(scale), \(position) AS p \(from)) AS r GROUP BY k\(column.type == 1700 ? ", s" : ""))"
      + " AS g"
    // A boolean's, a date's or a time's text never reads as a number: no group is parsed as
    // one, and there are no extremes to find.
    return (groups, value, !isBoolean && !isTemporal)
  }

  /// The most groups the planner may expect before `F` and `I` group by sorting instead of
  /// hashing: past about a million, a hash table spills to disk in batches.
  nonisolated(unsafe) static var hashedGroupsLimit = 1_000_000

  /// Whether the planner expects more groups than `hashedGroupsLimit`.
  static func groupsTooManyToHash(
    _ groups: String, _ parameters: [String?], _ connection: PostgresConnection
  ) throws -> Bool {
    let plan = try connection.execute("EXPLAIN " + groups, parameters)
    guard let line = plan.rows.first?.first ?? nil,
      let range = line.range(of: #"rows=([0-9]+)"#, options: .regularExpression)
    else { return false }
    return (Int(line[range].dropFirst(5)) ?? 0) > hashedGroupsLimit
  }

  /// The most distinct values whose numbers `F` and `I` fetch to summarize them here; beyond
  /// it the server summarizes the rows itself (a second scan) and the memory stays bounded.
  nonisolated(unsafe) static var countedNumbersLimit = 200_000

  /// The SQL test of whether the text `value` is missing: empty, or one of `missing`'s tokens
  /// (written as literals, quotes doubled).
  static func missingTest(_ value: String, _ missing: MissingValues) -> String {
    guard !missing.tokens.isEmpty else { return "(\(value) = '')" }
    let list = missing.tokens.sorted().map {
      "'" + $0.replacingOccurrences(of: "'", with: "''") + "'"
    }
    return "(\(value) = '' OR btrim(\(value), ' \t') IN (\(list.joined(separator: ", "))))"
  }

  /// The median, deviation, percentiles and histogram of the column's numbers over the kept
  /// rows, in one aggregate query: `stddev_samp`, `percentile_cont` (the same interpolation as
  /// `Quantiles`, so the figures agree to rounding) and the bins as `Histogram` computes them,
  /// in double precision.
  func numberSummary(
    column: PostgresColumn, extra: String?, parameters: [String?], missing: MissingValues,
    connection: PostgresConnection
  ) throws -> NumberSummary? {
    let value = "coalesce(\(column.text), '')"
    let bins = Histogram.defaultBinCount
    // A number column is read as its numbers (NULL, NaN and the infinities none), not written
    // out as text and matched against a number pattern on every row; a `--na` token is text,
    // so the text is tested for it when there are tokens.
    let rows =
      column.isNumeric && missing.tokens.isEmpty
      ? "SELECT CAST(\(column.number) AS float8) AS x " + from(and: extra)
      : "SELECT CASE WHEN \(Self.missingTest(value, missing)) THEN NULL ELSE "
        + "CAST(\(PostgresColumn.number(ofText: value)) AS float8) END AS x " + from(and: extra)
    let sql =
      "WITH r AS (\(rows)), s AS (SELECT count(x) AS n, sum(x) AS total, stddev_samp(x) AS sd,"
      + " min(x) AS lo, max(x) AS hi, percentile_cont(ARRAY[0.05, 0.25, 0.5, 0.75, 0.95])"
      + " WITHIN GROUP (ORDER BY x) AS q FROM r),"
      + " b AS (SELECT CASE WHEN s.hi > s.lo THEN least(\(bins - 1), greatest(0,"
      + " floor(CAST(\(bins) AS float8) * ((x - s.lo) / (s.hi - s.lo)))))::int ELSE 0 END AS bin,"
      + " count(*) AS c FROM r, s WHERE x IS NOT NULL GROUP BY 1)"
      + " SELECT s.n, s.total, s.sd, s.lo, s.hi, array_to_string(s.q, ','), b.bin, b.c"
      + " FROM s LEFT JOIN b ON true ORDER BY b.bin"
    let result = try connection.execute(sql, parameters, readOnlyTransaction: base.isUserQuery)
    guard let first = result.rows.first, let count = Int(first[0] ?? ""), count > 0,
      let total = Double(first[1] ?? ""), let low = Double(first[3] ?? ""),
      let high = Double(first[4] ?? "")
    else { return nil }
    let cuts = (first[5] ?? "").split(separator: ",").compactMap { Double($0) }
    guard cuts.count == 5 else { return nil }
    var counts = [Int](repeating: 0, count: high > low ? bins : 1)
    for row in result.rows {
      if let bin = Int(row[6] ?? ""), let held = Int(row[7] ?? ""), counts.indices.contains(bin) {
        counts[bin] += held
      }
    }
    return NumberSummary(
      count: count, sum: total, mean: total / Double(count),
      standardDeviation: Double(first[2] ?? ""), minimum: low, maximum: high, p5: cuts[0],
      p25: cuts[1], median: cuts[2], p75: cuts[3], p95: cuts[4],
      histogram: Histogram(minimum: low, maximum: high, counts: counts))
  }
}
