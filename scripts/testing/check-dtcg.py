#!/usr/bin/env python3
"""Check Design Tokens (DTCG 2025.10) files against the official JSON schemas.

usage: scripts/testing/check-dtcg.py [--schemas DIR] PATH...

PATH is a file or a directory searched for them. `*.resolver.json` files are
checked against the resolver schema; `*.tokens.json` files, and every file a
resolver names as a source, against the format schema. Then, for each
resolver and each context of its modifiers, the sources are merged in
resolution order as the resolver module says, and every `{group.token}`
reference must name a token of the right type, without cycles: what Style
Dictionary or Terrazzo would do when they load it.

DIR defaults to Tests/Conformance/dtcg-schemas/2025.10 in the repository (the
official schemas, kept there with their licence, draft-07, with relative `$ref`s resolved offline through
their `$id`s). Needs Python's jsonschema 4.18 or later (`pip install jsonschema`).

Exit status: 0 all valid, 1 something invalid, 2 cannot check (no schemas,
no jsonschema, no files).
"""

import argparse
import itertools
import json
import os
import re
import sys

REFERENCE = re.compile(r"^\{([^{}]+)\}$")
# The sub-values of a typography value and the type a reference there must name.
TYPOGRAPHY_PARTS = {
    "fontFamily": "fontFamily",
    "fontSize": "dimension",
    "fontWeight": "fontWeight",
    "letterSpacing": "dimension",
    "lineHeight": "number",
}


def fail_setup(message):
    print(f"check-dtcg: {message}", file=sys.stderr)
    sys.exit(2)


def load_json(path, problems):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        problems.append(f"{path}: cannot read JSON: {error}")
        return None


def make_validators(schema_dir):
    """Draft-07 validators for format.json and resolver.json, with every schema
    file of `schema_dir` registered under its `$id` so `$ref`s resolve offline."""
    try:
        import jsonschema
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT7
    except ImportError:
        fail_setup("Python's jsonschema 4.18 or later (with referencing) is missing: "
                   "python3 -m pip install jsonschema (scripts/product/bootstrap --test installs it)")
    schemas = {}
    for root, _, names in os.walk(schema_dir):
        for name in sorted(names):
            if name.endswith(".json"):
                with open(os.path.join(root, name), encoding="utf-8") as handle:
                    schema = json.load(handle)
                if "$id" in schema:
                    schemas[schema["$id"]] = schema
    base = "https://www.designtokens.org/schemas/2025.10/"
    if base + "format.json" not in schemas or base + "resolver.json" not in schemas:
        fail_setup(f"no format.json and resolver.json with the 2025.10 $ids in {schema_dir}")
    registry = Registry().with_resources(
        (uri, Resource.from_contents(schema, default_specification=DRAFT7)) for uri, schema in schemas.items()
    )

    def validator(uri):
        return jsonschema.Draft7Validator(schemas[uri], registry=registry)

    return validator(base + "format.json"), validator(base + "resolver.json")


def schema_problems(validator, document, path):
    problems = []
    for error in sorted(validator.iter_errors(document), key=lambda e: [str(part) for part in e.absolute_path]):
        # A failed oneOf (group or token, value or reference) says little: follow
        # the sub-error that got deepest into the document, which says where.
        while error.context:
            error = max(error.context, key=lambda e: (len(e.absolute_path), -len(e.context or [])))
        where = "/" + "/".join(str(part) for part in error.absolute_path)
        problems.append(f"{path}: {where}: {error.message[:300]}")
    return problems


def resolver_sources(resolver):
    """Every `$ref` to another file in a resolver's sets and modifiers."""
    refs = []
    items = list((resolver.get("sets") or {}).values()) + list((resolver.get("modifiers") or {}).values())
    items += [item for item in resolver.get("resolutionOrder") or [] if isinstance(item, dict) and "type" in item]
    for item in items:
        lists = [item.get("sources") or []] + list((item.get("contexts") or {}).values())
        for sources in lists:
            for source in sources:
                if isinstance(source, dict) and isinstance(source.get("$ref"), str) and not source["$ref"].startswith("#"):
                    refs.append(source["$ref"])
    return refs


def merge(into, tokens):
    """Deep-merges a token structure: a token replaces, groups merge."""
    for key, value in tokens.items():
        if isinstance(value, dict) and "$value" not in value and isinstance(into.get(key), dict) and "$value" not in into[key]:
            merge(into[key], value)
        else:
            into[key] = json.loads(json.dumps(value))


def flatten(group, prefix="", inherited=None, out=None):
    """Dotted path → (type or None, value) for every token."""
    out = {} if out is None else out
    kind = group.get("$type", inherited)
    for key, value in group.items():
        if key.startswith("$") or not isinstance(value, dict):
            continue
        path = prefix + key
        if "$value" in value:
            out[path] = (value.get("$type", kind), value["$value"])
        else:
            flatten(value, path + ".", kind, out)
    return out


def resolved_type(tokens, path, seen):
    """The type of the token at `path`, following references; raises ValueError."""
    if path in seen:
        raise ValueError("reference cycle: " + " → ".join(seen + [path]))
    if path not in tokens:
        raise ValueError(f"{{{path}}} names no token")
    kind, value = tokens[path]
    if kind is not None:
        return kind
    match = REFERENCE.match(value) if isinstance(value, str) else None
    if match:
        return resolved_type(tokens, match.group(1), seen + [path])
    raise ValueError(f"{path} has no $type")


