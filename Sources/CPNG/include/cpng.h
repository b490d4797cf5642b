#ifndef TRANSITIONRENDER_CPNG_H
#define TRANSITIONRENDER_CPNG_H
// PNG in C: reading through libpng (a setjmp-safe shim: libpng reports errors by longjmp,
// which must never cross Swift frames) with a fast path of our own for 8-bit RGB/RGBA, and
// writing with PNG row filters and libdeflate (png_write.c). Errors come back as return codes.
#include <stddef.h>
#include <stdint.h>

/// A malloc'd byte buffer owned by the caller; release with cpng_free.
typedef struct {
  uint8_t *data;
  size_t length;
  size_t capacity;
} cpng_buffer;

/// Decodes any PNG libpng accepts into straight RGBA8. *pixels is malloc'd (release with
/// cpng_free_pixels). max_pixels bounds width*height before anything is allocated.
/// Returns 0 on success, else writes a message into err and returns -1.
int cpng_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *err, size_t err_len);

/// Like cpng_decode_rgba, into `dest` (exactly width * height * 4 bytes, else -2 and nothing read).
int cpng_decode_rgba_into(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t *dest,
                          size_t dest_len, uint32_t *width, uint32_t *height, char *err,
                          size_t err_len);

/// The common case without libpng: an 8-bit RGB or RGBA, non-interlaced PNG without tRNS,
/// decoded into `dest` (exactly width * height * 4 bytes of RGBA). Checks the CRCs of the
/// critical chunks, the zlib stream (Adler-32 included) and the amount of image data.
/// Returns 0 on success (*opaque = 1 for RGB); 1 for any other kind of PNG and for any damage,
/// with `dest` possibly partly written: decode it with cpng_decode_rgba_into instead, which
/// handles every PNG and reports errors in libpng's words.
int cpng_decode_fast(const uint8_t *data, size_t length, uint8_t *dest, size_t dest_len,
                     uint32_t *width, uint32_t *height, int *opaque);

/// PNG-filters and DEFLATE-compresses (libdeflate, one zlib stream) a w x h window of straight
/// RGBA8 (rows `stride` bytes apart), appending the payload of an IDAT or fdAT chunk to `out`.
/// channels: 3 drops alpha, 4 keeps it. filter: 0 none, 1 sub, 2 up, 3 average, 4 Paeth,
/// 5 = pick per row by least sum of abs. level: libdeflate's 0 (stored) ... 12 (smallest).
/// Returns 0, or -1 with a message in err.
int cpng_deflate_window(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                        int channels, int filter, int level, cpng_buffer *out, char *err,
                        size_t err_len);

/// A whole PNG (signature, IHDR, one IDAT, IEND; nothing else) of a w x h window of straight
/// RGBA8, appended to `out`: color type RGB when channels is 3 (the caller promises every
/// alpha is 255), RGBA when 4. filter and level as for cpng_deflate_window.
/// Returns 0, or -1 with a message in err.
int cpng_encode_png(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                    int channels, int filter, int level, cpng_buffer *out, char *err,
                    size_t err_len);

/// For tests: 1 when every compiled Paeth unfilter (SSE2, SSE4.1 where the CPU has it, and
/// the one cpng_decode_fast uses) matches the byte-by-byte definition on rows made from `seed`.
int cpng_paeth_variants_agree(uint32_t seed);

/// Adler-32 (the zlib stream checksum) of `length` more bytes, continuing from `adler` (start
/// with 1).
uint32_t cpng_adler32(uint32_t adler, const uint8_t *bytes, size_t length);

/// CRC-32 (the PNG / zlib polynomial) of bytes, continuing from crc (start with 0).
uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t length);

/// A PNG written a band of rows at a time (zlib's stream, the Sub filter on every row), for
/// images too large to hold whole. Each call appends what it completes (signature and IHDR;
/// IDAT chunks; the last IDAT and IEND) to `out`, which the caller may drain in between.
typedef struct cpng_stream cpng_stream;

/// Starts a w x h PNG, color type RGB when channels is 3 (every alpha must be 255), else RGBA;
/// level is zlib's 0...9. Returns NULL with a message in err.
cpng_stream *cpng_stream_begin(uint32_t width, uint32_t height, int channels, int level,
                               cpng_buffer *out, char *err, size_t err_len);
/// The next `rows` rows of straight RGBA8, `stride` bytes apart. Returns 0, or -1 with err.
int cpng_stream_rows(cpng_stream *s, const uint8_t *rgba, size_t stride, uint32_t rows,
                     cpng_buffer *out, char *err, size_t err_len);
/// Ends the image (every row must have been given). Returns 0, or -1 with err.
int cpng_stream_end(cpng_stream *s, cpng_buffer *out, char *err, size_t err_len);
/// Releases a stream, ended or not.
void cpng_stream_free(cpng_stream *s);

void cpng_free(cpng_buffer *buffer);
void cpng_free_pixels(uint8_t *pixels);
/// libpng's version string, e.g. "1.6.39".
const char *cpng_version(void);

#endif
