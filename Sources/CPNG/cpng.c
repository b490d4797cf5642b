#include "cpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
  jmp_buf jump;
  char *err;
  size_t err_len;
} error_context;

static void on_error(png_structp png, png_const_charp message) {
  error_context *ctx = (error_context *)png_get_error_ptr(png);
  snprintf(ctx->err, ctx->err_len, "%s", message);
  longjmp(ctx->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}


typedef struct {
  const uint8_t *data;
  size_t length;
  size_t offset;
} read_cursor;

static void read_from_memory(png_structp png, png_bytep bytes, png_size_t length) {
  read_cursor *cursor = (read_cursor *)png_get_io_ptr(png);
  if (cursor->offset + length > cursor->length) png_error(png, "file is truncated");
  memcpy(bytes, cursor->data + cursor->offset, length);
  cursor->offset += length;
}

static int decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **pixels,
                       uint8_t *dest, size_t dest_len, uint32_t *width, uint32_t *height,
                       char *err, size_t err_len);

int cpng_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *err, size_t err_len) {
  return decode_rgba(data, length, max_pixels, pixels, NULL, 0, width, height, err, err_len);
}

int cpng_decode_rgba_into(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t *dest,
                          size_t dest_len, uint32_t *width, uint32_t *height, char *err,
                          size_t err_len) {
  uint8_t *unused = NULL;
  return decode_rgba(data, length, max_pixels, &unused, dest, dest_len, width, height, err, err_len);
}

static int decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **pixels,
                       uint8_t *dest, size_t dest_len, uint32_t *width, uint32_t *height,
                       char *err, size_t err_len) {
  *pixels = NULL;
  if (length < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
    snprintf(err, err_len, "not a PNG file (bad signature)");
    return -1;
  }
  error_context ctx = {.err = err, .err_len = err_len};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!png) {
    snprintf(err, err_len, "libpng could not start");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile image = NULL;
  png_bytep *volatile rows = NULL;
  if (!info || setjmp(ctx.jump)) {
    if (image != dest) free(image);
    free(rows);
    png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    if (!info) snprintf(err, err_len, "libpng could not start");
    return -1;
  }
  read_cursor cursor = {data, length, 0};
  png_set_read_fn(png, &cursor, read_from_memory);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  if ((uint64_t)w * (uint64_t)h > max_pixels) {
    snprintf(err, err_len, "image is %ux%u pixels, over the limit of %llu pixels", w, h,
             (unsigned long long)max_pixels);
    png_destroy_read_struct(&png, &info, NULL);
    return -1;
  }
  int color = png_get_color_type(png, info);
  int depth = png_get_bit_depth(png, info);
  if (depth == 16) png_set_strip_16(png);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported pixel layout");
  if (dest && dest_len != (size_t)w * h * 4) {
    snprintf(err, err_len, "destination is not %ux%u RGBA", w, h);
    png_destroy_read_struct(&png, &info, NULL);
    return -2;
  }
  image = dest ? dest : (uint8_t *)malloc((size_t)w * h * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (!image || !rows) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = image + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  *pixels = dest ? NULL : image;
  *width = w;
  *height = h;
  return 0;
}

void cpng_free(cpng_buffer *buffer) {
  free(buffer->data);
  buffer->data = NULL;
  buffer->length = buffer->capacity = 0;
}

void cpng_free_pixels(uint8_t *pixels) { free(pixels); }

const char *cpng_version(void) { return png_get_libpng_ver(NULL); }

uint32_t cpng_crc32(uint32_t crc, const uint8_t *bytes, size_t length) {
  return (uint32_t)crc32((uLong)crc, bytes, (uInt)length);
}


/* ---- Fast path: 8-bit RGB / RGBA, not interlaced, straight into RGBA ---------------------
 * libpng unfilters each row in its own buffer with generic byte loops, then a second pass adds
 * the alpha byte and a third copies the row out. Here each inflated row is unfiltered once,
 * straight into the destination's RGBA row (the row above, already decoded there, is the
 * filters' "up" row), alpha written as it goes. Everything else, and anything damaged, is
 * left to libpng (see cpng.h), which then also words the error. */

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Bytewise a + b on four bytes in a word (no carries between bytes). */
static inline uint32_t add_bytes(uint32_t a, uint32_t b) {
  return ((a & 0x7F7F7F7Fu) + (b & 0x7F7F7F7Fu)) ^ ((a ^ b) & 0x80808080u);
}

/* Bytewise floor((a + b) / 2). */
static inline uint32_t average_bytes(uint32_t a, uint32_t b) {
  return (a & b) + (((a ^ b) & 0xFEFEFEFEu) >> 1);
}

static inline uint32_t load32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static inline int paeth_pick(int a, int b, int c) {
  int pa = b - c, pb = a - c, pc = pa + pb;
  pa = pa < 0 ? -pa : pa;
  pb = pb < 0 ? -pb : pb;
  pc = pc < 0 ? -pc : pc;
  return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

#if defined(__SSE2__)
#include <emmintrin.h>
static inline __m128i abs16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }
static inline __m128i select128(__m128i mask, __m128i yes, __m128i no) {
  return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

/* One Paeth row, the four channels of a pixel side by side in 16-bit lanes (see unfilter_rgba
 * for the arguments). Written once, compiled twice: for SSE2 (every x86-64) and for SSE4.1,
 * where the absolute values and the selects are one instruction each instead of three. */
#define PAETH_ROW(NAME, ATTR, ABS, SELECT)                                                        \
  ATTR static void NAME(const uint8_t *src, uint8_t *dst, const uint8_t *up, uint32_t w, int bpp, \
                        uint32_t opaque) {                                                        \
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_cvtsi32_si128((int)opaque);           \
    __m128i a = zero, c = zero;                                                                   \
    for (uint32_t x = 0; x < w; x++) {                                                            \
      __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)load32(up + 4 * (size_t)x)), zero);  \
      __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);                                 \
      __m128i pc = ABS(_mm_add_epi16(pa, pb));                                                    \
      pa = ABS(pa);                                                                               \
      pb = ABS(pb);                                                                               \
      __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));                               \
      __m128i pick = SELECT(_mm_cmpeq_epi16(smallest, pa), a,                                     \
                            SELECT(_mm_cmpeq_epi16(smallest, pb), b, c));                         \
      /* With bpp 3 the load's fourth byte is the next pixel's: only its alpha lane sees it,   \
       * and the alpha byte is overwritten. */                                                  \
      __m128i s = _mm_cvtsi32_si128((int)load32(src + (size_t)x * bpp));                          \
      __m128i out = _mm_or_si128(_mm_add_epi8(s, _mm_packus_epi16(pick, pick)), alpha);          \
      uint32_t v = (uint32_t)_mm_cvtsi128_si32(out);                                              \
      memcpy(dst + 4 * (size_t)x, &v, 4);                                                         \
      a = _mm_unpacklo_epi8(out, zero);                                                           \
      c = b;                                                                                      \
    }                                                                                             \
  }
