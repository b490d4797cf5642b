#ifndef TRANSITIONRENDER_CSYSTEM_H
#define TRANSITIONRENDER_CSYSTEM_H
// The few Linux calls Swift's Glibc module does not reach: renameat2 (declared only under
// _GNU_SOURCE) and an async-signal-safe signal handler (a C function, so no Swift runs inside
// the handler).

/// rename(2) that fails with EEXIST instead of replacing `to`. Returns 0, or -1 with errno.
int csystem_rename_noreplace(const char *from, const char *to);

/// Atomically swaps two existing paths (files or folders) in one step. Returns 0, or -1 with errno.
int csystem_rename_exchange(const char *a, const char *b);

/// Routes each of `signals` (count of them) to a pipe: the handler writes the signal's number
/// as one byte to the pipe's write end, nothing else. Unblocks them in the calling thread (a
/// blocked mask is inherited across exec). Returns the read end (close-on-exec), or -1 with
/// errno.
int csystem_signal_pipe(const int *signals, int count);

#endif
