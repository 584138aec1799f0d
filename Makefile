# What a person runs. Each target is a thin wrapper over a script in scripts/product/,
# scripts/testing/ or scripts/benchmarks/ (each folder's README.md says what belongs there).
.PHONY: tsan demo test leaks bench bench-scale build fuzz install

# Where `make install` puts livery: PREFIX/bin/livery and shell completion under
# PREFIX/share. LIVERY names a livery binary to install instead of building one.
PREFIX ?= /usr/local
LIVERY ?=

build:
	scripts/product/build-release

install:
	scripts/product/install "$(PREFIX)" $(LIVERY)

demo:
	scripts/product/demo

test:
	scripts/testing/test

leaks:
	swift build --product livery
	scripts/testing/leak-check

bench:
	scripts/benchmarks/bench

# The concurrency tests under the thread sanitizer (a separate build in .build/tsan).
tsan:
	scripts/testing/tsan

bench-scale:
	scripts/benchmarks/bench-scale

# Each libFuzzer target for FUZZ_SECONDS (default 30) seconds; see scripts/testing/fuzz.
fuzz:
	scripts/testing/fuzz
