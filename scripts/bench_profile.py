#!/usr/bin/env python3
"""Prints where each device's time went, cold against warm, and the speed
targets beside what was reached: per device and for the whole run, wall
time, the machine's idle core time, the driver's compile time (build + code
generation + kernel creation) and the checks. Used by scripts/bench.sh.

usage: bench_profile.py COLD_DIR COLD_WALL_S WARM_DIR WARM_WALL_S [COLD_IDLE_S WARM_IDLE_S]
Each DIR holds one run's reports (one JSON per device with a `run.profile`,
docs/report-schema.md)."""
import glob
import json
import os
import sys

PHASES = ["build", "cache_load", "cache_store", "codegen", "kernels", "first_launch", "exec", "buffers",
          "record", "measure", "lost", "worker_start", "worker_exit", "report", "gate_wait"]
# The speed targets (docs/performance.md): the default suite, three local devices at once on the
# 2-core machine; on the H100 host NVIDIA and PoCL 5 (16 cores) each.
LOCAL_TARGET = {"cold_s": 300.0, "warm_s": 20.0}
DEVICE_TARGETS = {"nvidia": {"cold_s": 20.0, "warm_s": 3.0},
                  "portable-computing-language--cpu": {"cold_s": 40.0, "warm_s": 5.0}}
COMPILE = ["build", "cache_load", "codegen", "first_launch", "kernels"]


def load(d):
    out = {}
    for f in sorted(glob.glob(os.path.join(d, "*.json"))):
        try:
            r = json.load(open(f))
        except ValueError:
            continue
        if isinstance(r, dict) and "probes" in r and "run" in r:
            out[r["device"]["key"]] = r
    return out


def cell(prof, ph):
    p = prof.get(ph, {"ms": 0, "count": 0})
    if not p["count"] and not p["ms"]:
        return "-"
    return f"{p['ms'] / 1e3:.1f}s/{p['count']}"


def table(cold, warm):
    """Phases down, devices across, each device's cold and warm side by side."""
    keys = sorted(set(cold) | set(warm))
    cols = [(k, "cold", cold.get(k)) for k in keys]
    cols = [c for k in keys for c in ((k, "cold", cold.get(k)), (k, "warm", warm.get(k)))]
    w = 15
    print("\n  " + f"{'':14}" + "".join(f"{k[:2 * w - 1]:<{2 * w}}" for k in keys))
    print("  " + f"{'phase':14}" + "".join(f"{c[1]:>{w}}" for c in cols))
    def row(name, fn):
        print("  " + f"{name:14}" + "".join(f"{(fn(r) if r else '-'):>{w}}" for _, _, r in cols))
    row("probes", lambda r: str(r["summary"]["total"]))
    row("checks", lambda r: str(r["summary"].get("checks", "?")))
    row("wall", lambda r: f"{r['run']['wall_ms'] / 1e3:.1f}s")
    row("compile", lambda r: f"{compile_s(r):.1f}s")
    row("builds", lambda r: str(r["run"]["builds"]))
    row("workers", lambda r: str(r["run"].get("workers", "?")))
    for ph in PHASES:
        row(ph, lambda r, ph=ph: cell(r["run"].get("profile", {}), ph))
    row("device_jobs", lambda r: str(r["run"].get("device_jobs", 1)))
    row("other", lambda r: "-" if r["run"].get("harness_other_ms") is None
        else f"{r['run']['harness_other_ms'] / 1e3:.1f}s")
    print("  (phases: seconds/count, see docs/report-schema.md; devices run side by side, so their")
    print("   times overlap in the whole run's wall time)")


def compile_s(r):
    """The driver's compile work: front-end builds (or cache loads), code
    generation (a warm-up launch, or a kernel's first launch where there is
    none: that span also holds the first probe's run, milliseconds), kernel
    creation."""
    prof = r["run"].get("profile", {})
    return sum(prof.get(ph, {}).get("ms", 0) for ph in COMPILE) / 1e3


def target_of(key):
    for k, t in DEVICE_TARGETS.items():
        if k in key:
            return t
    return None


def verdict(ok):
    return "met" if ok else "MISSED"


def main():
    cold_dir, cold_wall, warm_dir, warm_wall = sys.argv[1], float(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    idle = [float(x) for x in sys.argv[5:7]] if len(sys.argv) >= 7 else [float("nan")] * 2
    cpus = os.cpu_count() or 1
    cold, warm = load(cold_dir), load(warm_dir)
    print(f"whole run, all devices at once: cold {cold_wall:.1f} s (fresh XDG_CACHE_HOME, POCL_CACHE_DIR and "
          f"binary cache), warm {warm_wall:.1f} s (the same caches again)")
    for name, wall, idl in (("cold", cold_wall, idle[0]), ("warm", warm_wall, idle[1])):
        print(f"  {name}: {cpus} cores x {wall:.1f} s = {cpus * wall:.1f} core-s, idle {idl:.1f} core-s "
              f"({100 * idl / (cpus * wall) if wall else 0:.0f}%)")
    table(cold, warm)
    print("\nper device, cold -> warm (compile = build + code generation, at warm-up or first launch, + kernel creation):")
    for key in sorted(cold):
        c, w = cold[key], warm.get(key)
        if not w:
            print(f"  {key[:44]:44} cold {c['run']['wall_ms'] / 1e3:6.1f} s, no warm report")
            continue
        print(f"  {key[:44]:44} cold {c['run']['wall_ms'] / 1e3:6.1f} s (compile {compile_s(c):6.1f} s)"
              f"  warm {w['run']['wall_ms'] / 1e3:6.1f} s (compile {compile_s(w):5.1f} s)"
              f"  checks {c['summary'].get('checks', '?')}/{w['summary'].get('checks', '?')}"
              f"  cache hits {w['run']['cache']['hits']} of {w['run']['builds']} builds")
    print("\ntargets against this run:")
    local = [k for k in cold if target_of(k) is None]
    if local:
        t = LOCAL_TARGET
        print(f"  local devices at once ({len(local)}): cold {cold_wall:.1f} s (target <= {t['cold_s']:.0f} s: "
              f"{verdict(cold_wall <= t['cold_s'])}), warm {warm_wall:.1f} s (target <= {t['warm_s']:.0f} s: "
              f"{verdict(warm_wall <= t['warm_s'])})")
    for key in sorted(cold):
        t = target_of(key)
        if not t:
            continue
        c = cold[key]["run"]["wall_ms"] / 1e3
        w = warm[key]["run"]["wall_ms"] / 1e3 if key in warm else float("nan")
        print(f"  {key[:40]}: cold {c:.1f} s (target <= {t['cold_s']:.0f} s: {verdict(c <= t['cold_s'])}), "
              f"warm {w:.1f} s (target <= {t['warm_s']:.0f} s: {verdict(w <= t['warm_s'])})")
    print(f"  (this machine: {cpus} CPUs, load average {os.getloadavg()[0]:.1f}: "
          "timings on a shared machine are disturbed)")


if __name__ == "__main__":
    main()
