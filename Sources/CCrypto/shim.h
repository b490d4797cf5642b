// OpenSSL's message digests (Debian libssl-dev): SHA-256 with the CPU's SHA extensions.
#include <openssl/evp.h>