PAETH_ROW(paeth_row_sse2, , abs16, select128)
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <smmintrin.h>
#define HAVE_PAETH_SSE41 1
#define SELECT41(mask, yes, no) _mm_blendv_epi8((no), (yes), (mask))
PAETH_ROW(paeth_row_sse41, __attribute__((target("sse4.1"))), _mm_abs_epi16, SELECT41)
#endif
#endif

/* Unfilters one row of w pixels of `bpp` bytes (3 or 4) from `src` into RGBA `dst`; `up` is
 * the previous RGBA row or NULL on the first row. With bpp 3 alpha becomes 255. A pixel is
 * handled as one little-endian word (R in the low byte) with bytewise arithmetic, so for bpp
 * 3 each load reads one byte past the pixel: `src` must have 1 readable byte past the row.
 * Returns -1 for an unknown filter type. */
static int unfilter_rgba(int type, const uint8_t *src, uint8_t *dst, const uint8_t *up, uint32_t w,
                         int bpp) {
  const uint32_t opaque = bpp == 3 ? 0xFF000000u : 0; /* OR'd in: alpha 255 */
  const uint32_t keep = bpp == 3 ? 0x00FFFFFFu : 0xFFFFFFFFu; /* the source bytes of a pixel */
  if (type == 2 && !up) type = 0; /* Up against zeros is None */
  if (type == 4 && !up) type = 1; /* Paeth against a zero row picks the left byte: Sub */
  switch (type) {
    case 0:
      if (bpp == 4) {
        memcpy(dst, src, (size_t)w * 4);
      } else {
        uint32_t x = 0;
#if defined(__SSE2__)
        /* Four pixels a vector: their 3-byte groups spread to 4-byte lanes, alpha set. */
        const __m128i alpha4 = _mm_set1_epi32((int)opaque), mask4 = _mm_set1_epi32((int)keep);
        for (; x + 4 <= w; x += 4) {
          const uint8_t *s = src + 3 * (size_t)x;
          __m128i v = _mm_setr_epi32((int)load32(s), (int)load32(s + 3), (int)load32(s + 6), (int)load32(s + 9));
          _mm_storeu_si128((__m128i *)(dst + 4 * (size_t)x), _mm_or_si128(_mm_and_si128(v, mask4), alpha4));
        }
#endif
        for (; x < w; x++) {
          uint32_t v = load32(src + 3 * (size_t)x) | opaque;
          memcpy(dst + 4 * (size_t)x, &v, 4);
        }
      }
      return 0;
    case 1: {
      uint32_t left = 0;
      for (uint32_t x = 0; x < w; x++) {
        left = add_bytes(load32(src + (size_t)x * bpp) & keep, left) | opaque;
        memcpy(dst + 4 * (size_t)x, &left, 4);
      }
      return 0;
    }
    case 2: {
      uint32_t x = 0;
#if defined(__SSE2__)
      /* Four pixels a vector (the row above is already RGBA). */
      const __m128i alpha4 = _mm_set1_epi32((int)opaque), mask4 = _mm_set1_epi32((int)keep);
      for (; x + 4 <= w; x += 4) {
        const uint8_t *s = src + (size_t)x * bpp;
        __m128i v = bpp == 4 ? _mm_loadu_si128((const __m128i *)s)
                             : _mm_setr_epi32((int)load32(s), (int)load32(s + 3), (int)load32(s + 6), (int)load32(s + 9));
        __m128i above = _mm_loadu_si128((const __m128i *)(up + 4 * (size_t)x));
        v = _mm_or_si128(_mm_add_epi8(_mm_and_si128(v, mask4), above), alpha4);
        _mm_storeu_si128((__m128i *)(dst + 4 * (size_t)x), v);
      }
#endif
      for (; x < w; x++) {
        uint32_t v = add_bytes(load32(src + (size_t)x * bpp) & keep, load32(up + 4 * (size_t)x)) | opaque;
        memcpy(dst + 4 * (size_t)x, &v, 4);
      }
      return 0;
    }
    case 3: {
      uint32_t left = 0;
      for (uint32_t x = 0; x < w; x++) {
        uint32_t above = up ? load32(up + 4 * (size_t)x) : 0;
        left = add_bytes(load32(src + (size_t)x * bpp) & keep, average_bytes(left, above)) | opaque;
        memcpy(dst + 4 * (size_t)x, &left, 4);
      }
      return 0;
    }
    case 4: {
#if defined(__SSE2__)
#if defined(HAVE_PAETH_SSE41)
      if (__builtin_cpu_supports("sse4.1")) {
        paeth_row_sse41(src, dst, up, w, bpp, opaque);
        return 0;
      }
#endif
      paeth_row_sse2(src, dst, up, w, bpp, opaque);
#else
      int a0 = 0, a1 = 0, a2 = 0, a3 = 0, c0 = 0, c1 = 0, c2 = 0, c3 = 0;
      for (uint32_t x = 0; x < w; x++) {
        const uint8_t *s = src + (size_t)x * bpp, *u = up + 4 * (size_t)x;
        a0 = (uint8_t)(s[0] + paeth_pick(a0, u[0], c0));
        a1 = (uint8_t)(s[1] + paeth_pick(a1, u[1], c1));
        a2 = (uint8_t)(s[2] + paeth_pick(a2, u[2], c2));
        a3 = bpp == 4 ? (uint8_t)(s[3] + paeth_pick(a3, u[3], c3)) : 255;
        dst[4 * x] = (uint8_t)a0; dst[4 * x + 1] = (uint8_t)a1; dst[4 * x + 2] = (uint8_t)a2;
        dst[4 * x + 3] = (uint8_t)a3;
        c0 = u[0]; c1 = u[1]; c2 = u[2]; c3 = u[3];
      }
#endif
      return 0;
    }
    default:
      return -1;
  }
}

