#!/usr/bin/env python3
"""Times commands run by turns (A, B, A, B, ...), not one after another.

On a shared or virtual machine the speed drifts by several per cent over a
minute; hyperfine runs all of one command, then all of the next, so a slow
spell can land on one of them alone. Run by turns, a slow spell lands on both,
and their ratio stays. Usage:

    bench-alternate.py RUNS [--prepare CMD] NAME=COMMAND NAME=COMMAND ...

`--prepare` runs (through sh) before every timed run, untimed. One untimed
warm-up round comes first. Prints, per command, the wall time (mean, standard
deviation, median), user and system CPU, and the ratios to the first command.
"""
import resource
import shlex
import statistics
import subprocess
import sys
import time


def main(arguments):
    if len(arguments) < 2:
        sys.exit(__doc__)
    runs = int(arguments[0])
    prepare = None
    commands = []
    rest = arguments[1:]
    while rest:
        item = rest.pop(0)
        if item == "--prepare":
            prepare = rest.pop(0)
        else:
            name, _, command = item.partition("=")
            commands.append((name, shlex.split(command)))
    if len(commands) < 1 or runs < 2:
        sys.exit(__doc__)
    samples = {name: [] for name, _ in commands}
    for round_index in range(runs + 1):
        for name, command in commands:
            if prepare:
                subprocess.run(prepare, shell=True, check=True)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.monotonic()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            wall = time.monotonic() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if round_index > 0:  # the first round warms caches
                samples[name].append((wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime))
    first = None
    for name, _ in commands:
        walls = [s[0] for s in samples[name]]
        cpus = [s[1] + s[2] for s in samples[name]]
        mean, median, cpu = statistics.mean(walls), statistics.median(walls), statistics.mean(cpus)
        if first is None:
            first = (mean, median, cpu)
        print(
            f"  {name}: {mean:.3f} s ± {statistics.stdev(walls):.3f} (median {median:.3f} s),"
            f" user {statistics.mean(s[1] for s in samples[name]):.3f} s + system {statistics.mean(s[2] for s in samples[name]):.3f} s;"
            f" × {mean / first[0]:.3f} mean, × {median / first[1]:.3f} median,"
            + (f" × {cpu / first[2]:.3f} CPU" if first[2] > 0 else " CPU not measurable")
        )


if __name__ == "__main__":
    main(sys.argv[1:])
