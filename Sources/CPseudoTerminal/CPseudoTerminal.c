#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <util.h>
#else
#include <pty.h>
#endif

extern char **environ;

int mosaic_pty_open(int *controller, int *program, unsigned short columns, unsigned short rows) {
  struct winsize size = {0};
  size.ws_col = columns;
  size.ws_row = rows;
  if (openpty(controller, program, NULL, NULL, &size) != 0) return -1;
  fcntl(*controller, F_SETFD, FD_CLOEXEC);
  fcntl(*program, F_SETFD, FD_CLOEXEC);
  return 0;
}

int mosaic_pty_set_window_size(int descriptor, unsigned short columns, unsigned short rows) {
  struct winsize size = {0};
  size.ws_col = columns;
  size.ws_row = rows;
  return ioctl(descriptor, TIOCSWINSZ, &size);
}

int mosaic_pipe(int descriptors[2]) {
  if (pipe(descriptors) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    fcntl(descriptors[i], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[i], F_SETFL, fcntl(descriptors[i], F_GETFL) | O_NONBLOCK);
  }
  return 0;
}

int mosaic_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                 const char *directory, int input, int output, int error) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input, 0);
  posix_spawn_file_actions_adddup2(&actions, output, 1);
  posix_spawn_file_actions_adddup2(&actions, error, 2);
#if !defined(__APPLE__)
  if (directory) posix_spawn_file_actions_addchdir_np(&actions, directory);
#endif
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // The test runner's threads block signals and a child inherits the mask: a child with
  // SIGTERM blocked would outlive its time limit.
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  sigset_t defaults;
  sigemptyset(&defaults);
  int reset[] = {SIGTERM, SIGHUP, SIGINT, SIGPIPE, SIGCHLD, SIGQUIT};
  for (unsigned i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#if defined(POSIX_SPAWN_SETSID)
  flags |= POSIX_SPAWN_SETSID;
#else
  flags |= POSIX_SPAWN_SETPGROUP;
#endif
  posix_spawnattr_setflags(&attributes, flags);
  int result = posix_spawn(pid, path, &actions, &attributes, argv, envp ? envp : environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return result;
}