def reference_problems(tokens, label):
    problems = []

    def check(path, reference, wanted):
        try:
            found = resolved_type(tokens, reference, [path])
        except ValueError as error:
            problems.append(f"{label}: {path}: {error}")
            return
        if wanted is not None and found != wanted:
            problems.append(f"{label}: {path}: {{{reference}}} is a {found}, a {wanted} is needed")

    for path, (kind, value) in sorted(tokens.items()):
        match = REFERENCE.match(value) if isinstance(value, str) else None
        if match:
            check(path, match.group(1), kind)
        elif kind == "typography" and isinstance(value, dict):
            for part, wanted in TYPOGRAPHY_PARTS.items():
                sub = value.get(part)
                match = REFERENCE.match(sub) if isinstance(sub, str) else None
                if match:
                    check(f"{path}/{part}", match.group(1), wanted)
    return problems


def resolve_ref(resolver, pointer):
    node = resolver
    for part in pointer.lstrip("#/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def resolution_problems(resolver_path, resolver, documents):
    """Merges each permutation of the resolver's contexts and checks its references."""
    problems = []
    order = []
    for item in resolver.get("resolutionOrder") or []:
        if isinstance(item, dict) and "$ref" in item:
            target = resolve_ref(resolver, item["$ref"])
            if target is None:
                problems.append(f"{resolver_path}: resolutionOrder: {item['$ref']} names nothing")
                continue
            order.append((item["$ref"].split("/")[-1], target))
        elif isinstance(item, dict):
            order.append((item.get("name", "?"), item))
    modifiers = [(name, item) for name, item in order if "contexts" in item]
    choices = [[(name, context) for context in item["contexts"]] for name, item in modifiers]
    here = os.path.dirname(resolver_path)

    def tokens_of(sources, into):
        for source in sources:
            if isinstance(source, dict) and isinstance(source.get("$ref"), str):
                ref = source["$ref"]
                if ref.startswith("#"):
                    target = resolve_ref(resolver, ref)
                    tokens_of((target or {}).get("sources") or [], into)
                else:
                    document = documents.get(os.path.normpath(os.path.join(here, ref)))
                    if document is not None:
                        merge(into, document)
            elif isinstance(source, dict):
                merge(into, source)

    for permutation in itertools.product(*choices):
        chosen = dict(permutation)
        merged = {}
        for name, item in order:
            if "contexts" in item:
                tokens_of(item["contexts"].get(chosen.get(name), []), merged)
            else:
                tokens_of(item.get("sources") or [], merged)
        label = resolver_path + " " + (json.dumps(chosen) if chosen else "")
        problems += reference_problems(flatten(merged), label.strip())
    return problems, max(1, len(list(itertools.product(*choices))))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_schemas = os.path.normpath(os.path.join(here, "..", "..", "Tests", "Conformance", "dtcg-schemas", "2025.10"))
    parser = argparse.ArgumentParser(description="Check DTCG 2025.10 token and resolver files against the official schemas.")
    parser.add_argument("--schemas", default=default_schemas, help=f"the schemas directory (default {default_schemas})")
    parser.add_argument("paths", nargs="+", help="files, or directories searched for *.tokens.json and *.resolver.json")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.schemas, "format.json")):
        fail_setup(f"no DTCG schemas in {args.schemas}: put the official 2025.10 schemas there "
                   "(design-tokens/community-group www/public/schemas/2025.10) or pass --schemas DIR")
    format_validator, resolver_validator = make_validators(args.schemas)

    resolvers, token_files = [], []
    for path in args.paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    full = os.path.normpath(os.path.join(root, name))
                    if name.endswith("resolver.json"):
                        resolvers.append(full)
                    elif name.endswith(".tokens.json"):
                        token_files.append(full)
        elif path.endswith("resolver.json"):
            resolvers.append(os.path.normpath(path))
        else:
            token_files.append(os.path.normpath(path))
    if not resolvers and not token_files:
        fail_setup("no *.tokens.json or *.resolver.json files in " + ", ".join(args.paths))

    problems = []
    loaded_resolvers = {}
    for path in resolvers:
        document = load_json(path, problems)
        if document is None:
            continue
        loaded_resolvers[path] = document
        problems += schema_problems(resolver_validator, document, path)
        for ref in resolver_sources(document):
            source = os.path.normpath(os.path.join(os.path.dirname(path), ref.split("#")[0]))
            if not os.path.isfile(source):
                problems.append(f"{path}: source {ref} does not exist")
            elif source not in token_files:
                token_files.append(source)

    documents = {}
    for path in token_files:
        document = load_json(path, problems)
        if document is None:
            continue
        documents[path] = document
        problems += schema_problems(format_validator, document, path)

    permutations = 0
    for path, document in loaded_resolvers.items():
        found, count = resolution_problems(path, document, documents)
        problems += found
        permutations += count

    for problem in problems:
        print(problem)
    summary = f"{len(token_files)} token files, {len(resolvers)} resolvers ({permutations} resolutions)"
    if problems:
        print(f"check-dtcg: {len(problems)} problems in {summary}", file=sys.stderr)
        return 1
    print(f"check-dtcg: valid: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
