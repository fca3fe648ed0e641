// A VFS over the system's own one (`unix`) that tells Mosaic where SQLite's memory maps of a
// database lie, so that a read past the end of a file truncated underneath by another program
// is answered by MappingFaultGuard (zero pages, which SQLite reports as a malformed database)
// instead of killing the process with SIGBUS. Every call goes to the underlying file; only the
// mapping's coming and going is watched: it is made by the underlying xFetch (with its own
// file descriptor, so it is the very file SQLite reads), and goes with xUnfetch(NULL), a change
// of SQLITE_FCNTL_MMAP_SIZE, or xClose. And the mapping's pages well behind the reads are let
// go as the reads move on (MADV_DONTNEED: a shared mapping of a file refills them from the page
// cache when read again), all of them every 65,536 pages fetched, so that a scan of a whole file
// does not count all of it as the process's memory.

#include "CSQLiteMapping.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <string.h>

static mosaic_sqlite_guard_fn guard_mapping;
static mosaic_sqlite_unguard_fn unguard_mapping;
static sqlite3_vfs *underlying;
static sqlite3_vfs mapped_vfs;
static pthread_mutex_t registering = PTHREAD_MUTEX_INITIALIZER;

typedef struct {
  sqlite3_file base;
  /// The underlying file, in the bytes after this struct.
  sqlite3_file *real;
  /// The start of the mapping guarded now (NULL: none), and its guard's handle.
  const unsigned char *mapping;
  size_t length;
  int handle;
  /// Pages fetched since the mapping's pages were last all let go.
  int fetches;
  /// The offset before which the mapping's pages were let go.
  sqlite3_int64 behind;
} MappedFile;

/// How far behind the leaves read pages are kept.
#define KEPT_BEHIND ((sqlite3_int64)4 << 20)

static sqlite3_file *real_of(sqlite3_file *file) { return ((MappedFile *)file)->real; }

/// The end of the mapping that starts at `start`, read from /proc/self/maps (0 when not found):
/// the guard must cover exactly the pages SQLite mapped, no more.
static uintptr_t mapping_end(const void *start) {
  FILE *maps = fopen("/proc/self/maps", "re");
  if (!maps) return 0;
  uintptr_t found = 0;
  char line[512];
  while (fgets(line, sizeof line, maps)) {
    unsigned long low = 0, high = 0;
    if (sscanf(line, "%lx-%lx", &low, &high) == 2 && low == (uintptr_t)start) {
      found = high;
      break;
    }
    // A line longer than the buffer: skip its rest.
    while (!strchr(line, '\n') && fgets(line, sizeof line, maps)) {
    }
  }
  fclose(maps);
  return found;
}

static void unguard(MappedFile *file) {
  if (file->mapping && file->handle >= 0 && unguard_mapping) unguard_mapping(file->handle);
  file->mapping = NULL;
  file->length = 0;
  file->handle = -1;
}

static int x_close(sqlite3_file *file) {
  unguard((MappedFile *)file);
  sqlite3_file *real = real_of(file);
  return real->pMethods ? real->pMethods->xClose(real) : SQLITE_OK;
}

