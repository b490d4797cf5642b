/* PNG and APNG frame data: PNG row filters, then one whole-buffer DEFLATE by libdeflate.
 *
 * Why not libpng's writer: it drives zlib a row at a time, and zlib's lazy matcher is where
 * the time goes. libdeflate compresses the whole filtered image in one call, about twice as
 * fast as zlib at the same level and smaller at the same speed (measured on the bench frames;
 * see PNGWriter.swift). The container (signature, IHDR, IDAT, IEND) is three fixed chunks.
 * Images too large to hold whole are streamed through zlib instead (cpng_stream_*, at the end). */
#include "cpng.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int grow(cpng_buffer *out, size_t extra) {
  if (out->length + extra <= out->capacity) return 0;
  size_t capacity = out->capacity ? out->capacity : 4096;
  while (capacity < out->length + extra) capacity *= 2;
  uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
  if (!grown) return -1;
  out->data = grown;
  out->capacity = capacity;
  return 0;
}

/* RGBA -> RGB for a row of `width` pixels. With SSSE3, four pixels a shuffle; `dst` needs 4
 * bytes of slack past 3*width (the last 16-byte store writes 12 useful bytes). */
#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
__attribute__((target("ssse3"))) static void pack_rgb_ssse3(uint8_t *dst, const uint8_t *src,
                                                             uint32_t width) {
  const __m128i drop_alpha = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  uint32_t x = 0;
  for (; x + 4 <= width; x += 4) {
    __m128i v = _mm_loadu_si128((const __m128i *)(src + 4 * x));
    _mm_storeu_si128((__m128i *)(dst + 3 * x), _mm_shuffle_epi8(v, drop_alpha));
  }
  for (; x < width; x++) {
    dst[3 * x] = src[4 * x];
    dst[3 * x + 1] = src[4 * x + 1];
    dst[3 * x + 2] = src[4 * x + 2];
  }
}
#endif

static void pack_rgb(uint8_t *dst, const uint8_t *src, uint32_t width) {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("ssse3")) { pack_rgb_ssse3(dst, src, width); return; }
#endif
  for (uint32_t x = 0; x < width; x++) {
    dst[3 * x] = src[4 * x];
    dst[3 * x + 1] = src[4 * x + 1];
    dst[3 * x + 2] = src[4 * x + 2];
  }
}

/* One filtered scanline: dst[0] is the filter type, dst[1..n] the filtered bytes. `prev` is
 * NULL on the first row (the filters then see zeros above, as the PNG spec says). Each type
 * has its own loop so the compiler can vectorize the simple ones. */
static void filter_none(uint8_t *restrict d, const uint8_t *restrict c, size_t n) { memcpy(d, c, n); }

static void filter_sub(uint8_t *restrict d, const uint8_t *restrict c, size_t n, int bpp) {
  for (size_t i = 0; i < (size_t)bpp && i < n; i++) d[i] = c[i];
  for (size_t i = (size_t)bpp; i < n; i++) d[i] = (uint8_t)(c[i] - c[i - bpp]);
}

static void filter_up(uint8_t *restrict d, const uint8_t *restrict c, const uint8_t *restrict p,
                      size_t n) {
  if (!p) { memcpy(d, c, n); return; }
  for (size_t i = 0; i < n; i++) d[i] = (uint8_t)(c[i] - p[i]);
}

static void filter_average(uint8_t *restrict d, const uint8_t *restrict c,
                           const uint8_t *restrict p, size_t n, int bpp) {
  for (size_t i = 0; i < n; i++) {
    unsigned a = i >= (size_t)bpp ? c[i - bpp] : 0, b = p ? p[i] : 0;
    d[i] = (uint8_t)(c[i] - ((a + b) >> 1));
  }
}

static void filter_paeth(uint8_t *restrict d, const uint8_t *restrict c, const uint8_t *restrict p,
                         size_t n, int bpp) {
  if (!p) { filter_sub(d, c, n, bpp); return; }  /* Paeth with b = c = 0 predicts a */
  for (size_t i = 0; i < n; i++) {
    int a = i >= (size_t)bpp ? c[i - bpp] : 0, b = p[i], cc = i >= (size_t)bpp ? p[i - bpp] : 0;
    int q = a + b - cc, pa = abs(q - a), pb = abs(q - b), pc = abs(q - cc);
    int pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : cc);
    d[i] = (uint8_t)(c[i] - pred);
  }
}

