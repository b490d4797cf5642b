// libwebp's encoder and animation encoder (Debian libwebp-dev).
#include <webp/encode.h>
#include <webp/mux.h>
