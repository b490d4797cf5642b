# The two commands of the README: `make demo` renders the gallery, `make test` runs the tests.
# Both install what is missing first (Debian packages through apt-get when run as root).

SWIFT ?= swift
APT_PACKAGES := libcairo2-dev libpng-dev zlib1g-dev libdeflate-dev pkg-config libwebp-dev libssl-dev libpango1.0-dev fonts-inter fonts-noto-color-emoji
# Independent decoders and measurements the tests check our output against: Pillow (images,
# and FreeType's rendering of Inter), pango-view (Pango's own layouts on the system's fontconfig).
TEST_APT_PACKAGES := python3-pil pango1.0-tools
RENDER := .build/release/render

.PHONY: demo test examples docs deps test-deps build clean asan tsan sanitize-quick fuzz fuzz-replay bad-inputs check-players check-docs-media

demo: deps build
	$(RENDER) gallery -o output/

build: deps
	$(SWIFT) build -c release --product render

# Optimized, with @testable imports: the suite renders and decodes the whole gallery, which a
# debug build runs many times slower (its own folder, so `make demo`'s build is not redone).
# Then the tests of Examples/, a package of its own that depends on this one by path, as an
# app's would: the seeds' transitions, snapshot-tested (a debug build: they render small).
test: deps test-deps
	$(SWIFT) test -c release -Xswiftc -enable-testing --build-path .build/test
	cd Examples && $(SWIFT) test

# The Examples' GIFs, into Examples/output/.
examples: deps
	cd Examples && $(SWIFT) run render-examples

# The render-transitions plugin on Examples/: --check on the committed media/, a changed
# duration named stale, bad inputs leaving media/ intact (scripts/check-docs-media).
check-docs-media: deps
	./scripts/check-docs-media

# The DocC site of the TransitionRender module into .build/docs (warnings are errors).
docs: deps
	./scripts/docs

deps:
	@./scripts/install-deps $(APT_PACKAGES)

test-deps:
	@./scripts/install-deps $(TEST_APT_PACKAGES)

# Sanitizers (clang runtimes ship with the Swift toolchain). FILTER narrows the run, e.g.
# `make tsan FILTER=RenderingTests`; separate build folders keep the normal build untouched.
FILTER ?=
# CI's quick subsets: memory errors and leaks in the pixel, encoder and compositor code and
# the ownership rules; races where threads meet (parallel frame rendering in the render binary,
# the PNG decoder thread of `render encode`, the PNG writer's per-thread compressors,
# two-segment LZW, the compositor's shared caches).
ASAN_QUICK := PixelsTests|FrameEncodingTests|CompositorTests|Ownership
TSAN_QUICK := DeterminismTests|GIFTests|FrameSourceTests|PNGTests|CompositorTests
# LeakSanitizer runs at exit; scripts/lsan.supp lists the toolchain's own leaks (not ours).
asan: deps test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --build-path .build/asan $(if $(FILTER),--filter '$(FILTER)')

# halt_on_error: the first report ends the run with a failure, so it is not lost among test output.
tsan: deps test-deps
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --build-path .build/tsan $(if $(FILTER),--filter '$(FILTER)')

# The quick subsets under both sanitizers (CI runs this after `make test`).
sanitize-quick:
	$(MAKE) asan FILTER='$(ASAN_QUICK)'
	$(MAKE) tsan FILTER='$(TSAN_QUICK)'

# libFuzzer + ASan, FUZZ_SECONDS per target (scripts/fuzz; crashes land in Fuzz/crashes/).
FUZZ_SECONDS ?= 60
fuzz: deps
	./scripts/fuzz $(FUZZ_SECONDS)

# Every harness as a plain replay driver over its seed corpus and found crashes, plus
# deterministic random inputs: the fuzz regression test.
FUZZ_TARGETS := scene png args roundtrip outputs gesture
fuzz-replay: deps
	@for t in $(FUZZ_TARGETS); do $(SWIFT) build --product fuzz-$$t || exit 1; done
	@for t in $(FUZZ_TARGETS); do .build/debug/fuzz-$$t Fuzz/corpus/$$t --random 200 || exit 1; done

# The bad-input table against the release binary.
bad-inputs: build
	./scripts/bad-inputs

# Our GIF/APNG/WebP files decoded by Chromium (headless) and ffmpeg: frames, delays, loops.
check-players: build
	@./scripts/install-deps chromium ffmpeg python3-pil
	./scripts/check-players $(RENDER)

clean:
	rm -rf .build
