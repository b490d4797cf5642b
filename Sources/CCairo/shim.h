#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <pixman.h>

/* A hint that `p` is about to be read and written (no effect on results). */
static inline void tr_prefetch_write(const void *p) { __builtin_prefetch(p, 1, 3); }
/* A hint that `p` is about to be read (no effect on results). */
static inline void tr_prefetch_read(const void *p) { __builtin_prefetch(p, 0, 3); }
