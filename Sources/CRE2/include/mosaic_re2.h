// A C face on RE2 (Google's linear-time regular expression engine), which Swift reaches
// without C++ interop: compile with a memory budget, match bytes, free.
#ifndef MOSAIC_RE2_H
#define MOSAIC_RE2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mosaic_re2 mosaic_re2;

/// Why a pattern did not compile.
typedef enum {
  MOSAIC_RE2_OK = 0,
  /// Malformed: the message says where.
  MOSAIC_RE2_MALFORMED = 1,
  /// Well formed, but its compiled form would pass the memory budget (nested or huge counted
  /// repetition).
  MOSAIC_RE2_TOO_COMPLEX = 2,
} mosaic_re2_status;

/// Compiles `pattern` (`length` bytes of UTF-8) as a POSIX extended expression plus Perl's
/// \d \s \w \b classes, `^`/`$` matching at line breaks, `.` never matching one, ignoring case
/// when `ignore_case`; its compiled form and matching state stay within `max_memory` bytes.
/// Returns NULL and sets `status` and `message` (NUL-terminated, cut to `message_size`) when it
/// cannot.
mosaic_re2 *mosaic_re2_compile(const char *pattern, size_t length, int ignore_case,
                               long long max_memory, mosaic_re2_status *status, char *message,
                               size_t message_size);

/// Whether the expression matches somewhere in `length` bytes of `text`: linear in `length`.
/// Safe to call from several threads on one compiled expression.
int mosaic_re2_matches(const mosaic_re2 *expression, const char *text, size_t length);

/// Frees a compiled expression.
void mosaic_re2_free(mosaic_re2 *expression);

#ifdef __cplusplus
}
#endif

#endif
