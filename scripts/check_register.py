#!/usr/bin/env python3
"""Compares a run's device reports with the register (expected/).

Each file of expected/ describes one reference driver: its `driver` lines
say which reports it applies to (platform and device identity), its entries
which failures were triaged, with the clause and the deviation
(docs/register-format.md). For every device report of REPORT_DIR that a
register describes, this lists

  new failures   an unexpected verdict no entry allows (not registered, or
                 registered with other verdicts),
  changed deviations
                 a registered failure whose failing values or kinds are not
                 the ones its entry's `deviation` lines name,
  new passes     a probe that passes though its entry does not allow pass,
  stale entries  an entry that explains no failure of the run (all of its
                 probes pass now, or it matches no probe at all),

and exits 1 when there is any. A report no register describes is named and
skipped (with --require: a difference too, as CI wants every local driver
registered). With --propose it prints, instead of judging, what a reviewer needs
to refresh the register: the unregistered failures in register-line form
(family-level globs where every probe of the family fails the same way),
each reason left as `TODO: <how the values deviate>` -- which the register
refuses to load, so nothing is accepted until someone reads the spec
sentence and writes the reason -- and the stale entries to delete.

Usage: check_register.py REPORT_DIR [--expected DIR] [--headings FILE] [--propose] [--require]
Exit: 0 the run matches every register that describes one of its devices,
1 differences (or, with --propose, something to review), 2 bad input (a
malformed register, or an entry allowing pass that matches more than 8
passing probes).
Python 3 standard library only.
"""
import fnmatch
import glob
import json
import os
import sys

import register_deviation as dev

VERDICTS = ("fail", "build-fail", "unexpected-build-ok", "crash", "timeout", "error", "pass")
UNEXPECTED = {"fail", "build-fail", "unexpected-build-ok", "crash", "timeout", "error"}
FIELDS = ("platform.name", "platform.vendor", "platform.version", "device.name", "device.vendor",
          "device.version", "device.driver_version", "device.opencl_c_version")


class RegisterError(ValueError):
    pass


# An entry that allows pass matches at most this many passing probes of a
# report: a wider glob would read a new wrong value in any of them as known.
MAX_PASSING = 8
HEADINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "unified-spec-headings.txt")


def read_headings(path):
    """The `DOC: HEADING` lines of docs/unified-spec-headings.txt (a set)."""
    with open(path, encoding="utf-8") as f:
        return {ln.strip() for ln in f if ln.strip() and not ln.startswith("#")}


def parse_entry(s, n, where, headings):
    """GLOB VERDICTS "DOC: HEADING" REASON, as a dict; RegisterError naming where."""
    parts = s.split(None, 2)
    rest = parts[2] if len(parts) == 3 else ""
    q = rest.find('"', 1) if rest.startswith('"') else -1
    reason = rest[q + 1:].strip() if q > 0 else ""
    if q < 0 or not reason:
        raise RegisterError(where + 'an entry is GLOB VERDICTS "DOC: HEADING" REASON (the reason names the deviation)')
    glob_, verdicts, clause = parts[0], parts[1], rest[1:q]
    vs = verdicts.split("|")
    for v in vs:
        if v not in VERDICTS:
            raise RegisterError(where + "unknown verdict '%s' (one or more of %s, joined by '|')"
                                % (v, ", ".join(VERDICTS)))
    if glob_.count("[") and not _brackets_closed(glob_):
        raise RegisterError(where + "unterminated '[' in the glob")
    if clause not in headings:
        raise RegisterError(where + '"%s" is not a heading of docs/unified-spec-headings.txt' % clause)
    if reason.startswith("TODO"):
        raise RegisterError(where + "the reason is still TODO: triage the failure against its spec sentence")
    if "pass" in vs and not (reason.startswith("flaky:") and reason[6:].strip()):
        raise RegisterError(where + "an entry allows pass only when its reason says why the probe is flaky "
                            "('flaky: ...')")
    return {"glob": glob_, "verdicts": vs, "clause": clause, "reason": reason, "line": n,
            "values": set(), "kinds": set()}


def parse_under(entries, word, text, where):
    """A `fuzz`, `deviation` or `context` line: added to the entry above it."""
    if not entries:
        raise RegisterError(where + "a %s line belongs to the entry above it, and there is none" % word)
    if word == "context":
        if not text:
            raise RegisterError(where + "a context line names the call whose result depends on the code around it")
        if "context" in entries[-1]:
            raise RegisterError(where + "the entry above already has a context line")
        entries[-1]["context"] = text
        return
    if word == "fuzz":
        if not text.lstrip("!"):
            raise RegisterError(where + "fuzz %s: not a POSIX extended regular expression" % text)
        entries[-1].setdefault("fuzz", []).append(text)
        return
    d = dev.parse_line(text)
    if d is None:
        raise RegisterError(where + "a deviation line is `deviation E -> G` or `deviation kind CLASS`")
    entries[-1]["values" if d[0] == "value" else "kinds"].add(d[1])


