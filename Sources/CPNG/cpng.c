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

static void write_to_buffer(png_structp png, png_bytep bytes, png_size_t length) {
  cpng_buffer *out = (cpng_buffer *)png_get_io_ptr(png);
  if (out->length + length > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->length + length) capacity *= 2;
    uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
    if (!grown) png_error(png, "out of memory");
    out->data = grown;
    out->capacity = capacity;
  }
  memcpy(out->data + out->length, bytes, length);
  out->length += length;
}

static void flush_nothing(png_structp png) { (void)png; }

int cpng_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int drop_alpha,
                     int level, int filters, cpng_buffer *out, char *err, size_t err_len) {
  return cpng_encode_rgba_ex(rgba, width, height, drop_alpha, level, filters, 0, out, err, err_len);
}

int cpng_encode_rgba_ex(const uint8_t *rgba, uint32_t width, uint32_t height, int drop_alpha,
                        int level, int filters, int strategy, cpng_buffer *out, char *err,
                        size_t err_len) {
  error_context ctx = {.err = err, .err_len = err_len};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
  if (!png) {
    snprintf(err, err_len, "libpng could not start");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile row = NULL;
  if (!info || setjmp(ctx.jump)) {
    free(row);
    png_destroy_write_struct(&png, info ? &info : NULL);
    if (!info) snprintf(err, err_len, "libpng could not start");
    return -1;
  }
  png_set_write_fn(png, out, write_to_buffer, flush_nothing);
  png_set_compression_level(png, level);
  if (strategy > 0) png_set_compression_strategy(png, strategy);
  if (filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_set_IHDR(png, info, width, height, 8, drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  if (drop_alpha) {
    row = (uint8_t *)malloc((size_t)width * 3);
    if (!row) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) {
      const uint8_t *src = rgba + (size_t)y * width * 4;
      for (uint32_t x = 0; x < width; x++) {
        row[x * 3] = src[x * 4];
        row[x * 3 + 1] = src[x * 4 + 1];
        row[x * 3 + 2] = src[x * 4 + 2];
      }
      png_write_row(png, row);
    }
  } else {
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgba + (size_t)y * width * 4);
  }
  png_write_end(png, NULL);
  free(row);
  png_destroy_write_struct(&png, &info);
  return 0;
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

static int buffer_reserve(cpng_buffer *out, size_t extra) {
  if (out->length + extra <= out->capacity) return 0;
  size_t capacity = out->capacity ? out->capacity : 4096;
  while (capacity < out->length + extra) capacity *= 2;
  uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
  if (!grown) return -1;
  out->data = grown;
  out->capacity = capacity;
  return 0;
}

static unsigned paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return (unsigned)((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c));
}

/* Filters one row (bpp bytes a pixel, n bytes) with type t into dst[0..n]. */
static void filter_row(int t, const uint8_t *cur, const uint8_t *prev, size_t n, int bpp,
                       uint8_t *dst) {
  for (size_t i = 0; i < n; i++) {
    int a = i >= (size_t)bpp ? cur[i - bpp] : 0;
    int b = prev ? prev[i] : 0;
    int c = (prev && i >= (size_t)bpp) ? prev[i - bpp] : 0;
    switch (t) {
      case 0: dst[i] = cur[i]; break;
      case 1: dst[i] = (uint8_t)(cur[i] - a); break;
      case 2: dst[i] = (uint8_t)(cur[i] - b); break;
      case 3: dst[i] = (uint8_t)(cur[i] - ((a + b) >> 1)); break;
      default: dst[i] = (uint8_t)(cur[i] - paeth(a, b, c)); break;
    }
  }
}

int cpng_deflate_window(const uint8_t *rgba, size_t stride, uint32_t width, uint32_t height,
                        int channels, int filter, int level, cpng_buffer *out, char *err,
                        size_t err_len) {
  size_t n = (size_t)width * (size_t)channels;
  uint8_t *rows = (uint8_t *)malloc(2 * n + 5 * (n + 1));
  if (!rows) {
    snprintf(err, err_len, "out of memory");
    return -1;
  }
  uint8_t *cur = rows, *prev = rows + n, *cand = rows + 2 * n;
  z_stream z;
  memset(&z, 0, sizeof z);
  if (deflateInit(&z, level) != Z_OK) {
    free(rows);
    snprintf(err, err_len, "zlib could not start");
    return -1;
  }
  int status = 0;
  for (uint32_t y = 0; y < height && status == 0; y++) {
    const uint8_t *src = rgba + (size_t)y * stride;
    if (channels == 4) {
      memcpy(cur, src, n);
    } else {
      for (uint32_t x = 0; x < width; x++) {
        cur[x * 3] = src[x * 4];
        cur[x * 3 + 1] = src[x * 4 + 1];
        cur[x * 3 + 2] = src[x * 4 + 2];
      }
    }
    const uint8_t *p = y ? prev : NULL;
    uint8_t *chosen = cand;
    if (filter == 5) {
      unsigned long best = ~0UL;
      for (int t = 0; t < 5; t++) {
        uint8_t *d = cand + (size_t)t * (n + 1);
        d[0] = (uint8_t)t;
        filter_row(t, cur, p, n, channels, d + 1);
        unsigned long sum = 0;
        for (size_t i = 1; i <= n; i++) sum += d[i] < 128 ? d[i] : 256 - d[i];
        if (sum < best) { best = sum; chosen = d; }
      }
    } else {
      chosen[0] = (uint8_t)filter;
      filter_row(filter, cur, p, n, channels, chosen + 1);
    }
    z.next_in = chosen;
    z.avail_in = (uInt)(n + 1);
    int flush = (y + 1 == height) ? Z_FINISH : Z_NO_FLUSH;
    do {
      if (buffer_reserve(out, 65536) != 0) { status = -1; snprintf(err, err_len, "out of memory"); break; }
      z.next_out = out->data + out->length;
      z.avail_out = (uInt)(out->capacity - out->length);
      size_t before = z.avail_out;
      int r = deflate(&z, flush);
      out->length += before - z.avail_out;
      if (r == Z_STREAM_ERROR) { status = -1; snprintf(err, err_len, "zlib failed"); break; }
      if (flush == Z_FINISH && r == Z_STREAM_END) break;
    } while (z.avail_out == 0 || (flush == Z_FINISH));
    uint8_t *t = prev; prev = cur; cur = t;
  }
  deflateEnd(&z);
  free(rows);
  return status;
}
