#ifndef TRANSITIONRENDER_CPNG_H
#define TRANSITIONRENDER_CPNG_H
// A setjmp-safe shim over libpng: libpng reports errors by longjmp, which must never cross
// Swift frames, so every libpng call happens here and errors come back as return codes.
#include <stddef.h>
#include <stdint.h>

/// A malloc'd byte buffer owned by the caller; release with cpng_free.
typedef struct {
  uint8_t *data;
  size_t length;
  size_t capacity;
} cpng_buffer;

/// Encodes straight RGBA8 (row-major, width*4 bytes a row) as a PNG in memory.
/// drop_alpha != 0 writes color type RGB (the caller promises every alpha is 255).
/// level: zlib level 0-9; filters: a PNG_FILTER_* mask (0 = libpng's default choice).
/// Returns 0 on success, else writes a message into err and returns -1.
int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int drop_alpha,
                     int level, int filters, cpng_buffer *out, char *err, size_t err_len);

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

/// Like cpng_encode_rgba, with a zlib strategy (0 default, 1 filtered, 2 huffman only, 3 RLE).
int cpng_encode_rgba_ex(const uint8_t *rgba, uint32_t width, uint32_t height, int drop_alpha,
                        int level, int filters, int strategy, cpng_buffer *out, char *err,
                        size_t err_len);

/// PNG-filters and zlib-compresses a w x h window of straight RGBA8 (rows `stride` bytes apart)
/// as one zlib stream of scanlines, the payload of an IDAT or fdAT chunk. channels: 3 drops
/// alpha, 4 keeps it. filter: 0 none, 1 sub, 2 up, 5 = pick per row by least sum of abs.
/// Returns 0, or -1 with a message in err.
int cpng_deflate_window(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
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

void cpng_free(cpng_buffer *buffer);
void cpng_free_pixels(uint8_t *pixels);
/// libpng's version string, e.g. "1.6.39".
const char *cpng_version(void);

#endif
