#ifndef MOSAIC_CSQLITE_SHIM_H
#define MOSAIC_CSQLITE_SHIM_H

// The system SQLite (libsqlite3-dev), read by MosaicData's SQLite sources.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: text bound
// to a statement is copied by SQLite, since Swift's buffer does not outlive the call.
static inline sqlite3_destructor_type mosaic_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
