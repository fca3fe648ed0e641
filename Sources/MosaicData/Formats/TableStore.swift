/// A store of several tables (a database): what the table picker lists and opens.
///
/// UIKit has no counterpart; it is the persistent store a Core Data stack opens entities from.
public protocol TableStore: AnyObject, Sendable {
  /// How titles and errors name the store: the file, the server without its password.
  var name: String { get }
  /// The tables and views, in the order listed.
  var tables: [SQLiteDatabase.Table] { get }
  /// The number of rows of `table` (exact, or the server's estimate when counting is slow).
  func rowCount(of table: String) throws -> Int
  /// The table or view named `table` as records.
  func records(ofTable table: String) throws -> any RecordSource
  /// The rows of one `SELECT` as records.
  func records(ofQuery query: String) throws -> any RecordSource
  /// The store to open from again when the user reloads: itself, or a fresh session.
  func reopened() throws -> any TableStore
}
