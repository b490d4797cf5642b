#include "cpng.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int cpng_decode_rgba(const uint8_t *data, size_t length, uint64_t max_pixels, uint8_t **pixels,
                     uint32_t *width, uint32_t *height, char *err, size_t err_len) {
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
    free(image);
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
  image = (uint8_t *)malloc((size_t)w * h * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (!image || !rows) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = image + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  *pixels = image;
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
