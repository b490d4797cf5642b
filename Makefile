# The two commands of the README: `make demo` renders the gallery, `make test` runs the tests.
# Both install what is missing first (Debian packages through apt-get when run as root).

SWIFT ?= swift
APT_PACKAGES := libcairo2-dev libpng-dev zlib1g-dev pkg-config libwebp-dev
# Independent decoders the tests check our encoders against.
TEST_APT_PACKAGES := python3-pil
RENDER := .build/release/render

.PHONY: demo test deps test-deps build clean

demo: deps build
	$(RENDER) gallery -o output/

build: deps
	$(SWIFT) build -c release --product render

test: deps test-deps
	$(SWIFT) test

deps:
	@./scripts/install-deps $(APT_PACKAGES)

test-deps:
	@./scripts/install-deps $(TEST_APT_PACKAGES)

clean:
	rm -rf .build