def parse_register(path, headings):
    """{'path', 'driver': [(field, text)], 'entries': [dict]} or RegisterError
    naming FILE:LINE. Mirrors harness/judge/register.c."""
    drivers, entries = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        where = "%s:%d: " % (path, n)
        word = s.split(None, 1)[0]
        if word == "driver":
            rest = s[6:].strip().split(None, 1)
            if not rest or rest[0] not in FIELDS:
                raise RegisterError(where + "a driver line names one of %s, then the text it contains"
                                    % ", ".join(FIELDS))
            if len(rest) < 2:
                raise RegisterError(where + "driver %s: the text the field must contain is missing" % rest[0])
            drivers.append((rest[0], rest[1].strip()))
        elif word in ("fuzz", "deviation", "context"):
            parse_under(entries, word, s[len(word):].strip(), where)
        else:
            entries.append(parse_entry(s, n, where, headings))
    for e in entries:
        if not (e["values"] or e["kinds"]):
            raise RegisterError("%s:%d: the entry names no deviation: add `deviation E -> G` or "
                                "`deviation kind CLASS` lines under it" % (path, e["line"]))
    if not drivers:
        raise RegisterError("%s:%d: no driver line: a register says which driver it describes "
                            "(e.g. \"driver platform.version PoCL 3.1\")" % (path, 1))
    return {"path": path, "driver": drivers, "entries": entries}


def _brackets_closed(pat):
    i = 0
    while i < len(pat):
        if pat[i] == "[":
            j = i + 1
            if j < len(pat) and pat[j] in "!^":
                j += 1
            if j < len(pat) and pat[j] == "]":
                j += 1
            while j < len(pat) and pat[j] != "]":
                j += 1
            if j >= len(pat):
                return False
            i = j
        i += 1
    return True


def describes(reg, report):
    for field, text in reg["driver"]:
        obj, key = field.split(".", 1)
        have = (report.get(obj) or {}).get(key)
        if not isinstance(have, str) or text not in have:
            return False
    return True


def entry_for(reg, pid):
    for i, e in enumerate(reg["entries"]):
        if fnmatch.fnmatchcase(pid, e["glob"]):
            return i, e
    return None, None


def entry_line(e):
    return '%s %s "%s" %s' % (e["glob"], "|".join(e["verdicts"]), e["clause"], e["reason"])


def allows_pass(e):
    """An entry allows pass when it says the probe is flaky, or that its
    deviation shows in some programs around the call only (`context`)."""
    return "pass" in e["verdicts"] or "context" in e


def compare(reg, report):
    """(new_failures, new_passes, changed, stale): lists of (id, verdict,
    record, entry), (id, verdict, record, entry, what changed) and (entry,
    why). RegisterError when an entry that allows pass matches more than
    MAX_PASSING passing probes."""
    new_fail, new_pass, changed = [], [], []
    hit = [0] * len(reg["entries"])
    passing = [0] * len(reg["entries"])
    for rec in report.get("probes") or []:
        pid, v = rec.get("id"), rec.get("verdict")
        if not isinstance(pid, str) or not isinstance(v, str):
            continue
        i, e = entry_for(reg, pid)
        if e is not None:
            hit[i] |= 1
            passing[i] += v == "pass"
        if v in UNEXPECTED:
            if e is not None and v in e["verdicts"]:
                hit[i] |= 2
                what = dev.changed(e, rec)
                if what:
                    changed.append((pid, v, rec, e, what))
            else:
                new_fail.append((pid, v, rec, e))
        elif v == "pass" and e is not None and not allows_pass(e):
            new_pass.append((pid, v, rec, e))
    for i, e in enumerate(reg["entries"]):
        if allows_pass(e) and passing[i] > MAX_PASSING:
            raise RegisterError("%s:%d: %s matches %d passing probes: an entry that allows pass matches at "
                                "most %d (name the flaky probes)" % (reg["path"], e["line"], e["glob"],
                                                                    passing[i], MAX_PASSING))
    complete = (report.get("run") or {}).get("complete") is not False
    stale = []
    for i, e in enumerate(reg["entries"]):
        if hit[i] == 1 and not allows_pass(e):
            # an entry allowing pass (an outcome that varies) is not stale
            # for passing: a run without the crash must not fail CI
            stale.append((e, "its probes no longer fail as registered"))
        elif hit[i] == 0 and complete:
            stale.append((e, "it matches no probe of the run"))
    return new_fail, new_pass, changed, stale


def deviation(rec):
    devs = sorted(dev.kinds(rec))
    return "; ".join(devs) if devs else (rec.get("detail") or "")[:120]


def deviation_lines(recs, most=8):
    """The `deviation` lines naming what recs have in common: their failing
    elements' values when at most `most` pairs, else their kinds."""
    vals = set().union(*(dev.values(r) for r in recs))
    if vals and len(vals) <= most:
        return ["deviation " + x for x in sorted(vals)]
    return ["deviation kind " + k for k in sorted(set().union(*(dev.kinds(r) for r in recs)))]


