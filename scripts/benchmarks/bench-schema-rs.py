#!/usr/bin/env python3
"""The fastest reference for livery's schema benchmark: jsonschema-rs, the Rust
validator, through Python (`pip install jsonschema-rs`), schema compiled once,
`json.load` of every file included, as livery also reads every file.

    bench-schema-rs.py SCHEMA FILE...

Only says valid or not (is_valid), which is less than livery reports: livery
also gives every error's file, line, column and pointer. Exits 1 when any file
is invalid, like `livery schema check`.
"""
import json
import sys

import jsonschema_rs


def main():
    with open(sys.argv[1]) as f:
        validator = jsonschema_rs.validator_for(json.load(f))
    invalid = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            if not validator.is_valid(json.load(f)):
                invalid += 1
                print("%s: invalid" % path)
    print("%d valid, %d invalid" % (len(sys.argv) - 2 - invalid, invalid), file=sys.stderr)
    sys.exit(1 if invalid else 0)


if __name__ == "__main__":
    main()
