#!/usr/bin/env python3
"""Compares a run's device reports with the register (expected/).

Each file of expected/ describes one reference driver: its `driver` lines
say which reports it applies to (platform and device identity), its entries
which failures were triaged, with the clause and the deviation
(docs/register-format.md). For every device report of REPORT_DIR that a
register describes, this lists

  new failures   an unexpected verdict no entry allows (not registered, or
                 registered with other verdicts),
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

Usage: check_register.py REPORT_DIR [--expected DIR] [--propose] [--require]
Exit: 0 the run matches every register that describes one of its devices,
1 differences (or, with --propose, something to review), 2 bad input.
Python 3 standard library only.
"""
import fnmatch
import glob
import json
import os
import sys

VERDICTS = ("fail", "build-fail", "unexpected-build-ok", "crash", "timeout", "error", "pass")
UNEXPECTED = {"fail", "build-fail", "unexpected-build-ok", "crash", "timeout", "error"}
FIELDS = ("platform.name", "platform.vendor", "platform.version", "device.name", "device.vendor",
          "device.version", "device.driver_version", "device.opencl_c_version")


class RegisterError(ValueError):
    pass


def parse_register(path):
    """{'path', 'driver': [(field, text)], 'entries': [dict]} or RegisterError
    naming FILE:LINE. Mirrors harness/register.c."""
    drivers, entries = [], []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        where = "%s:%d: " % (path, n)
        parts = s.split(None, 3)
        if parts[0] == "driver":
            rest = s[6:].strip().split(None, 1)
            if not rest or rest[0] not in FIELDS:
                raise RegisterError(where + "a driver line names one of %s, then the text it contains"
                                    % ", ".join(FIELDS))
            if len(rest) < 2:
                raise RegisterError(where + "driver %s: the text the field must contain is missing" % rest[0])
            drivers.append((rest[0], rest[1].strip()))
            continue
        if parts[0] == "fuzz":
            # A signature of the entry above, for `clconform fuzz` (docs/register-format.md).
            if not entries:
                raise RegisterError(where + "a fuzz line gives a signature to the entry above it, and there is none")
            pat = s[4:].strip()
            if not pat.lstrip("!"):
                raise RegisterError(where + "fuzz %s: not a POSIX extended regular expression" % pat)
            entries[-1].setdefault("fuzz", []).append(pat)
            continue
        if len(parts) < 4:
            raise RegisterError(where + "an entry is GLOB VERDICTS CLAUSE REASON (the reason names the deviation)")
        glob_, verdicts, clause, reason = parts
        if glob_.count("[") and not _brackets_closed(glob_):
            raise RegisterError(where + "unterminated '[' in the glob")
        if reason.startswith("TODO"):
            raise RegisterError(where + "the reason is still TODO: triage the failure against its spec sentence")
        vs = verdicts.split("|")
        for v in vs:
            if v not in VERDICTS:
                raise RegisterError(where + "unknown verdict '%s' (one or more of %s, joined by '|')"
                                    % (v, ", ".join(VERDICTS)))
        entries.append({"glob": glob_, "verdicts": vs, "clause": clause, "reason": reason, "line": n})
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
    return "%s %s %s %s" % (e["glob"], "|".join(e["verdicts"]), e["clause"], e["reason"])


def compare(reg, report):
    """(new_failures, new_passes, stale): lists of (id, verdict, record) and
    of (entry, why)."""
    new_fail, new_pass = [], []
    hit = [0] * len(reg["entries"])
    for rec in report.get("probes") or []:
        pid, v = rec.get("id"), rec.get("verdict")
        if not isinstance(pid, str) or not isinstance(v, str):
            continue
        i, e = entry_for(reg, pid)
        if e is not None:
            hit[i] |= 1
        if v in UNEXPECTED:
            if e is not None and v in e["verdicts"]:
                hit[i] |= 2
            else:
                new_fail.append((pid, v, rec, e))
        elif v == "pass" and e is not None and "pass" not in e["verdicts"]:
            new_pass.append((pid, v, rec, e))
    complete = (report.get("run") or {}).get("complete") is not False
    stale = []
    for i, e in enumerate(reg["entries"]):
        if hit[i] == 1 and "pass" not in e["verdicts"]:
            # an entry allowing pass (an outcome that varies) is not stale
            # for passing: a run without the crash must not fail CI
            stale.append((e, "its probes no longer fail as registered"))
        elif hit[i] == 0 and complete:
            stale.append((e, "it matches no probe of the run"))
    return new_fail, new_pass, stale


