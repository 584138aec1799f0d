#!/usr/bin/env python3
"""The reference for livery's schema benchmark: Python's jsonschema
(Draft202012Validator, schema compiled once) over the same files.

    bench-schema-python.py SCHEMA FILE...

Prints how many files were valid; exits 1 when any is not, like
`livery schema check`.
"""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1]))
    validator = jsonschema.Draft202012Validator(schema)
    invalid = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            errors = list(validator.iter_errors(json.load(f)))
        if errors:
            invalid += 1
            for error in errors:
                print("%s: %s" % (path, error.message))
    print("%d valid, %d invalid" % (len(sys.argv) - 2 - invalid, invalid), file=sys.stderr)
    sys.exit(1 if invalid else 0)


if __name__ == "__main__":
    main()
