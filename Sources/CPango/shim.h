// Pango through pangocairo, with the fontconfig and FreeType it runs on: the text engine's
// C interface (Sources/Text). Only the Text module imports it.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ot.h>
#include <cairo/cairo.h>

// GObject casts are macros, which Swift does not import.
static inline PangoFcFont *tr_fc_font(PangoFont *font) { return (PangoFcFont *)font; }
static inline PangoFcFontMap *tr_fc_font_map(PangoFontMap *map) { return (PangoFcFontMap *)map; }

// The paragraph direction from the first strong character (Unicode's rule P2); Pango keeps
// this helper but marks it deprecated.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
static inline PangoDirection tr_base_dir(const char *text) { return pango_find_base_dir(text, -1); }
#pragma clang diagnostic pop
