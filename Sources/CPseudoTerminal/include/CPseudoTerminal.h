#ifndef MOSAIC_C_PSEUDO_TERMINAL_H
#define MOSAIC_C_PSEUDO_TERMINAL_H

#include <sys/types.h>

// What the pseudo-terminal and the test process runners need from C: pty.h is not part of
// Swift's Glibc module, and ioctl and the spawn flags are variadic or GNU-only. Used by the
// tests and mosaic-bench; no library product links it.

// Opens a pseudo-terminal of columns x rows; both descriptors are close-on-exec, so a process
// spawned meanwhile (a tmux server) never holds the controller open past its hang-up.
int mosaic_pty_open(int *controller, int *program, unsigned short columns, unsigned short rows);

// Sets the window size of a terminal descriptor (TIOCSWINSZ).
int mosaic_pty_set_window_size(int descriptor, unsigned short columns, unsigned short rows);

// A pipe whose two ends are close-on-exec and non-blocking.
int mosaic_pipe(int descriptors[2]);

// Starts path with argv and envp (NULL: this process's environment) in a session of its own
// (so its whole process group can be killed and it has no controlling terminal), with
// standard input, output and error on the given descriptors, in directory (NULL: the current
// one), with no signal blocked and the usual ones at their default action.
int mosaic_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                 const char *directory, int input, int output, int error);

#endif
