#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <pixman.h>
