import CSQLite
import CSQLiteMapping
import Foundation

/// SQLite's memory-mapped reads (`PRAGMA mmap_size`) for the connections that scan a whole table
/// (a count, a filter, `F`/`I`), with each mapping under `MappingFaultGuard`: a database
/// truncated underneath by another program then reads as zero pages (SQLite says the database
/// is malformed) instead of killing the process with SIGBUS. No UIKit counterpart.
///
/// Mapped, SQLite reads a page where it lies in the page cache instead of having the kernel copy
/// it into its own cache: on ten million rows, `count(*)` reads no page through `pread` and a
/// filter's scan costs about a quarter less CPU. SQLite itself drops and remakes a mapping when
/// another connection has changed the file, so only a writer that is not SQLite can truncate it
/// underneath; the guard is for that one.
enum SQLiteMapping {
  /// The VFS a mapped connection opens with, or nil when it could not be registered (then
  /// connections read as usual).
  static let vfsName: String? = {
    let guardMapping: mosaic_sqlite_guard_fn = { start, length in
      guard let start, let slot = MappingFaultGuard.register(start: start, length: length) else {
        return -1
      }
      guarded.add()
      return Int32(slot)
    }
    let unguardMapping: mosaic_sqlite_unguard_fn = { slot in
      MappingFaultGuard.unregister(Int(slot))
    }
    guard mosaic_sqlite_mapping_register(guardMapping, unguardMapping) == SQLITE_OK else {
      return nil
    }
    return String(cString: mosaic_sqlite_mapping_vfs_name())
  }()

  private static let guarded = PathTally()

  /// How many of SQLite's mappings were put under the guard (tests: the path is taken).
  static var guardedMappings: Int { guarded.count }

  /// The most bytes mapped: SQLite's own limit as Debian and most builds set it (2 GB, less a
  /// page); a larger file's rest is read as usual.
  static let mappedBytes = 2_147_418_112
}
