#!/usr/bin/env python3
"""The harness's layers: every `#include "x.h"` in harness/ goes to the
file's own folder or to a folder below it, and no two modules include each
other, directly or round a circle. Run by `make check`; Python only, no build.

A module is a .c file with its .h (and a private header `NAME_int.h` or
`NAME_internal.h`, which belongs to module NAME and may be included from its
own folder only). Fails (exit 1) naming FILE:LINE and both folders for an
include that goes up, FILE:LINE for a private header used from another
folder, an include that names no harness file, and the modules of each
circle. Also fails on a .c/.h left at the top of harness/, a folder not in
the table, and a Makefile LAYERS list that differs from the table.

    scripts/check_layers.py           check
    scripts/check_layers.py --graph   also print each folder's includes, by folder
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "harness")

# Folder -> rank, lowest first, with why it sits where it does. A file may
# include headers of its own folder and of folders of lower rank.
LAYERS = [
    ("util", "text, JSON, files, clocks, child processes, the run's trace: no project type"),
    ("plan", "what a measurement name means and the families' tables, no driver: the probe loader checks names"),
    ("probe", "the probe model, its values and ulp, loading and writing probe files"),
    ("cl", "what talks to OpenCL or describes a device: errors, device info, enumeration, images, binaries"),
    ("judge", "records and verdicts: judging an output (ulp_judge reads the device's capabilities), register, claims"),
    ("sched", "what a device's processes share: batch plan, chunk order and pool, device gate, cores, crash memo"),
    ("measure", "the measurement families: they run on a device (cl), record (judge), wait for the host (sched)"),
    ("worker", "the worker process: builds and runs probes and measurements, claims chunks"),
    ("supervise", "the supervisor and fan-out: start workers, watch them, restart them, run measurements"),
    ("report", "report documents and pages from the supervisors' results; the baseline reads earlier reports"),
    ("tools", "subcommands and modes built on the run and its reports: fuzz, reduce, repro, merge, shard, exhaustive"),
    ("cli", "the command line and main: may use everything"),
]
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}

# Folders of harness/ that hold data read at run time, not code of a layer.
DATA = {"kernels", "repro"}

# Headers that are not harness files: generated at build time.
GENERATED = {"repro_template.h": "build/gen, written by scripts/embed_lines.py (scripts/repro.mk)",
             "spec_headings.h": "build/gen, the unified spec's headings for the register (scripts/register.mk)"}

# Includes allowed to break a rule, each with its reason. None today.
EXEMPT = {}  # ("FILE", "HEADER") -> reason

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
PRIVATE = re.compile(r"^(.*)_(int|internal)\.h$")


def module_of(filename):
    base = os.path.basename(filename)
    m = PRIVATE.match(base)
    if m:
        return m.group(1)
    return os.path.splitext(base)[0]


def shortest_cycle(edges, comp):
    """The shortest circle through the modules of comp (breadth first from each)."""
    best = None
    for start in sorted(comp):
        prev, frontier, last = {start: None}, [start], None
        while frontier and last is None:
            nxt = []
            for v in frontier:
                for w in sorted(edges.get(v, {})):
                    if w == start:
                        last = v
                        break
                    if w in comp and w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if last is not None:
                    break
            frontier = nxt
        if last is not None:
            path = [last]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])
            path.reverse()
            if best is None or len(path) < len(best):
                best = path
    return best


def main(argv):
    problems = []

    for f in sorted(os.listdir(HARNESS)):
        path = os.path.join(HARNESS, f)
        if os.path.isfile(path) and f.endswith((".c", ".h")):
            problems.append(f"harness/{f}: a source at the top of harness/: move it into its layer folder")
        elif os.path.isdir(path) and f not in RANK and f not in DATA:
            problems.append(f"harness/{f}/: a folder not in scripts/check_layers.py's table")

    # Which folder each harness file is in (names are unique across folders).
    folder_of = {}
    for d in RANK:
        p = os.path.join(HARNESS, d)
        if not os.path.isdir(p):
            problems.append(f"harness/{d}/: in the table but missing")
            continue
        for f in sorted(os.listdir(p)):
            if f.endswith((".c", ".h")):
                if f in folder_of:
                    problems.append(f"harness/{d}/{f}: the name is also harness/{folder_of[f]}/{f}")
                folder_of[f] = d

    # Module graph, and each include checked on its own.
    edges = {}  # module -> {module: (file, line)}
    module_folder = {}
    for f, d in sorted(folder_of.items()):
        src = module_of(f)
        module_folder.setdefault(src, d)
        path = os.path.join(HARNESS, d, f)
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                hdr = m.group(1)
                where = f"harness/{d}/{f}:{n}"
                if (f, hdr) in EXEMPT:
                    continue
                if hdr not in folder_of:
                    if hdr not in GENERATED:
                        problems.append(f"{where}: includes \"{hdr}\", which is no file of a layer folder")
                    continue
                hd = folder_of[hdr]
                if RANK[hd] > RANK[d]:
                    problems.append(f"{where}: includes {hdr}: up from {d}/ (rank {RANK[d]}) "
                                    f"to {hd}/ (rank {RANK[hd]})")
                if PRIVATE.match(hdr) and hd != d:
                    problems.append(f"{where}: includes {hdr}, private to harness/{hd}/, from {d}/")
                dst = module_of(hdr)
                if dst != src:
                    edges.setdefault(src, {}).setdefault(dst, where)

    # Circles between modules (Tarjan's strongly connected components).
    index, low, stack, on, sccs = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(set(edges) | {w for e in edges.values() for w in e}):
        if v not in index:
            visit(v)
    for comp in sccs:
        cycle = shortest_cycle(edges, set(comp))
        arrows = [f"  {x} -> {y} ({edges[x][y]})" for x, y in zip(cycle, cycle[1:] + cycle[:1])]
        problems.append(f"a circle of includes: {' -> '.join(cycle + cycle[:1])}"
                        + (f" (one of several among {', '.join(comp)})" if len(comp) > len(cycle) else "")
                        + ":\n" + "\n".join(arrows))

    # Circles between folders follow from ranks; the Makefile must list the same folders.
    mk = open(os.path.join(ROOT, "Makefile")).read()
    m = re.search(r"^LAYERS\s*=\s*(.*)$", mk, re.M)
    want = [name for name, _ in LAYERS]
    if not m or m.group(1).split() != want:
        problems.append("Makefile: LAYERS must read `LAYERS   = " + " ".join(want) + "` (this table's order)")

    if "--graph" in argv:
        by_folder = {}
        for a, outs in edges.items():
            for b in outs:
                fa, fb = module_folder[a], module_folder[b]
                if fa != fb:
                    by_folder.setdefault(fa, set()).add(fb)
        for name, _ in LAYERS:
            print(f"{name:10} -> {' '.join(sorted(by_folder.get(name, ()), key=RANK.get))}")

    n_inc = sum(len(v) for v in edges.values())
    if problems:
        for p in problems:
            print("check_layers: " + p, file=sys.stderr)
        print(f"check_layers: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check_layers: {len(folder_of)} files in {len(LAYERS)} layers, {n_inc} module includes, "
          "all going down, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