/* Adler-32 (RFC 1950) of n more bytes. zlib's own is a byte loop (the single largest cost of
 * inflating a PNG after the decompression itself); with SSE2 each 16 bytes take a sum of
 * absolute differences (the plain sum) and two multiply-adds (the position-weighted sum). */
uint32_t cpng_adler32(uint32_t adler, const uint8_t *p, size_t n) {
  const uint32_t mod = 65521;
  uint64_t a = adler & 0xFFFF, b = adler >> 16;
  while (n > 0) {
    /* 5552 bytes at most between reductions keep every sum within 32 bits (zlib's NMAX). */
    size_t block = n < 5536 ? n : 5536;
    n -= block;
#if defined(__SSE2__)
    size_t chunks = block / 16;
    if (chunks > 0) {
      const __m128i zero = _mm_setzero_si128();
      const __m128i weights_lo = _mm_set_epi16(9, 10, 11, 12, 13, 14, 15, 16);
      const __m128i weights_hi = _mm_set_epi16(1, 2, 3, 4, 5, 6, 7, 8);
      __m128i sum = zero, before = zero, weighted = zero;
      for (size_t k = 0; k < chunks; k++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        before = _mm_add_epi32(before, sum); /* the chunks' sums before this one */
        sum = _mm_add_epi32(sum, _mm_sad_epu8(x, zero));
        weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpacklo_epi8(x, zero), weights_lo));
        weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_unpackhi_epi8(x, zero), weights_hi));
      }
      uint32_t lanes[4];
      _mm_storeu_si128((__m128i *)lanes, sum);
      uint64_t s = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
      _mm_storeu_si128((__m128i *)lanes, before);
      uint64_t s_before = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
      _mm_storeu_si128((__m128i *)lanes, weighted);
      uint64_t wsum = (uint64_t)lanes[0] + lanes[1] + lanes[2] + lanes[3];
      /* Each byte adds a to b after itself: chunk k adds 16 * (a at its start) + its weighted bytes. */
      b += 16 * (chunks * a + s_before) + wsum;
      a += s;
      p += 16 * chunks;
      block -= 16 * chunks;
    }