static int x_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o) {
  return real_of(f)->pMethods->xRead(real_of(f), b, n, o);
}
static int x_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) {
  return real_of(f)->pMethods->xWrite(real_of(f), b, n, o);
}
static int x_truncate(sqlite3_file *f, sqlite3_int64 size) {
  // The underlying file may remap: the guard goes first.
  unguard((MappedFile *)f);
  return real_of(f)->pMethods->xTruncate(real_of(f), size);
}
static int x_sync(sqlite3_file *f, int flags) {
  return real_of(f)->pMethods->xSync(real_of(f), flags);
}
static int x_file_size(sqlite3_file *f, sqlite3_int64 *size) {
  return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
static int x_lock(sqlite3_file *f, int level) {
  return real_of(f)->pMethods->xLock(real_of(f), level);
}
static int x_unlock(sqlite3_file *f, int level) {
  return real_of(f)->pMethods->xUnlock(real_of(f), level);
}
static int x_check_reserved_lock(sqlite3_file *f, int *out) {
  return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
static int x_file_control(sqlite3_file *f, int op, void *arg) {
  // A new mapping size remaps (or unmaps) the file: the guard goes first, and the next fetch
  // guards the new mapping.
  if (op == SQLITE_FCNTL_MMAP_SIZE) unguard((MappedFile *)f);
  return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
static int x_sector_size(sqlite3_file *f) {
  return real_of(f)->pMethods->xSectorSize(real_of(f));
}
static int x_device_characteristics(sqlite3_file *f) {
  return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f));
}
static int x_shm_map(sqlite3_file *f, int page, int size, int extend, void volatile **out) {
  return real_of(f)->pMethods->xShmMap(real_of(f), page, size, extend, out);
}
static int x_shm_lock(sqlite3_file *f, int offset, int n, int flags) {
  return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
static void x_shm_barrier(sqlite3_file *f) { real_of(f)->pMethods->xShmBarrier(real_of(f)); }
static int x_shm_unmap(sqlite3_file *f, int delete_flag) {
  return real_of(f)->pMethods->xShmUnmap(real_of(f), delete_flag);
}

/// Whether the b-tree page at `offset` of the file is a leaf (of a table or an index): its first
/// byte (page 1's after the file's 100-byte header) says.
static int is_leaf(const void *page, sqlite3_int64 offset) {
  unsigned char kind = ((const unsigned char *)page)[offset == 0 ? 100 : 0];
  return kind == 0x0D || kind == 0x0A;
}

static int x_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
  MappedFile *file = (MappedFile *)f;
  *out = NULL;
  int code = real_of(f)->pMethods->xFetch(real_of(f), offset, amount, out);
  if (code != SQLITE_OK || *out == NULL) return code;
  const unsigned char *start = (const unsigned char *)*out - offset;
  if (start == file->mapping && file->handle < 0) {
    // A mapping the guard could not take (every slot in use): SQLite reads instead, without
    // asking the guard again at every page.
    real_of(f)->pMethods->xUnfetch(real_of(f), offset, *out);
    *out = NULL;
    return SQLITE_OK;
  }
  if (start != file->mapping) {
    unguard(file);
    uintptr_t end = mapping_end(start);
    if (end <= (uintptr_t)start || !guard_mapping
        || (file->handle = guard_mapping(start, end - (uintptr_t)start)) < 0)
    {
      // Unguarded, a page past a truncated end would kill the process: SQLite reads instead.
      real_of(f)->pMethods->xUnfetch(real_of(f), offset, *out);
      *out = NULL;
      file->handle = -1;
      file->mapping = start;
      file->length = 0;
      return SQLITE_OK;
    }
    file->mapping = start;
    file->length = end - (uintptr_t)start;
    file->fetches = 0;
    file->behind = 0;
  }
  if (++file->fetches >= 65536) {
    file->fetches = 0;
    file->behind = 0;
    madvise((void *)file->mapping, file->length, MADV_DONTNEED);
  } else if ((offset > file->behind + 2 * KEPT_BEHIND || offset < file->behind)
             && is_leaf(*out, offset))
  {
    // Leaves read moving forward (a scan, or lookups in row id order): the pages far behind
    // go. (Not measured by the b-tree's inner pages, which a table written in order keeps
    // after the leaves they point to.) A leaf before those let go (the table's last row was
    // looked up first, or a second scan began) starts over from there.
    sqlite3_int64 until = (offset - KEPT_BEHIND) & ~(sqlite3_int64)0xFFFF;
    if (until < 0) until = 0;
    if ((size_t)until > file->length) until = (sqlite3_int64)file->length;
    if (until > file->behind) {
      madvise((void *)(file->mapping + file->behind), (size_t)(until - file->behind),
              MADV_DONTNEED);
    }
    file->behind = until;
  }
  return SQLITE_OK;
}

static int x_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
  // NULL: the whole file is unmapped (SQLite saw another connection change it).
  if (page == NULL) unguard((MappedFile *)f);
  return real_of(f)->pMethods->xUnfetch(real_of(f), offset, page);
}

static const sqlite3_io_methods mapped_methods = {
  3, x_close, x_read, x_write, x_truncate, x_sync, x_file_size, x_lock, x_unlock,
  x_check_reserved_lock, x_file_control, x_sector_size, x_device_characteristics, x_shm_map,
  x_shm_lock, x_shm_barrier, x_shm_unmap, x_fetch, x_unfetch,
};