static void filter_as(int type, uint8_t *d, const uint8_t *c, const uint8_t *p, size_t n, int bpp) {
  d[0] = (uint8_t)type;
  switch (type) {
    case 0: filter_none(d + 1, c, n); break;
    case 1: filter_sub(d + 1, c, n, bpp); break;
    case 2: filter_up(d + 1, c, p, n); break;
    case 3: filter_average(d + 1, c, p, n, bpp); break;
    default: filter_paeth(d + 1, c, p, n, bpp); break;
  }
}

/* The usual heuristic for choosing a row's filter: the least sum of the bytes read as signed. */
static uint64_t signed_sum(const uint8_t *d, size_t n) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s += d[i] < 128 ? d[i] : 256u - d[i];
  return s;
}

/* Filters the window into `dst` (height rows of 1 + width*channels bytes). `scratch` holds
 * 2 packed rows (channels 3, each with 4 bytes of slack) plus 5 candidate rows (filter 5). */
static void filter_window(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                          int channels, int filter, uint8_t *dst, uint8_t *scratch) {
  size_t n = (size_t)width * (size_t)channels;
  uint8_t *packed[2] = {scratch, scratch + n + 4};
  uint8_t *cand = scratch + 2 * (n + 4);
  const uint8_t *prev = NULL;
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *src = rgba + (size_t)y * stride;
    const uint8_t *cur = src;
    if (channels == 3) {
      pack_rgb(packed[y & 1], src, width);
      cur = packed[y & 1];
    }
    uint8_t *d = dst + (size_t)y * (n + 1);
    if (filter == 5) {
      uint64_t best = UINT64_MAX;
      int chosen = 0;
      for (int t = 0; t < 5; t++) {
        uint8_t *c = cand + (size_t)t * (n + 1);
        filter_as(t, c, cur, prev, n, channels);
        uint64_t s = signed_sum(c + 1, n);
        if (s < best) { best = s; chosen = t; }
      }
      memcpy(d, cand + (size_t)chosen * (n + 1), n + 1);
    } else {
      filter_as(filter, d, cur, prev, n, channels);
    }
    prev = cur;
  }
}

/* A compressor per thread and level, kept for the thread's life: allocating one per image
 * cost about a tenth of the time on 375x667 frames (fresh pages for its hash tables). Freed
 * by the key's destructor when the thread exits. */
#define LEVELS 13
static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;

static void free_compressors(void *p) {
  struct libdeflate_compressor **set = (struct libdeflate_compressor **)p;
  for (int i = 0; i < LEVELS; i++) libdeflate_free_compressor(set[i]);
  free(set);
}

static void make_compressor_key(void) { (void)pthread_key_create(&compressor_key, free_compressors); }

static struct libdeflate_compressor *thread_compressor(int level) {
  (void)pthread_once(&compressor_once, make_compressor_key);
  struct libdeflate_compressor **set = (struct libdeflate_compressor **)pthread_getspecific(compressor_key);
  if (!set) {
    set = (struct libdeflate_compressor **)calloc(LEVELS, sizeof *set);
    if (!set || pthread_setspecific(compressor_key, set) != 0) {
      free(set);
      return NULL;
    }
  }
  if (!set[level]) set[level] = libdeflate_alloc_compressor(level);
  return set[level];
}