#endif
    while (block--) {
      a += *p++;
      b += a;
    }
    a %= mod;
    b %= mod;
  }
  return (uint32_t)(b << 16 | a);
}

int cpng_decode_fast(const uint8_t *data, size_t length, uint8_t *dest, size_t dest_len,
                     uint32_t *width, uint32_t *height, int *opaque) {
  static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
  return 1; /* unfilter_rgba's words assume R in the low byte */
#endif
  if (!data || length < 8 + 25 || memcmp(data, signature, 8) != 0) return 1;
  const uint8_t *ihdr = data + 8;
  if (be32(ihdr) != 13 || memcmp(ihdr + 4, "IHDR", 4) != 0) return 1;
  if (be32(ihdr + 21) != (uint32_t)crc32(0, ihdr + 4, 17)) return 1;
  uint32_t w = be32(ihdr + 8), h = be32(ihdr + 12);
  int depth = ihdr[16], color = ihdr[17];
  if (w == 0 || h == 0 || w > 1000000 || h > 1000000) return 1; /* libpng's default user limits */
  if (depth != 8 || (color != 2 && color != 6) || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0)
    return 1;
  if (dest_len != (size_t)w * h * 4) return 1;
  int bpp = color == 6 ? 4 : 3;
  size_t rowbytes = (size_t)w * bpp, stride = rowbytes + 1;
  /* Inflate a band of rows at a time: zlib copies the tail of every call's output into its
   * 32 KB window, so one-row calls would copy the whole image once more. */
  size_t band_rows = stride >= 65536 ? 1 : 65536 / stride;
  if (band_rows > h) band_rows = h;
  uint8_t *band = (uint8_t *)malloc(band_rows * stride + 4); /* + 4: see unfilter_rgba */
  if (!band) return 1;
  /* Raw deflate: the zlib header and the Adler-32 trailer are read here, the checksum taken
   * with cpng_adler32. */
  z_stream z;
  memset(&z, 0, sizeof z);
  if (inflateInit2(&z, -15) != Z_OK) {
    free(band);
    return 1;
  }
  uint8_t wrapper[4];
  int header_have = 0, trailer_have = 0, deflate_end = 0;
  uint32_t adler = 1;
  int status = 1;
  uint32_t y = 0;
  size_t filled = 0;
  int idat_state = 0; /* 0 before the IDATs, 1 in them, 2 after */
  int stream_end = 0;
  size_t pos = 8 + 25;
  for (;;) {
    if (length - pos < 12) break;
    uint32_t len = be32(data + pos);
    const uint8_t *type = data + pos + 4;
    if (len > 0x7FFFFFFF || length - pos - 12 < len) break;
    const uint8_t *body = type + 4;
    int critical = !(type[0] & 0x20);
    if (critical && be32(body + len) != (uint32_t)crc32(0, type, len + 4)) break;
    pos += 12 + (size_t)len;
    if (memcmp(type, "IDAT", 4) == 0) {
      if (idat_state == 2 || (stream_end && len > 0)) break;
      idat_state = 1;
      const uint8_t *in = body;
      size_t avail = len;
      int bad = 0;
      while (header_have < 2 && avail > 0) {
        wrapper[header_have++] = *in++;
        avail--;
        /* CM 8 (deflate), a window of at most 32 KB, no preset dictionary, check bits. */
        if (header_have == 2 && ((wrapper[0] & 0x0F) != 8 || (wrapper[0] >> 4) > 7 ||
                                 (wrapper[1] & 0x20) || (wrapper[0] * 256 + wrapper[1]) % 31 != 0))
          bad = 1;
      }
      if (bad) break;
      uint8_t spare;
      z.next_in = (Bytef *)in;
      z.avail_in = deflate_end ? 0 : (uInt)avail;
      while (z.avail_in > 0) {
        /* Once every row is in, inflate only reads the stream's end (and its Adler-32);
         * a byte of output then would be image data too many. */
        uint32_t pending = h - y; /* rows not yet complete */
        if (y < h) {
          size_t want = (pending < band_rows ? pending : band_rows) * stride;
          z.next_out = band + filled;
          z.avail_out = (uInt)(want - filled);
        } else {
          z.next_out = &spare;
          z.avail_out = 1;
        }
        uint8_t *start = z.next_out;
        int r = inflate(&z, Z_NO_FLUSH);
        if (y < h) {
          adler = cpng_adler32(adler, start, (size_t)(z.next_out - start));
          filled = (size_t)(z.next_out - band);
          size_t done = filled / stride;
          for (size_t k = 0; k < done && !bad; k++, y++) {
            uint8_t *out = dest + (size_t)y * w * 4;
            const uint8_t *src = band + k * stride;
            if (unfilter_rgba(src[0], src + 1, out, y ? out - (size_t)w * 4 : NULL, w, bpp) != 0) bad = 1;
          }
          if (bad) break;
          filled -= done * stride;
          if (filled) memmove(band, band + done * stride, filled);
        } else if (z.avail_out == 0) {
          bad = 1;
          break;
        }
        if (r == Z_STREAM_END) {
          deflate_end = 1;
          if (y != h) bad = 1;
          break;
        }
        if (r != Z_OK) {
          bad = 1;
          break;
        }
      }
      if (bad) break;
      if (!deflate_end) continue;
      /* The Adler-32 trailer, possibly split across chunks; nothing may follow it. What
       * inflate left of this chunk (all of it when the deflate data ended before). */
      if (z.next_in >= (Bytef *)in && z.next_in <= (Bytef *)body + len) {
        avail -= (size_t)(z.next_in - (Bytef *)in);
        in = z.next_in;
      }
      while (trailer_have < 4 && avail > 0) {
        wrapper[trailer_have++] = *in++;
        avail--;
      }
      if (avail > 0) break;
      if (trailer_have == 4) {
        if (be32(wrapper) != adler) break;
        stream_end = 1;
      }
      continue;
    }
    if (idat_state == 1) idat_state = 2;
    if (memcmp(type, "IEND", 4) == 0) {
      if (len == 0 && stream_end && y == h) status = 0;
      break;
    }
    if (memcmp(type, "PLTE", 4) == 0) {
      if (color == 6 || idat_state != 0) break;
      continue;
    }
    if (critical || memcmp(type, "tRNS", 4) == 0) break; /* unknown critical chunk, or alpha from tRNS */
  }
  inflateEnd(&z);
  free(band);
  if (status == 0) {
    *width = w;
    *height = h;
    *opaque = color == 2;
  }
  return status;
}

