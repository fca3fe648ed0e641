/// A flights-like table of 19 columns, shaped as nycflights13's `flights` (the file that opened
/// as cards showing 3 of its fields): times written as decimals (`830.0`), whose tail alone
/// (".0") is the fragment a table must never show. Deterministic.
public enum WideFlights {
  /// The 19 field names, in file order.
  public static let names = [
    "year", "month", "day", "dep_time", "sched_dep_time", "dep_delay", "arr_time",
    "sched_arr_time", "arr_delay", "carrier", "flight", "tailnum", "origin", "dest", "air_time",
    "distance", "hour", "minute", "time_hour",
  ]

  /// The values of record `row` (0-based), one per name.
  public static func values(_ row: Int) -> [String] {
    [
      "2013", "\(1 + row % 12)", "\(1 + row % 28)", "\(517 + row).0", "\(515 + row)",
      "\(row % 9 - 2).0", "\(830 + row).0", "\(819 + row)", "\(row % 40 + 11).0",
      ["UA", "AA", "B6", "DL"][row % 4], "\(1545 + row)", "N\(14228 + row)",
      ["EWR", "LGA", "JFK"][row % 3], ["IAH", "MIA", "BQN", "ATL"][row % 4], "\(227 + row).0",
      "\(1400 + row)", "\(5 + row % 18)", "\(15 + row % 45)",
      "2013-01-\(String(format2: 1 + row % 28))T05:00:00",
    ]
  }

  /// `rows` records as CSV, header first.
  public static func csv(rows: Int) -> String {
    names.joined(separator: ",") + "\n"
      + (0..<rows).map { values($0).joined(separator: ",") + "\n" }.joined()
  }
}

extension String {
  /// `value` in two digits, a leading zero below 10.
  fileprivate init(format2 value: Int) {
    self = value < 10 ? "0\(value)" : "\(value)"
  }
}