int cpng_deflate_window(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                        int channels, int filter, int level, cpng_buffer *out, char *err,
                        size_t err_len) {
  if ((channels != 3 && channels != 4) || filter < 0 || filter > 5 || width == 0 || height == 0) {
    snprintf(err, err_len, "bad PNG window (%ux%u, %d channels, filter %d)", width, height,
             channels, filter);
    return -1;
  }
  size_t n = (size_t)width * (size_t)channels;
  size_t filtered_len = (size_t)height * (n + 1);
  uint8_t *filtered = (uint8_t *)malloc(filtered_len);
  uint8_t *scratch = (uint8_t *)malloc(2 * (n + 4) + 5 * (n + 1));
  struct libdeflate_compressor *z = thread_compressor(level < 0 ? 0 : (level > 12 ? 12 : level));
  int status = -1;
  if (!filtered || !scratch || !z) {
    snprintf(err, err_len, "out of memory");
    goto done;
  }
  filter_window(rgba, stride, width, height, channels, filter, filtered, scratch);
  size_t bound = libdeflate_zlib_compress_bound(z, filtered_len);
  if (grow(out, bound) != 0) {
    snprintf(err, err_len, "out of memory");
    goto done;
  }
  size_t written = libdeflate_zlib_compress(z, filtered, filtered_len, out->data + out->length, bound);
  if (written == 0) {  /* cannot happen with the bound; kept as an error, not a crash */
    snprintf(err, err_len, "DEFLATE output exceeded its bound");
    goto done;
  }
  out->length += written;
  status = 0;
done:
  free(scratch);
  free(filtered);
  return status;
}

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* Closes the chunk opened at `header_at` (by open_chunk) whose body is everything appended
 * since: its length and type go in the 8 bytes reserved there, its CRC after the body. */
static int close_chunk(cpng_buffer *out, size_t header_at, const char *type) {
  size_t body = out->length - header_at - 8;
  if (body > 0x7FFFFFFFu || grow(out, 4) != 0) return -1;
  put32(out->data + header_at, (uint32_t)body);
  memcpy(out->data + header_at + 4, type, 4);
  uint32_t crc = (uint32_t)libdeflate_crc32(0, out->data + header_at + 4, body + 4);
  put32(out->data + out->length, crc);
  out->length += 4;
  return 0;
}

static int open_chunk(cpng_buffer *out, size_t *header_at) {
  if (grow(out, 8) != 0) return -1;
  *header_at = out->length;
  out->length += 8;
  return 0;
}

/* The PNG signature and IHDR: 8-bit RGB (channels 3) or RGBA, no interlace. */
static int write_header(cpng_buffer *out, uint32_t width, uint32_t height, int channels) {
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  size_t at;
  if (grow(out, 8) != 0) return -1;
  memcpy(out->data + out->length, signature, 8);
  out->length += 8;
  if (open_chunk(out, &at) != 0 || grow(out, 13) != 0) return -1;
  uint8_t *ihdr = out->data + out->length;
  put32(ihdr, width);
  put32(ihdr + 4, height);
  ihdr[8] = 8;                            /* bit depth */
  ihdr[9] = channels == 3 ? 2 : 6;        /* RGB / RGBA */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;     /* deflate, adaptive filtering, no interlace */
  out->length += 13;
  return close_chunk(out, at, "IHDR");
}

int cpng_encode_png(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                    int channels, int filter, int level, cpng_buffer *out, char *err,
                    size_t err_len) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) {
    snprintf(err, err_len, "cannot write a %ux%u PNG", width, height);
    return -1;
  }
  size_t at;
  if (write_header(out, width, height, channels) != 0) goto oom;
  if (open_chunk(out, &at) != 0) goto oom;
  if (cpng_deflate_window(rgba, stride, width, height, channels, filter, level, out, err, err_len) != 0)
    return -1;
  if (close_chunk(out, at, "IDAT") != 0) {
    snprintf(err, err_len, "image data too large for one PNG chunk");
    return -1;
  }
  if (open_chunk(out, &at) != 0 || close_chunk(out, at, "IEND") != 0) goto oom;
  return 0;
oom:
  snprintf(err, err_len, "out of memory");
  return -1;
}

/* Streaming: a PNG written a band of rows at a time, for images too large to hold whole (a
 * contact sheet of every frame of a long render). libdeflate compresses only whole buffers, so
 * this one zlib stream is zlib's; rows use the Sub filter, which needs no row above, so a band
 * is filtered without the one before it. Each time the output buffer fills it becomes an IDAT
 * chunk. */

struct cpng_stream {
  z_stream z;
  uint32_t width, height, rows_done;
  int channels;
  uint8_t *row;      /* one filtered row: filter byte + width * channels */
  uint8_t *packed;   /* one RGB row with 4 bytes of slack (pack_rgb) */
  uint8_t chunk[1 << 16];
};