int cpng_paeth_variants_agree(uint32_t seed) {
  enum { W = 61 };
  uint8_t src[W * 4 + 4], up[W * 4], ref[W * 4], out[W * 4];
  for (int bpp = 3; bpp <= 4; bpp++) {
    for (int i = 0; i < (int)sizeof src; i++) src[i] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16);
    for (int i = 0; i < (int)sizeof up; i++) up[i] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16);
    uint32_t opaque = bpp == 3 ? 0xFF000000u : 0;
    /* Byte by byte, as the PNG specification writes it. */
    for (uint32_t x = 0; x < W; x++) {
      for (int k = 0; k < 4; k++) {
        int a = x ? ref[4 * (x - 1) + k] : 0, b = up[4 * x + k], c = x ? up[4 * (x - 1) + k] : 0;
        ref[4 * x + k] = k == 3 && bpp == 3 ? 255 : (uint8_t)(src[x * bpp + k] + paeth_pick(a, b, c));
      }
    }
#if defined(__SSE2__)
    paeth_row_sse2(src, out, up, W, bpp, opaque);
    if (memcmp(out, ref, sizeof ref) != 0) return 0;
#if defined(HAVE_PAETH_SSE41)
    if (__builtin_cpu_supports("sse4.1")) {
      paeth_row_sse41(src, out, up, W, bpp, opaque);
      if (memcmp(out, ref, sizeof ref) != 0) return 0;
    }
#endif
#endif
    if (unfilter_rgba(4, src, out, up, W, bpp) != 0 || memcmp(out, ref, sizeof ref) != 0) return 0;
  }
  return 1;
}
