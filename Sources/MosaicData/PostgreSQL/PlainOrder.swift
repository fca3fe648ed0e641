/// A sort by one number column as PostgreSQL orders it by itself (`ORDER BY amount DESC NULLS
/// LAST, id`), which costs the server no expression per row, and the test of whether the rows
/// it gave are the rows `PostgresColumn.orderTerms` would give.
///
/// Every source sorts finite numbers first, then the other values (NaN, the infinities, a
/// `numeric` past a `Double`'s range) as text, then missing ones, both ways. PostgreSQL puts
/// NaN and +Infinity above every number and -Infinity below; so the two orders part only where
/// such a value comes first. The first rows by the plain order are the first rows of every
/// source's order when each of their values is NULL or finite: a value that is not would come
/// before them, or be among them.
///
/// UIKit has no counterpart; it is a fetch request's sort descriptor that a store can answer
/// from its own comparison.
struct PlainOrder: Sendable {
  /// The sort key's field.
  let field: Int
  /// `ORDER BY` the column, missing values last, then the table's key.
  let orderBy: String

  /// The plain order of `column` (field `field`), then `key`; nil when it could differ from
  /// `orderTerms` in more than the values `isSameOrder` finds: a column of text, dates or
  /// booleans, or one with `--na` tokens.
  init?(column: PostgresColumn, field: Int, descending: Bool, key: [PostgresQuery.Term]) {
    guard column.isNumeric, column.missing.tokens.isEmpty else { return nil }
    self.field = field
    orderBy =
      " ORDER BY \(column.quoted)\(descending ? " DESC" : "") NULLS LAST"
      + key.map { ", " + $0.sql + ($0.descending ? " DESC" : "") }.joined()
  }

  /// Whether `rows`, the first rows by this order, are the first rows of `orderTerms` too:
  /// every value of the sort column among them is NULL or a finite number.
  func isSameOrder(_ rows: [[String?]]) -> Bool {
    rows.allSatisfy { row in
      guard field < row.count, let text = row[field] else { return true }
      return Double(text)?.isFinite ?? false
    }
  }
}
