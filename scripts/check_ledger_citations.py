#!/usr/bin/env python3
"""Every probe a ledger entry names cites that entry.

The ledger (docs/spec-readings.md) names on each entry's `Probes:` line, as
globs, the probes whose expectation rests on the entry's reading. Each probe
such a glob matches must say so in its `why` as `[ledger: NAME]` (the citation
`clconform explain` and the reports follow back to the entry). A glob that
matches no probe is reported too: the ledger would then name a family that
is gone.

usage: check_ledger_citations.py [--ledger FILE] [--probes DIR]
Exit 0 when every named probe cites its entry, 1 when one does not, 2 on an
input error.
"""
import fnmatch
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_unanimous import ledger_globs  # noqa: E402


def probe_whys(folder):
    """{id: why} of every probe under folder ([defaults] why included)."""
    whys = {}
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".probe"):
                read_probe_file(os.path.join(root, name), whys)
    return whys


def read_probe_file(path, whys):
    default_why, current, own_why, tag = "", None, None, None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for line in lines + ["[end]"]:
        if tag is not None:  # inside a heredoc
            if line.strip() == tag:
                tag = None
            continue
        s = line.strip()
        if s.startswith("[") and s.endswith("]"):
            if current:
                whys[current] = own_why if own_why is not None else default_why
            m = re.match(r"\[probe\s+(\S+)\]", s)
            current, own_why = (m.group(1) if m else None), None
            if s == "[defaults]":
                default_why = ""
            continue
        m = re.match(r"([a-z_]+(?:\s+\S+)?)\s*=\s*(.*)", s)
        if not m or s.startswith("#"):
            continue
        value = m.group(2)
        if value.startswith("<<"):
            tag = value[2:].strip()
        if m.group(1) == "why":
            if current:
                own_why = value
            else:
                default_why = value


def main(argv):
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ledger, probes = os.path.join(here, "docs", "spec-readings.md"), os.path.join(here, "probes")
    args = argv[1:]
    while args:
        if args[0] in ("--ledger", "--probes") and len(args) > 1:
            if args[0] == "--ledger":
                ledger = args[1]
            else:
                probes = args[1]
            args = args[2:]
        else:
            print(__doc__.strip().split("\n\n")[2], file=sys.stderr)
            return 2
    try:
        globs = ledger_globs(ledger)
        whys = probe_whys(probes)
    except (OSError, ValueError) as e:
        print("check_ledger_citations: %s" % e, file=sys.stderr)
        return 2
    bad = 0
    for glob, entry in globs:
        named = sorted(pid for pid in whys if fnmatch.fnmatchcase(pid, glob))
        if not named:
            print("check_ledger_citations: ledger entry %s names %s, which matches no probe" % (entry, glob))
            bad += 1
        for pid in named:
            if "[ledger: %s]" % entry not in whys[pid]:
                print("check_ledger_citations: %s (named by ledger entry %s) does not cite [ledger: %s]"
                      % (pid, entry, entry))
                bad += 1
    print("check_ledger_citations: %d glob(s) of %d ledger entries, %d probe(s) read, %d problem(s)"
          % (len(globs), len({e for _, e in globs}), len(whys), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
