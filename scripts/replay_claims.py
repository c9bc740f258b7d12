#!/usr/bin/env python3
"""Replays a cold run's compile work under other claim orders
(harness/sched/chunk_order.h).

Each segment of the batch plan costs what the run's timeline says its
programs cost (build, code generation and first launches, charged to the
segment of the span's first probe); supervisors take segments or chunks
one at a time, whoever is free first, from time 0. The result is when the
last one would end. Everything else a run does (launches, measurements,
worker starts) is left out, so the numbers compare orders, not runs.

    scripts/replay_claims.py TRACE.json[.gz] [--supervisors 16] [--batch-max 256] [--lone-last] [--probes probes]

--lone-last plans as a device whose policy moves the probes built alone after
the batched ones (driver_policy.c lone_last: PoCL, Oclgrind).

It builds scripts/plan_dump.c against build/rel (make first) to get the
plan of the probe set the run used; a trace of another probe set replays
only the spans whose first probe it still finds."""
import argparse
import collections
import glob
import gzip
import heapq
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIND_MEASURE = 4  # probe.h: CLC_KIND_MEASURE


def plan(probes, batch_max, lone_last=False):
    objs = sorted(o for o in glob.glob(os.path.join(ROOT, "build/rel/*/*.o"))
                  if not o.endswith(os.sep + "main.o"))
    incs = [a for d in sorted(glob.glob(os.path.join(ROOT, "harness", "*", ""))) for a in ("-I", d)]
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "plan_dump")
        subprocess.run(["cc", "-std=c11"] + incs + ["-o", exe,
                        os.path.join(ROOT, "scripts/plan_dump.c")] + objs + ["-lOpenCL", "-lcjson", "-lm", "-lpthread"],
                       check=True)
        out = subprocess.run([exe, probes, str(batch_max), "1" if lone_last else "0"], check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def segment_costs(trace, rows):
    opener = gzip.open if trace.endswith(".gz") else open
    ev = json.load(opener(trace))
    ev = ev["traceEvents"] if isinstance(ev, dict) else ev
    seg_of = {r[1]: r[0] for r in rows}
    cost = collections.defaultdict(float)
    for e in ev:
        if e.get("ph") != "X" or e["name"] not in ("build", "codegen", "first_launch"):
            continue
        m = re.match(r"(\S+)", (e.get("args") or {}).get("detail") or "")
        if m and m.group(1) in seg_of:
            cost[seg_of[m.group(1)]] += e["dur"] / 1e6
    return cost


def segments(rows):
    """[segment, weight (bytes + 512 a probe), probes, probes judged in ulp] in the plan's order,
    measurements left out."""
    out = []
    for r in rows:
        if int(r[4]) == KIND_MEASURE:
            continue
        if not out or out[-1][0] != r[0]:
            out.append([r[0], 0, 0, 0])
        out[-1][1] += int(r[2]) + 512
        out[-1][2] += 1
        out[-1][3] += int(r[5])
    return out


def old_chunks(segs, shards, per=4, least=128 * 1024):
    """The chunks before chunk_order.h: a share of the weight left each, in suite order."""
    left, parts, chunks, i = sum(s[1] for s in segs), per * shards, [], 0
    while i < len(segs):
        want, w, c = max((left + parts - 1) // parts, least), 0, []
        while i < len(segs) and (not c or w + segs[i][1] <= want):
            c.append(segs[i]); w += segs[i][1]; i += 1
        if left - w < least // 2:
            c += segs[i:]; w = left; i = len(segs)
        chunks.append(c)
        left -= w
    return chunks


def replay(chunks, cost, n):
    free = [0.0] * n
    for c in chunks:
        t = heapq.heappop(free)
        heapq.heappush(free, t + sum(cost.get(s[0], 0.0) for s in c))
    return max(free)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trace")
    ap.add_argument("--supervisors", type=int, default=16)
    ap.add_argument("--batch-max", type=int, default=256, help="the driver's batch_max (driver_policy.c)")
    ap.add_argument("--lone-last", action="store_true", help="plan the probes built alone after the batched ones")
    ap.add_argument("--probes", default=os.path.join(ROOT, "probes"))
    a = ap.parse_args()
    rows = plan(a.probes, a.batch_max, a.lone_last)
    cost = segment_costs(a.trace, rows)
    segs = segments(rows)
    n = a.supervisors
    total = sum(cost.values())
    print(f"{a.trace}: {total:.1f} s of compile work in {len(segs)} segments, {n} supervisors: "
          f"{total / n:.2f} s each if evenly shared")
    orders = [
        ("old chunks (a share of the weight left, suite order)", old_chunks(segs, n)),
        ("a segment each, suite order", [[s] for s in segs]),
        ("a segment each, most probes first", [[s] for s in sorted(segs, key=lambda s: -s[2])]),
        ("a segment each, most weight first", [[s] for s in sorted(segs, key=lambda s: -s[1])]),
    ] + [
        (f"a segment each, most probes first, one judged in ulp counting {k}",
         [[s] for s in sorted(segs, key=lambda s: -(s[2] + (k - 1) * s[3]))]) for k in (1, 3, 6, 10)
    ] + [
        ("a segment each, costliest first (known in advance)",
         [[s] for s in sorted(segs, key=lambda s: -cost.get(s[0], 0.0))]),
    ]
    for name, chunks in orders:
        print(f"  {replay(chunks, cost, n):6.2f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