static int x_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out) {
  (void)vfs;
  MappedFile *file = (MappedFile *)f;
  file->real = (sqlite3_file *)&file[1];
  file->mapping = NULL;
  file->length = 0;
  file->handle = -1;
  file->fetches = 0;
  file->behind = 0;
  file->base.pMethods = NULL;
  int code = underlying->xOpen(underlying, name, file->real, flags, out);
  // Only a file whose methods fetch is wrapped (the underlying VFS's own are version 3).
  if (file->real->pMethods) {
    if (file->real->pMethods->iVersion >= 3) {
      file->base.pMethods = &mapped_methods;
    } else {
      // Not expected of `unix`; then nothing is mapped, and the file must close itself.
      file->real->pMethods->xClose(file->real);
      file->real->pMethods = NULL;
      if (code == SQLITE_OK) code = SQLITE_CANTOPEN;
    }
  }
  return code;
}

static int x_delete(sqlite3_vfs *v, const char *name, int sync) {
  (void)v;
  return underlying->xDelete(underlying, name, sync);
}
static int x_access(sqlite3_vfs *v, const char *name, int flags, int *out) {
  (void)v;
  return underlying->xAccess(underlying, name, flags, out);
}
static int x_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) {
  (void)v;
  return underlying->xFullPathname(underlying, name, n, out);
}
static void *x_dl_open(sqlite3_vfs *v, const char *name) {
  (void)v;
  return underlying->xDlOpen(underlying, name);
}
static void x_dl_error(sqlite3_vfs *v, int n, char *out) {
  (void)v;
  underlying->xDlError(underlying, n, out);
}
static void (*x_dl_sym(sqlite3_vfs *v, void *h, const char *name))(void) {
  (void)v;
  return underlying->xDlSym(underlying, h, name);
}
static void x_dl_close(sqlite3_vfs *v, void *h) {
  (void)v;
  underlying->xDlClose(underlying, h);
}
static int x_randomness(sqlite3_vfs *v, int n, char *out) {
  (void)v;
  return underlying->xRandomness(underlying, n, out);
}
static int x_sleep(sqlite3_vfs *v, int micro) {
  (void)v;
  return underlying->xSleep(underlying, micro);
}
static int x_current_time(sqlite3_vfs *v, double *out) {
  (void)v;
  return underlying->xCurrentTime(underlying, out);
}
static int x_get_last_error(sqlite3_vfs *v, int n, char *out) {
  (void)v;
  return underlying->xGetLastError ? underlying->xGetLastError(underlying, n, out) : 0;
}
static int x_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) {
  (void)v;
  if (underlying->iVersion >= 2 && underlying->xCurrentTimeInt64) {
    return underlying->xCurrentTimeInt64(underlying, out);
  }
  double now = 0;
  int code = underlying->xCurrentTime(underlying, &now);
  *out = (sqlite3_int64)(now * 86400000.0);
  return code;
}

static const char vfs_name[] = "mosaic-mapped";

const char *mosaic_sqlite_mapping_vfs_name(void) { return vfs_name; }

int mosaic_sqlite_mapping_register(mosaic_sqlite_guard_fn guard, mosaic_sqlite_unguard_fn unguard) {
  pthread_mutex_lock(&registering);
  int code = SQLITE_OK;
  if (!underlying) {
    sqlite3_vfs *system = sqlite3_vfs_find(NULL);
    if (!system) {
      code = SQLITE_ERROR;
    } else {
      guard_mapping = guard;
      unguard_mapping = unguard;
      mapped_vfs = (sqlite3_vfs){
          .iVersion = 2,
          .szOsFile = (int)sizeof(MappedFile) + system->szOsFile,
          .mxPathname = system->mxPathname,
          .zName = vfs_name,
          .xOpen = x_open,
          .xDelete = x_delete,
          .xAccess = x_access,
          .xFullPathname = x_full_pathname,
          .xDlOpen = x_dl_open,
          .xDlError = x_dl_error,
          .xDlSym = x_dl_sym,
          .xDlClose = x_dl_close,
          .xRandomness = x_randomness,
          .xSleep = x_sleep,
          .xCurrentTime = x_current_time,
          .xGetLastError = x_get_last_error,
          .xCurrentTimeInt64 = x_current_time_int64,
      };
      underlying = system;
      code = sqlite3_vfs_register(&mapped_vfs, 0);
      if (code != SQLITE_OK) underlying = NULL;
    }
  }
  pthread_mutex_unlock(&registering);
  return code;
}
