# What a person runs. Each target is a thin wrapper over a script in scripts/.
.PHONY: demo test leaks bench bench-scale build

build:
	swift build -c release --product livery

demo:
	scripts/demo

test:
	scripts/test

leaks:
	swift build --product livery
	scripts/leak-check

bench:
	scripts/bench

bench-scale:
	scripts/bench-scale
