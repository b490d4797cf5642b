#define _GNU_SOURCE
#include "csystem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int csystem_rename_noreplace(const char *from, const char *to) {
  return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
}

int csystem_rename_exchange(const char *a, const char *b) {
  return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}

static int signal_write_end = -1;

static void forward_signal(int number) {
  int saved = errno;
  unsigned char byte = (unsigned char)number;
  // A full pipe means a signal is already waiting to be read: dropping this one loses nothing.
  (void)!write(signal_write_end, &byte, 1);
  errno = saved;
}

int csystem_signal_pipe(const int *signals, int count) {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
  // The read end blocks: the reading thread sleeps until a signal arrives.
  int flags = fcntl(ends[0], F_GETFL);
  if (flags < 0 || fcntl(ends[0], F_SETFL, flags & ~O_NONBLOCK) != 0) return -1;
  signal_write_end = ends[1];
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigset_t blocked;
  sigemptyset(&blocked);
  for (int i = 0; i < count; i++) {
    if (sigaction(signals[i], &action, NULL) != 0) return -1;
    sigaddset(&blocked, signals[i]);
  }
  // A signal mask survives exec: a parent that had these blocked (a test runner, a CI agent)
  // must not leave them blocked here. Threads made after this inherit the unblocked mask.
  if (pthread_sigmask(SIG_UNBLOCK, &blocked, NULL) != 0) return -1;
  return ends[0];
}