def heading_of(rec):
    """The record's `spec` ("OpenCL C (unified): HEADING") as a register's
    clause ("OpenCL C: HEADING")."""
    return (rec.get("spec") or "?").replace(" (unified): ", ": ", 1)


def propose_lines(report, failures):
    """Register lines for the unregistered failures: a family-level glob
    (the id up to a dot, then '*') where every probe of the run under it
    fails with the same verdict and deviation, else the id; each with its
    deviation lines."""
    by_id = {r.get("id"): r for r in report.get("probes") or [] if isinstance(r.get("id"), str)}
    todo = {pid: (v, rec) for pid, v, rec, _ in failures}
    out, done = [], set()
    for pid in sorted(todo):
        if pid in done:
            continue
        v, rec = todo[pid]
        why = deviation(rec)
        best = pid
        parts = pid.split(".")
        for cut in range(len(parts) - 1, 1, -1):
            prefix = ".".join(parts[:cut]) + "."
            under = [i for i in by_id if i.startswith(prefix)]
            if all(i in todo and todo[i][0] == v and deviation(todo[i][1]) == why for i in under):
                best = prefix + "*"
            else:
                break
        mine = [i for i in todo if i.startswith(best[:-1])] if best.endswith("*") else [pid]
        done.update(mine)
        out.append('%s %s "%s" TODO: %s' % (best, v, heading_of(rec), why))
        out += ["  " + d for d in deviation_lines([todo[i][1] for i in mine])]
    return out


def device_reports(folder):
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if isinstance(doc, dict) and "probes" in doc and "platform" in doc:
            arrays = doc.get("arrays") or {}
            for rec in doc["probes"]:
                if isinstance(rec, dict):
                    dev.resolve(rec, arrays)
            out.append((path, doc))
    return out


def print_differences(reg, report, propose):
    """Prints how report differs from reg; 1 when it does, else 0."""
    key = (report.get("device") or {}).get("key", "?")
    new_fail, new_pass, changed, stale = compare(reg, report)
    if not (new_fail or new_pass or changed or stale):
        n = sum(1 for r in report.get("probes") or [] if r.get("verdict") in UNEXPECTED)
        print("%s: matches %s (%d failure(s), all registered)" % (key, reg["path"], n))
        return 0
    print("%s: differs from %s" % (key, reg["path"]))
    if propose and new_fail:
        print("  # add (write each reason from the spec sentence the failure breaks):")
        for line in propose_lines(report, new_fail):
            print("  " + line)
    elif new_fail:
        for pid, v, rec, e in new_fail:
            how = "registered (line %d) as %s" % (e["line"], "|".join(e["verdicts"])) if e else "not registered"
            print("  new failure: %s %s (%s): %s" % (pid, v, how, deviation(rec)))
    for pid, v, rec, e, what in changed:
        print("  changed deviation: %s %s (registered at %s:%d): %s" % (pid, v, reg["path"], e["line"], what))
        if propose:
            print("\n".join("    " + d for d in deviation_lines([rec])))
    for pid, v, rec, e in new_pass:
        print("  new pass: %s (registered at %s:%d: %s)" % (pid, reg["path"], e["line"], e["reason"]))
    for e, why in stale:
        print("  stale entry %s:%d (%s): %s" % (reg["path"], e["line"], why, entry_line(e)))
    return 1


def option(argv, name, default):
    """The value after --name in argv (removed with it), else default."""
    if name not in argv:
        return default
    i = argv.index(name)
    if i + 1 >= len(argv):
        raise ValueError("%s needs a value" % name)
    value = argv[i + 1]
    del argv[i:i + 2]
    return value


def main(argv):
    argv = list(argv)
    try:
        expected = option(argv, "--expected", "expected")
        headings = read_headings(option(argv, "--headings", HEADINGS))
    except (OSError, ValueError) as e:
        print("check_register.py: %s" % e, file=sys.stderr)
        return 2
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        print(__doc__.strip().split("\n\n")[-2], file=sys.stderr)
        return 2
    bad = 0
    try:
        regs = [parse_register(p, headings) for p in sorted(glob.glob(os.path.join(expected, "*")))
                if os.path.isfile(p) and not os.path.basename(p).startswith(("README", "."))]
        for path, report in device_reports(args[0]):
            key = (report.get("device") or {}).get("key", path)
            mine = [r for r in regs if describes(r, report)]
            if not mine:
                print("%s: no register in %s describes this device; not compared%s"
                      % (key, expected, " (--require: write one)" if "--require" in argv else ""))
                bad |= "--require" in argv
                continue
            if len(mine) > 1:
                raise RegisterError("%s: described by several registers (%s); their driver lines must "
                                    "tell drivers apart" % (key, ", ".join(r["path"] for r in mine)))
            bad |= print_differences(mine[0], report, "--propose" in argv)
    except (OSError, ValueError) as e:
        print("check_register.py: %s" % e, file=sys.stderr)
        return 2
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
