#!/usr/bin/env python3
"""The guard against the next inverted expectation.

Reads the device reports a run wrote (REPORT_DIR/*.json) and fails when a
probe fails, as judged, on every local implementation present (PoCL,
Oclgrind, rusticl) while no entry of the ledger (docs/spec-readings.md)
names it on its `Probes:` line. A probe every driver fails is more likely a
wrong expectation than the same bug in three independent implementations;
the ledger is where a probe that nevertheless fails everywhere is defended.

Usage: check_unanimous.py REPORT_DIR [--ledger FILE]
Exit: 0 nothing unexplained (or fewer than two local implementations to
compare), 1 some probe fails everywhere unexplained, 2 bad input.
Python 3 standard library only.
"""
import fnmatch
import glob
import json
import os
import re
import sys

LOCAL = (("pocl", re.compile(r"portable computing language", re.I)),
         ("oclgrind", re.compile(r"oclgrind", re.I)),
         ("rusticl", re.compile(r"rusticl", re.I)))
JUDGED_FAILURES = {"fail", "build-fail", "unexpected-build-ok"}


def ledger_globs(path):
    """Every glob on the `Probes:` lines of the ledger, with its entry."""
    globs, entry = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"##\s+(\S+)", line)
            if m:
                entry = m.group(1)
            m = re.match(r"Probes:\s*(.*)", line)
            if m:
                if entry is None:
                    raise ValueError("%s:%d: 'Probes:' outside an entry" % (path, n))
                for g in re.split(r"[,\s]+", m.group(1).strip()):
                    if g and not g.startswith("("):
                        globs.append((g, entry))
                    elif g.startswith("("):
                        break
    return globs


def local_reports(folder):
    reports = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            raise ValueError("%s: %s" % (path, e))
        if not isinstance(doc, dict) or "probes" not in doc or "platform" not in doc:
            continue  # index.json, matrix.json, ...
        name = (doc.get("platform") or {}).get("name") or ""
        impl = next((k for k, rx in LOCAL if rx.search(name)), None)
        if impl:
            reports.append((impl, path, {p.get("id"): p.get("verdict") for p in doc["probes"]}))
    return reports


def main(argv):
    args = argv[1:]
    ledger = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "spec-readings.md")
    if "--ledger" in args:
        i = args.index("--ledger")
        if i + 1 >= len(args):
            print("usage: check_unanimous.py REPORT_DIR [--ledger FILE]", file=sys.stderr)
            return 2
        ledger = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print("usage: check_unanimous.py REPORT_DIR [--ledger FILE]", file=sys.stderr)
        return 2
    try:
        globs = ledger_globs(ledger)
        reports = local_reports(args[0])
    except (OSError, ValueError) as e:
        print("check_unanimous: %s" % e, file=sys.stderr)
        return 2
    impls = sorted({impl for impl, _, _ in reports})
    if len(reports) < 2:
        print("check_unanimous: %d local implementation report(s) in %s; nothing to compare"
              % (len(reports), args[0]))
        return 0
    common = set.intersection(*(set(v) for _, _, v in reports))
    unanimous = sorted(pid for pid in common
                       if all(v.get(pid) in JUDGED_FAILURES for _, _, v in reports))
    unexplained = []
    for pid in unanimous:
        entry = next((e for g, e in globs if fnmatch.fnmatchcase(pid, g)), None)
        if entry:
            print("check_unanimous: %s fails on every local implementation; ledger entry %s defends it"
                  % (pid, entry))
        else:
            unexplained.append(pid)
    for pid in unexplained:
        print("check_unanimous: UNEXPLAINED %s fails on every local implementation and no ledger entry names it"
              % pid)
    print("check_unanimous: %d report(s) of %s compared, %d probe(s) in common, %d failing everywhere, "
          "%d unexplained" % (len(reports), ", ".join(impls), len(common), len(unanimous), len(unexplained)))
    if unexplained:
        print("check_unanimous: suspect those probes first; a reading that survives goes into %s" % ledger)
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
