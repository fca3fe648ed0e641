#ifndef MOSAIC_CSQLITE_MAPPING_H
#define MOSAIC_CSQLITE_MAPPING_H

#include <stddef.h>

/// Called when SQLite has mapped `length` bytes of a database file at `start`: returns a handle
/// for `mosaic_sqlite_unguard` (or -1 when the mapping is not guarded).
typedef int (*mosaic_sqlite_guard_fn)(const void *start, size_t length);
/// Called before SQLite unmaps the mapping `handle` was returned for.
typedef void (*mosaic_sqlite_unguard_fn)(int handle);

/// Registers the VFS named `mosaic-mapped` (not the default): the system's own VFS, through
/// which SQLite's memory-mapped reads (`PRAGMA mmap_size`) go as usual, each mapping handed to
/// `guard` once it is made and to `unguard` before it goes. Returns an SQLite result code; a
/// second call changes nothing.
int mosaic_sqlite_mapping_register(mosaic_sqlite_guard_fn guard, mosaic_sqlite_unguard_fn unguard);

/// The name of the VFS `mosaic_sqlite_mapping_register` registers.
const char *mosaic_sqlite_mapping_vfs_name(void);

#endif
