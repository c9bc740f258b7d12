#!/usr/bin/env python3
"""Built-in function coverage of the probes, measured by clang.

  coverage.py --sources build/rel/probe_sources --out docs/coverage.md [--reports DIR]
  coverage.py --sources build/rel/probe_sources --check scripts/coverage/floor.json
  coverage.py --sources build/rel/probe_sources --write-floor scripts/coverage/floor.json

The probes' programs come from probe_sources (scripts/coverage/probe_sources.c,
the harness's loader); clang (CLANG, else clang-15) parses them in batches,
at most --jobs at once, and the header's overloads are the universe
(universe.py). Nothing is kept between runs: the precompiled headers and
programs live in a temporary folder.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from multiprocessing import Pool

sys.dont_write_bytecode = True  # nothing cached in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import clang_ast  # noqa: E402
import figures  # noqa: E402
import markdown  # noqa: E402
import probe_calls  # noqa: E402
import universe  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sources", required=True, help="the probe_sources binary")
    ap.add_argument("--probes", default=os.path.join(ROOT, "probes"), help="probe files or folder")
    ap.add_argument("--out", help="write the markdown here")
    ap.add_argument("--reports", help="a folder of clconform JSON reports: the devices that judged each overload")
    ap.add_argument("--check", metavar="FLOOR", help="fail when a group's figures fall below FLOOR")
    ap.add_argument("--write-floor", metavar="FLOOR", help="write the current figures as the floor")
    ap.add_argument("--jobs", type=int, default=2, help="clang processes at once (default 2)")
    a = ap.parse_args()
    if not (a.out or a.check or a.write_floor):
        ap.error("nothing to do: give --out, --check or --write-floor")

    t0 = time.time()
    r = subprocess.run([a.sources, a.probes], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("coverage: %s failed:\n%s" % (a.sources, r.stderr))
    probes = json.loads(r.stdout)
    clang = clang_ast.Clang()
    with Pool(a.jobs) as pool:
        uni = universe.build(clang, pool.map)
        calls, errors = probe_calls.resolve(clang, probes, pool.map)
    inside, outside = figures.callers(uni, probes, calls)
    figs = figures.group_figures(uni, inside)
    version = clang.version()
    core = figs["core"]
    print("coverage: %d probes parsed, %d overloads in %d groups; core: %d/%d names, %d/%d overloads (%.1f s)"
          % (len(calls), len(uni), len(figs) - 1, core["names_called"], core["names"], core["overloads_called"],
             core["overloads"], time.time() - t0), file=sys.stderr)

    if a.out:
        reports = figures.load_reports(a.reports) if a.reports else None
        if a.reports and not reports:
            sys.exit("coverage: no clconform reports in %s" % a.reports)
        header = clang.header_path()
        markdown.write(a.out, {
            "universe": uni, "probes": probes, "inside": inside, "outside": outside, "figures": figs,
            "errors": errors, "clang": version, "header": os.path.basename(header), "parsed": calls,
            "left_out": sum(1 for p in probes if p["kind"] == "build-fail"), "reports": reports,
            "judged": figures.judged_by(inside, probes, reports) if reports else {}})
        print("coverage: wrote %s" % a.out, file=sys.stderr)
    if a.write_floor:
        with open(a.write_floor, "w", encoding="utf-8") as f:
            f.write(figures.floor_text(figures.floor_of(figs, version)))
        print("coverage: wrote %s" % a.write_floor, file=sys.stderr)
    if a.check:
        with open(a.check, encoding="utf-8") as f:
            floor = json.load(f)
        bad = figures.check_floor(figs, floor, version)
        for line in bad:
            print("coverage: " + line, file=sys.stderr)
        if bad:
            sys.exit(1)
        print("coverage: at or above %s" % a.check, file=sys.stderr)


if __name__ == "__main__":
    main()
