#!/usr/bin/env python3
"""Writes decisions.json and buckets.json: the shared variant cases.

The expected answers are computed here, independently of both runtimes:
buckets with Python's hashlib (SHA-256 of seed + "." + install id, as a
big-endian number, modulo 100,000,000), wall-clock times with zoneinfo
(fold=0: the first of a repeated time, the offset before a skipped one),
experiment arms by the ranges docs/variants.md describes. Run it again only
to add cases; the answers for existing cases must not change.
"""
import datetime, hashlib, json, pathlib, zoneinfo

HERE = pathlib.Path(__file__).parent


def bucket(seed, install):
    return int.from_bytes(hashlib.sha256(f"{seed}.{install}".encode()).digest(), "big") % 100_000_000


def instant(local, zone):
    naive = datetime.datetime.fromisoformat(local)
    return naive.replace(tzinfo=zoneinfo.ZoneInfo(zone)).astimezone(datetime.timezone.utc)


def z(moment, seconds=0):
    return (moment + datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def window_case(name, local_from, local_until, zone):
    start, end = instant(local_from, zone), instant(local_until, zone)
    when = {"from": local_from, "until": local_until}
    if zone != "UTC":
        when["timeZone"] = zone
    contexts = [
        {"date": z(start, -1), "expect": None},
        {"date": z(start), "expect": "holiday"},
        {"date": z(end, -1), "expect": "holiday"},
        {"date": z(end), "expect": None},
    ]
    return {"name": name, "variants": {"holiday": {"when": when}},
            "contexts": [dict(installId="any", **c) for c in contexts]}


def arms_case():
    arms = {"arm-a": 50, "arm-b": 30, "arm-c": 20}
    coverage = 10
    variants = {name: {"experiment": {"id": "cta-2026", "weight": w, "coverage": coverage}} for name, w in arms.items()}
    contexts = []
    for n in range(40):
        install = f"install-{n}"
        b = bucket("cta-2026", install)
        start, chosen = 0, None
        for name in sorted(arms):
            length = arms[name] * 1_000_000 * coverage * 1_000_000 // 100_000_000
            if start <= b < start + length:
                chosen = name
            start += arms[name] * 1_000_000
        contexts.append({"installId": install, "date": "2026-06-01T00:00:00Z", "expect": chosen,
                         "experiment": "cta-2026" if chosen else None})
    # Installs known to fall in each arm, so every arm is reached by some case.
    found = {c["expect"] for c in contexts}
    n = 40
    while not {"arm-a", "arm-b", "arm-c"} <= found:
        install = f"install-{n}"
        b = bucket("cta-2026", install)
        start = 0
        for name in sorted(arms):
            length = arms[name] * 1_000_000 * coverage * 1_000_000 // 100_000_000
            if start <= b < start + length and name not in found:
                found.add(name)
                contexts.append({"installId": install, "date": "2026-06-01T00:00:00Z", "expect": name, "experiment": "cta-2026"})
            start += arms[name] * 1_000_000
        n += 1
    return {"name": "experiment arms at 10 % coverage", "variants": variants, "contexts": contexts}


def percent_case():
    contexts = []
    for n in range(30):
        install = f"device-{n:03d}"
        contexts.append({"installId": install, "date": "2026-06-01T00:00:00Z",
                         "expect": "rollout" if bucket("holiday-2026", install) < 25_500_000 else None})
    return {"name": "percent 25.5 with a seed", "variants": {"rollout": {"when": {"percent": 25.5, "seed": "holiday-2026"}}},
            "contexts": contexts}


def ctx(expect, **fields):
    fields.setdefault("installId", "i-1")
    fields.setdefault("date", "2026-06-01T00:00:00Z")
    fields["expect"] = expect
    return fields


cases = [
    window_case("holiday in UTC", "2026-12-01T00:00", "2026-12-27T00:00", "UTC"),
    window_case("holiday in Pacific/Kiritimati (UTC+14)", "2026-12-01T00:00", "2026-12-27T00:00", "Pacific/Kiritimati"),
    window_case("holiday in Pacific/Pago_Pago (UTC-11)", "2026-12-01T00:00", "2026-12-27T00:00", "Pacific/Pago_Pago"),
    window_case("Europe/Paris: from a time the clocks skip, until a time they repeat", "2026-03-29T02:30", "2026-10-25T02:30", "Europe/Paris"),
    window_case("America/New_York across both clock changes", "2026-03-08T02:30", "2026-11-01T01:30", "America/New_York"),
    window_case("Australia/Lord_Howe, a half-hour clock change", "2026-04-05T01:45", "2026-10-04T02:15", "Australia/Lord_Howe"),
    {"name": "only from", "variants": {"holiday": {"when": {"from": "2026-12-01T00:00:30", "timeZone": "Asia/Kolkata"}}},
     "contexts": [ctx(None, date="2026-11-30T18:30:29Z"), ctx("holiday", date="2026-11-30T18:30:30Z"), ctx("holiday", date="2099-01-01T00:00:00Z")]},
    {"name": "app version ranges", "variants": {"v": {"when": {"appVersion": ">=3.2.0 <4.0.0 || =5 || >6.1"}}},
     "contexts": [ctx(None, appVersion="3.1.9"), ctx("v", appVersion="3.2"), ctx("v", appVersion="3.2.0.0"), ctx("v", appVersion="3.99.99"),
                  ctx(None, appVersion="4.0.0"), ctx("v", appVersion="5.0"), ctx(None, appVersion="5.0.1"), ctx(None, appVersion="6.1"),
                  ctx("v", appVersion="6.1.0.1"), ctx(None, appVersion="3.2.0-beta"), ctx(None, appVersion="3..2"), ctx(None)]},
    {"name": "nested conditions and unknown inputs", "variants": {"n": {"when": {"all": [
        {"any": [{"countries": ["CA", "US"]}, {"locales": ["fr"]}]},
        {"not": {"platforms": ["web"]}},
        {"not": {"any": [{"countries": ["FR"]}, {"appVersion": "<2"}]}}]}}},
     "contexts": [ctx("n", country="CA"), ctx("n", country="us", platform="ios"), ctx(None, country="CA", platform="web"),
                  ctx("n", locale="fr_BE"), ctx("n", locale="FR-ca", country="DE"), ctx(None, locale="fy"), ctx(None, locale="fr", country="FR"),
                  ctx(None, country="US", appVersion="1.9"), ctx("n", country="US", appVersion="2"), ctx(None)]},
    {"name": "first match by order, then name", "variants": {
        "b-late": {"order": 5, "when": {"countries": ["CA"]}},
        "a-late": {"order": 5, "when": {"countries": ["CA", "US"]}},
        "first": {"order": -1, "when": {"platforms": ["android"]}},
        "fallback": {"order": 100}},
     "contexts": [ctx("a-late", country="CA"), ctx("a-late", country="US"), ctx("first", country="CA", platform="android"),
                  ctx("fallback", country="DE"), ctx("fallback")]},
    {"name": "empty any never holds, empty all always does", "variants": {
        "never": {"order": 1, "when": {"any": []}}, "always": {"order": 2, "when": {"all": []}}},
     "contexts": [ctx("always")]},
    percent_case(),
    arms_case(),
]

refused = [
    {"name": "unknown condition", "variant": {"when": {"country": ["CA"]}}, "pointer": "/when/country"},
    {"name": "two kinds in one object", "variant": {"when": {"countries": ["CA"], "platforms": ["ios"]}}, "pointer": "/when"},
    {"name": "lower-case country", "variant": {"when": {"countries": ["ca"]}}, "pointer": "/when/countries/0"},
    {"name": "percent without seed", "variant": {"when": {"percent": 10}}, "pointer": "/when/seed"},
    {"name": "percent over 100", "variant": {"when": {"percent": 100.5, "seed": "s"}}, "pointer": "/when/percent"},
    {"name": "percent with seven decimals", "variant": {"when": {"percent": 1.0000001, "seed": "s"}}, "pointer": "/when/percent"},
    {"name": "date with a zone offset", "variant": {"when": {"from": "2026-12-01T00:00+01:00"}}, "pointer": "/when/from"},
    {"name": "date that does not exist", "variant": {"when": {"from": "2026-02-29T00:00"}}, "pointer": "/when/from"},
    {"name": "unknown time zone", "variant": {"when": {"from": "2026-12-01T00:00", "timeZone": "Mars/Olympus"}}, "pointer": "/when/timeZone"},
    {"name": "time zone abbreviation with an offset", "variant": {"when": {"from": "2026-12-01T00:00", "timeZone": "GMT+2:00"}}, "pointer": "/when/timeZone"},
    {"name": "window without ends", "variant": {"when": {"timeZone": "UTC"}}, "pointer": "/when"},
    {"name": "bad version range", "variant": {"when": {"appVersion": ">=3.2.0-beta"}}, "pointer": "/when/appVersion"},
    {"name": "unknown platform", "variant": {"when": {"platforms": ["windows"]}}, "pointer": "/when/platforms/0"},
    {"name": "not of an array", "variant": {"when": {"not": [{"countries": ["CA"]}]}}, "pointer": "/when/not"},
    {"name": "nested error in any", "variant": {"when": {"any": [{"countries": ["CA"]}, {"all": [{"locales": ["f"]}]}]}}, "pointer": "/when/any/1/all/0/locales/0"},
    {"name": "order not whole", "variant": {"order": 1.5}, "pointer": "/order"},
    {"name": "experiment without weight", "variant": {"experiment": {"id": "x"}}, "pointer": "/experiment/weight"},
    {"name": "unknown member", "variant": {"whenn": {}}, "pointer": "/whenn"},
]

vectors = [{"seed": s, "installId": i, "bucket": bucket(s, i)} for s, i in [
    ("holiday-2026", "00000000-0000-0000-0000-000000000000"), ("holiday-2026", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"),
    ("cta-2026", "install-1"), ("cta-2026", "install-2"), ("", ""), ("seed", "é"), ("種", "🎄-install"),
    ("a.b", "c"), ("a", "b.c"), ("x" * 200, "y" * 300)] + [("rollout", f"device-{n}") for n in range(10)]]

(HERE / "decisions.json").write_text(json.dumps(
    {"format": "livery-variant-cases/1", "cases": cases, "refused": refused}, indent=2, ensure_ascii=False) + "\n")
(HERE / "buckets.json").write_text(json.dumps({"format": "livery-bucket-vectors/1", "vectors": vectors}, indent=2, ensure_ascii=False) + "\n")