void cpng_stream_free(cpng_stream *s) {
  if (!s) return;
  deflateEnd(&s->z);
  free(s->row);
  free(s->packed);
  free(s);
}

/* Appends the filled part of the chunk buffer as one IDAT and empties it. */
static int emit_idat(cpng_stream *s, cpng_buffer *out) {
  size_t n = sizeof s->chunk - s->z.avail_out;
  if (n == 0) return 0;
  size_t at;
  if (open_chunk(out, &at) != 0 || grow(out, n) != 0) return -1;
  memcpy(out->data + out->length, s->chunk, n);
  out->length += n;
  if (close_chunk(out, at, "IDAT") != 0) return -1;
  s->z.next_out = s->chunk;
  s->z.avail_out = sizeof s->chunk;
  return 0;
}

/* Feeds what is in z's input to deflate with `flush`, emitting every full chunk. */
static int pump(cpng_stream *s, int flush, cpng_buffer *out) {
  for (;;) {
    int r = deflate(&s->z, flush);
    if (r == Z_STREAM_ERROR) return -1;
    if (s->z.avail_out == 0) {
      if (emit_idat(s, out) != 0) return -1;
      continue;
    }
    if (flush == Z_FINISH ? r == Z_STREAM_END : s->z.avail_in == 0) return 0;
  }
}

cpng_stream *cpng_stream_begin(uint32_t width, uint32_t height, int channels, int level,
                               cpng_buffer *out, char *err, size_t err_len) {
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) {
    snprintf(err, err_len, "cannot write a %ux%u PNG", width, height);
    return NULL;
  }
  cpng_stream *s = (cpng_stream *)calloc(1, sizeof *s);
  if (!s) goto oom;
  s->width = width;
  s->height = height;
  s->channels = channels == 3 ? 3 : 4;
  s->row = (uint8_t *)malloc((size_t)width * 4 + 1);
  s->packed = (uint8_t *)malloc((size_t)width * 3 + 4);
  if (!s->row || !s->packed) goto oom;
  if (deflateInit(&s->z, level < 0 ? 6 : level > 9 ? 9 : level) != Z_OK) goto oom;
  s->z.next_out = s->chunk;
  s->z.avail_out = sizeof s->chunk;
  if (write_header(out, width, height, s->channels) != 0) goto oom;
  return s;
oom:
  cpng_stream_free(s);
  snprintf(err, err_len, "out of memory");
  return NULL;
}

int cpng_stream_rows(cpng_stream *s, const uint8_t *rgba, size_t stride, uint32_t rows,
                     cpng_buffer *out, char *err, size_t err_len) {
  if (rows > s->height - s->rows_done) {
    snprintf(err, err_len, "%u rows past the PNG's height of %u", rows, s->height);
    return -1;
  }
  size_t n = (size_t)s->width * (size_t)s->channels;
  for (uint32_t y = 0; y < rows; y++) {
    const uint8_t *cur = rgba + (size_t)y * stride;
    if (s->channels == 3) {
      pack_rgb(s->packed, cur, s->width);
      cur = s->packed;
    }
    filter_as(1, s->row, cur, NULL, n, s->channels);
    s->z.next_in = s->row;
    s->z.avail_in = (uInt)(n + 1);
    if (pump(s, Z_NO_FLUSH, out) != 0) {
      snprintf(err, err_len, "out of memory compressing a PNG row");
      return -1;
    }
  }
  s->rows_done += rows;
  return 0;
}

int cpng_stream_end(cpng_stream *s, cpng_buffer *out, char *err, size_t err_len) {
  if (s->rows_done != s->height) {
    snprintf(err, err_len, "the PNG got %u of its %u rows", s->rows_done, s->height);
    return -1;
  }
  size_t at;
  if (pump(s, Z_FINISH, out) != 0 || emit_idat(s, out) != 0 || open_chunk(out, &at) != 0 ||
      close_chunk(out, at, "IEND") != 0) {
    snprintf(err, err_len, "out of memory finishing a PNG");
    return -1;
  }
  return 0;
}
