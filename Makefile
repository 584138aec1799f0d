# What a person runs. Each target is a thin wrapper over a script in scripts/.
.PHONY: tsan demo test leaks bench bench-scale build fuzz install

# Where `make install` puts livery: PREFIX/bin/livery and shell completion under
# PREFIX/share. LIVERY names a livery binary to install instead of building one.
PREFIX ?= /usr/local
LIVERY ?=

build:
	scripts/build-release

install:
	scripts/install "$(PREFIX)" $(LIVERY)

demo:
	scripts/demo

test:
	scripts/test

leaks:
	swift build --product livery
	scripts/leak-check

bench:
	scripts/bench

# The concurrency tests under the thread sanitizer (a separate build in .build/tsan).
tsan:
	scripts/tsan

bench-scale:
	scripts/bench-scale

# Each libFuzzer target for FUZZ_SECONDS (default 30) seconds; see scripts/fuzz.
fuzz:
	scripts/fuzz