def deviation(rec):
    keys = rec.get("groups") or []
    devs = [k.split("|", 3)[3] for k in keys if isinstance(k, str) and k.count("|") >= 3]
    return "; ".join(devs) if devs else (rec.get("detail") or "")[:120]


def propose_lines(report, failures):
    """Register lines for the unregistered failures: a family-level glob
    (the id up to a dot, then '*') where every probe of the run under it
    fails with the same verdict and deviation, else the id."""
    by_id = {r.get("id"): r for r in report.get("probes") or [] if isinstance(r.get("id"), str)}
    todo = {pid: (v, rec) for pid, v, rec, _ in failures}
    out, done = [], set()
    for pid in sorted(todo):
        if pid in done:
            continue
        v, rec = todo[pid]
        dev = deviation(rec)
        best = pid
        parts = pid.split(".")
        for cut in range(len(parts) - 1, 1, -1):
            prefix = ".".join(parts[:cut]) + "."
            under = [i for i in by_id if i.startswith(prefix)]
            if all(i in todo and todo[i][0] == v and deviation(todo[i][1]) == dev for i in under):
                best = prefix + "*"
            else:
                break
        if best.endswith("*"):
            done.update(i for i in todo if i.startswith(best[:-1]))
        else:
            done.add(pid)
        out.append("%s %s %s TODO: %s" % (best, v, rec.get("clause") or "?", dev))
    return out


def device_reports(folder):
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if isinstance(doc, dict) and "probes" in doc and "platform" in doc:
            out.append((path, doc))
    return out


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    propose = "--propose" in argv
    expected = "expected"
    if "--expected" in argv:
        i = argv.index("--expected")
        if i + 1 >= len(argv):
            print("check_register.py: --expected needs a folder", file=sys.stderr)
            return 2
        expected = argv[i + 1]
        args = [a for a in args if a != expected]
    if len(args) != 1:
        print(__doc__.strip().split("\n\n")[-2], file=sys.stderr)
        return 2
    try:
        regs = [parse_register(p) for p in sorted(glob.glob(os.path.join(expected, "*")))
                if os.path.isfile(p) and not os.path.basename(p).startswith(("README", "."))]
        reports = device_reports(args[0])
    except (OSError, ValueError) as e:
        print("check_register.py: %s" % e, file=sys.stderr)
        return 2
    bad = 0
    for path, report in reports:
        key = (report.get("device") or {}).get("key", path)
        mine = [r for r in regs if describes(r, report)]
        if not mine:
            print("%s: no register in %s describes this device; not compared%s"
                  % (key, expected, " (--require: write one)" if "--require" in argv else ""))
            bad |= "--require" in argv
            continue
        if len(mine) > 1:
            print("check_register.py: %s: described by several registers (%s); their driver lines must "
                  "tell drivers apart" % (key, ", ".join(r["path"] for r in mine)), file=sys.stderr)
            return 2
        reg = mine[0]
        new_fail, new_pass, stale = compare(reg, report)
        if not (new_fail or new_pass or stale):
            n = sum(1 for r in report.get("probes") or [] if r.get("verdict") in UNEXPECTED)
            print("%s: matches %s (%d failure(s), all registered)" % (key, reg["path"], n))
            continue
        bad = 1
        print("%s: differs from %s" % (key, reg["path"]))
        if propose:
            if new_fail:
                print("  # add (write each reason from the spec sentence the failure breaks):")
                for line in propose_lines(report, new_fail):
                    print("  " + line)
        else:
            for pid, v, rec, e in new_fail:
                how = "registered (line %d) as %s" % (e["line"], "|".join(e["verdicts"])) if e else "not registered"
                print("  new failure: %s %s (%s): %s" % (pid, v, how, deviation(rec)))
        for pid, v, rec, e in new_pass:
            print("  new pass: %s (registered at %s:%d: %s)" % (pid, reg["path"], e["line"], e["reason"]))
        for e, why in stale:
            print("  stale entry %s:%d (%s): %s" % (reg["path"], e["line"], why, entry_line(e)))
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
