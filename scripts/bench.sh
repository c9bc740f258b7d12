#!/usr/bin/env bash
# Benchmark. First the profile: the suite on every device at once,
# cold (fresh XDG_CACHE_HOME, POCL_CACHE_DIR and with them clconform's binary
# cache; CUDA_CACHE_PATH for NVIDIA) and then warm (the same caches again), with each device's time per
# phase from its report's run.profile, and the targets beside what was
# reached. With BENCH_FULL=1 also: batched (as clconform runs it) against one
# program per probe (--batch 1 --group 1), and process isolation against
# without it (--no-isolation; that leaves out the inter-work-group family,
# whose deadlocks need the watchdog).
# Each run also writes a --trace timeline (BENCH_KEEP=DIR keeps them) and
# measures the machine's idle core time from /proc/stat: run it with nothing
# else on the machine, or the idle time and the walls mean little.
# Prints numbers; asserts nothing.
# Usage: scripts/bench.sh [extra clconform args, e.g. --probes DIR --device SEL]
set -u
cd "$(dirname "$0")/.." || exit 2
BIN=${CLCONFORM:-./clconform}
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-swrast}
work=$(mktemp -d "${TMPDIR:-/tmp}/clc-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run NAME ARGS...: one cold run into $work/NAME; prints its wall seconds.
# CACHES=NAME reuses that run's caches (a warm run).
# The machine's idle core-seconds so far, from /proc/stat (USER_HZ ticks).
idle_s() { awk '/^cpu /{print ($5 + $6) / 100}' /proc/stat; }

run() {
    local name=$1; shift
    local caches="$work/cache-${CACHES:-$name}"
    mkdir -p "$caches/xdg" "$caches/pocl" "$caches/cuda"
    local t0 t1 i0 i1
    i0=$(idle_s)
    t0=$(date +%s.%N)
    # NVIDIA's driver keeps compiled kernels in CUDA_CACHE_PATH (~/.nv/ComputeCache).
    XDG_CACHE_HOME="$caches/xdg" POCL_CACHE_DIR="$caches/pocl" CUDA_CACHE_PATH="$caches/cuda" \
        "$BIN" $devices --quiet --out "$work/$name" --trace "$work/$name.trace.json" "$@" >/dev/null 2>"$work/$name.stderr"
    t1=$(date +%s.%N)
    i1=$(idle_s)
    if [ -n "${BENCH_KEEP:-}" ]; then  # the timeline and the reports, kept
        mkdir -p "$BENCH_KEEP" && cp "$work/$name.trace.json" "$BENCH_KEEP/" 2>/dev/null
        cp -r "$work/$name" "$BENCH_KEEP/$name" 2>/dev/null
    fi
    python3 -c "print($t1 - $t0, $i1 - $i0)"
}

# Every device, unless the arguments pick some (--device SEL).
devices=--all-devices
for a in "$@"; do [ "$a" = --device ] && devices=; done
echo "clconform benchmark on $(nproc) CPUs; $(date -u +%Y-%m-%dT%H:%M:%SZ)"
read -r wall_cold idle_cold <<<"$(run cold "$@")"
read -r wall_warm idle_warm <<<"$(CACHES=cold run warm "$@")"
python3 scripts/bench_profile.py "$work/cold" "$wall_cold" "$work/warm" "$wall_warm" "$idle_cold" "$idle_warm"
# BENCH_AGAIN=1: a third run on the same caches. What a run remembers (the
# crash and hang memos) can change the programs of the run after it once;
# the third run shows the steady state a nightly job sees.
if [ "${BENCH_AGAIN:-0}" = 1 ]; then
    read -r wall_again _ <<<"$(CACHES=cold run again "$@")"
    python3 - "$work/again" "$wall_again" <<'PY'
import glob, json, sys
print("again (a third run, the same caches): %.1f s" % float(sys.argv[2]))
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    r = json.load(open(f))
    if "probes" in r:
        run = r["run"]
        print("  %-44s %6.1f s  checks %d  cache hits %s" % (r["device"]["key"][:44], run["wall_ms"] / 1e3,
              r["summary"]["checks"], run.get("cache", {}).get("hits", "-")))
PY
fi
echo "timelines (Chrome trace-event JSON, open in Perfetto): ${BENCH_KEEP:-set BENCH_KEEP=DIR to keep them}"
[ "${BENCH_FULL:-0}" = 1 ] || exit 0

read -r wall_batched _ <<<"$(run batched "$@")"
read -r wall_single _ <<<"$(run single --batch 1 --group 1 "$@")"
read -r wall_iso _ <<<"$(run iso --filter '[!i]*' "$@")"
read -r wall_noiso _ <<<"$(run noiso --no-isolation --filter '[!i]*' "$@")"

python3 - "$work" "$wall_batched" "$wall_single" "$wall_iso" "$wall_noiso" <<'PY'
import json, glob, os, sys
work, wb, ws, wi, wn = sys.argv[1], *map(float, sys.argv[2:])
def load(name):
    out = {}
    for f in sorted(glob.glob(os.path.join(work, name, '*.json'))):
        if os.path.basename(f) == 'index.json':
            continue
        r = json.load(open(f))
        out[r['device']['key']] = r
    return out
b, s = load('batched'), load('single')
print(f"\n{'device':44} {'probes':>6} {'builds':>7} {'wall s':>7} | {'1/probe builds':>14} {'wall s':>7} | {'speed-up':>8}")
for key in sorted(b):
    rb, rs = b[key], s.get(key)
    pb, bb, tb = rb['summary']['total'], rb['run']['builds'], rb['run']['wall_ms'] / 1e3
    if rs:
        bs, ts = rs['run']['builds'], rs['run']['wall_ms'] / 1e3
        print(f"{key[:44]:44} {pb:6d} {bb:7d} {tb:7.1f} | {bs:14d} {ts:7.1f} | {ts / tb:7.1f}x")
    else:
        print(f"{key[:44]:44} {pb:6d} {bb:7d} {tb:7.1f} | {'(no report)':>14}")
print(f"{'whole run, all devices in parallel':44} {'':6} {'':7} {wb:7.1f} | {'':14} {ws:7.1f} | {ws / wb:7.1f}x")
# Isolation: only devices that finished in-process too (a driver crash ends
# an unisolated run of that device, which is the point of isolating).
i, n = load('iso'), load('noiso')
print("\nisolation (suite without the iwg family), per device:")
ti = tn = 0
for key in sorted(i):
    ri, rn = i[key], n.get(key)
    if not rn or not rn['run']['complete'] or rn['summary']['total'] != ri['summary']['total']:
        print(f"  {key[:44]:44} in-process run did not finish (a crash ends it): not compared")
        continue
    a, c = ri['run']['wall_ms'] / 1e3, rn['run']['wall_ms'] / 1e3
    ti += a; tn += c
    print(f"  {key[:44]:44} {a:6.1f} s isolated, {c:6.1f} s in-process: {100 * (a - c) / c:+.1f}%")
if tn:
    print(f"  {'compared devices together':44} {ti:6.1f} s isolated, {tn:6.1f} s in-process: {100 * (ti - tn) / tn:+.1f}%")
print(f"  whole runs: {wi:.1f} s isolated, {wn:.1f} s in-process")
PY
