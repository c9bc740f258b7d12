#!/usr/bin/env python3
"""The litmus family's power and counts per device, from clconform reports
(docs/measurements.md, "The litmus family"):
    scripts/litmus_power.py REPORT_DIR_OR_JSON...
For each device: the kill rate (allowed-weak kernels whose weak outcome was
seen / those run: the mutants of the judged probes, and the information
probes, whose weak outcome is allowed too), then one line per probe with
its verdict, the weak outcome's count in the runs (concurrent runs), the
mutants' counts, and the tuned environment. Counts are the totals over the
runs of this clconform and driver ("all_runs")."""
import glob
import json
import os
import sys


def reports(args):
    for a in args:
        files = sorted(glob.glob(os.path.join(a, "*.json"))) if os.path.isdir(a) else [a]
        for f in files:
            if os.path.basename(f) == "index.json":
                continue
            r = json.load(open(f))
            if "probes" in r:
                yield r


def env_text(e):
    if not e:
        return "-"
    return "wg %d, %d testing + %d stressing groups, stride %d, stress %d x pattern %d on %d lines, pre %d, " \
           "wait %d, %s pairing" % (e["wg"], e["testing_groups"], e["stress_groups"], e["stride"],
                                   e["stress_iters"], e["stress_pattern"], e["stress_lines"], e["pre_iters"],
                                   e["spin"], "random" if e["permute"] else "lockstep")


def device(r):
    killed = run = 0
    lines = []
    for p in r["probes"]:
        if not p["id"].startswith("litmus.") or "measure" not in p or "all_runs" not in p["measure"]:
            continue
        m, t = p["measure"], p["measure"]["all_runs"]
        muts = t.get("mutants", {})
        if m["weak_forbidden"]:
            run += t.get("mutants_run", 0)
            killed += t.get("mutants_killed", 0)
        elif t["concurrent"] > 0:
            run += 1
            killed += t["weak"] > 0
        mtext = ", ".join("%s %d/%d" % (k, v["weak"], v["runs"]) for k, v in muts.items() if v["runs"])
        lines.append("  %-26s %-5s weak %d/%d (%d concurrent)%s; %s" % (
            p["id"], p["verdict"], t["weak"], t["runs"], t["concurrent"], "; mutants " + mtext if mtext else "",
            env_text(t.get("environment"))))
    name = r.get("device", {}).get("key", "?")
    rate = "%d of %d (%.0f%%)" % (killed, run, 100.0 * killed / run) if run else "no allowed-weak kernel ran"
    return "%s: kill rate %s\n%s" % (name, rate, "\n".join(lines))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for r in reports(sys.argv[1:]):
        print(device(r))


if __name__ == "__main__":
    main()
