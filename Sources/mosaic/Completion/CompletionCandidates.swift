import Foundation
import MosaicData

/// The values the completion scripts cannot know in advance, worked out from the command line
/// typed so far: `---complete table WORDS…` lists the tables of the SQLite database the line
/// names.
///
/// Only what is cheap is answered (a local database's catalog): a server is never dialled
/// from a Tab key.
enum CompletionCandidates {
  /// The candidates for the completer `name`, given the words after `mosaic`.
  static func candidates(named name: String, line words: [String]) -> [String] {
    switch name {
    case "table": return tables(line: words)
    default: return []
    }
  }

  /// The tables and views of the first word naming a SQLite database file.
  private static func tables(line words: [String]) -> [String] {
    for word in words where !word.hasPrefix("-") {
      let path = expandingTilde(word)
      guard SQLiteDatabase.isDatabase(path: path),
        let database = try? SQLiteDatabase(path: path)
      else { continue }
      return database.tables.map(\.name)
    }
    return []
  }

  /// `~/x` as the shell would expand it: the scripts pass the words as typed.
  private static func expandingTilde(_ word: String) -> String {
    guard word == "~" || word.hasPrefix("~/"),
      let home = ProcessInfo.processInfo.environment["HOME"]
    else { return word }
    return home + word.dropFirst()
  }
}
