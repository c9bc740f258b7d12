#!/usr/bin/env bash
# The program-binary cache in real runs, on every local device
# that shows up: a second run with the same $XDG_CACHE_HOME loads every entry
# the first stored (a cache hit) and gives the same verdicts; a
# damaged entry is noticed, rebuilt from source, and changes no verdict;
# --no-cache neither reads nor writes the cache.
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-swrast}
PROBES=$SRCDIR/tests/selftest/pass.probe

if "$CLCONFORM" --list 2>/dev/null | grep -q '^  [0-9]'; then :; else
    echo "ok - bincache tests skipped: no OpenCL device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() { "$CLCONFORM" --all-devices --probes "$PROBES" --quiet --out "$TMP/$1" "${@:2}" >"$TMP/$1.out" 2>&1; }
run r1
run r2
# summary DIR: per device key, the verdicts, build count and cache counters.
summary() {
    python3 - "$1" <<'PY'
import glob, json, sys
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    r = json.load(open(f))
    if not isinstance(r, dict) or 'probes' not in r:
        continue
    run = r['run']
    print(r['device']['key'], sorted((p['id'], p['verdict']) for p in r['probes']),
          'builds', run['builds'], 'source', run['profile']['build']['count'],
          'hits', run['cache']['hits'], 'rejected', run['cache']['rejected'])
PY
}
summary "$TMP/r1" >"$TMP/s1"
summary "$TMP/r2" >"$TMP/s2"
check "first run wrote reports" test -s "$TMP/s1"
check "cache folder is \$XDG_CACHE_HOME/clconform" test -d "$TMP/xdg/clconform"
check "first run built from source and stored entries" python3 - "$TMP/r1" <<'PY'
import glob, json, sys
ok = False
for f in glob.glob(sys.argv[1] + '/*.json'):
    r = json.load(open(f))
    if isinstance(r, dict) and 'probes' in r:
        c = r['run']['cache']
        print(r['device']['key'], c)
        ok = ok or c['stored'] > 0
sys.exit(0 if ok else 1)
PY
check "second run: same verdicts per device" test "$(sed 's/ builds.*//' "$TMP/s1")" = "$(sed 's/ builds.*//' "$TMP/s2")"
# Every entry the first run stored is a hit in the second; a driver whose
# binaries cost more to read back than they save keeps fewer (runner_build.c),
# and only those programs are built from source again.
check "second run: every stored entry is a hit, the rest built from source" python3 - "$TMP/r1" "$TMP/r2" <<'PY'
import glob, json, sys
def load(d):
    out = {}
    for f in glob.glob(d + '/*.json'):
        r = json.load(open(f))
        if isinstance(r, dict) and 'probes' in r:
            out[r['device']['key']] = r['run']
    return out
a, b = load(sys.argv[1]), load(sys.argv[2])
ok = bool(a) and a.keys() == b.keys()
for k in a:
    print(k, 'run 1 builds', a[k]['builds'], 'stored', a[k]['cache']['stored'],
          '| run 2 hits', b[k]['cache']['hits'], 'from source', b[k]['profile']['build']['count'])
    ok = ok and b[k]['cache']['hits'] == a[k]['cache']['stored'] > 0
    ok = ok and b[k]['cache']['hits'] + b[k]['profile']['build']['count'] == b[k]['builds']
sys.exit(0 if ok else 1)
PY

# A program from the cache is not warmed up (runner.c): the driver's own
# cache holds its code, so the first probe's launch is the first launch
# (rusticl warm: 13.9 -> 10.8 s). The first run warmed up what it built,
# except on rusticl, whose kernels are never warmed up (driver_policy.c launch_compiles).
check "second run: no warm-up launch for a cached program, its first launch counted as such" python3 - "$TMP/r1" "$TMP/r2" <<'PY'
import glob, json, sys
def load(d):
    return {r['device']['key']: r['run'] for r in (json.load(open(f)) for f in glob.glob(d + '/*.json'))
            if isinstance(r, dict) and 'probes' in r}
a, b = load(sys.argv[1]), load(sys.argv[2])
ok = bool(b)
for k, run in b.items():
    prof, first = run['profile'], a[k]['profile']
    cg = lambda p: p.get('codegen', {}).get('count', 0)
    fl = lambda p: p.get('first_launch', {}).get('count', 0)
    print(k, 'run 1 codegen', cg(first), 'first launches', fl(first), '| run 2 hits', run['cache']['hits'],
          'codegen', cg(prof), 'first launches', fl(prof))
    if run['cache']['hits'] == run['builds']:  # every program from the cache
        ok = ok and cg(prof) == 0 and fl(prof) >= cg(first) + fl(first) > 0
    if k.startswith('rusticl'):  # never warmed up: its first launches generate the code (runner.c)
        ok = ok and cg(first) == 0 and fl(first) > 0
sys.exit(0 if ok else 1)
PY

# Damage every entry: each is detected, rebuilt from source, verdicts unchanged.
for f in "$TMP"/xdg/clconform/*.bin; do
    printf 'garbage' | dd of="$f" bs=1 seek=200 conv=notrunc 2>/dev/null
done
run r3
summary "$TMP/r3" >"$TMP/s3"
check "damaged entries: same verdicts" test "$(sed 's/ builds.*//' "$TMP/s1")" = "$(sed 's/ builds.*//' "$TMP/s3")"
check "damaged entries were rejected and built from source" python3 - "$TMP/r3" <<'PY'
import glob, json, sys
ok = True
for f in glob.glob(sys.argv[1] + '/*.json'):
    r = json.load(open(f))
    if isinstance(r, dict) and 'probes' in r:
        run = r['run']
        print(r['device']['key'], run['cache'], run['profile']['build']['count'])
        ok = ok and run['cache']['hits'] == 0 and run['cache']['rejected'] > 0 and run['profile']['build']['count'] == run['builds']
sys.exit(0 if ok else 1)
PY

rm -rf "$TMP/xdg/clconform"
run r4 --no-cache
check "--no-cache writes no cache" test ! -e "$TMP/xdg/clconform"
check "--no-cache reports the cache off" python3 - "$TMP/r4" <<'PY'
import glob, json, sys
n = 0
for f in glob.glob(sys.argv[1] + '/*.json'):
    r = json.load(open(f))
    if isinstance(r, dict) and 'probes' in r:
        n += 1
        if r['run']['cache']['enabled'] or r['run']['cache']['hits']:
            sys.exit(1)
sys.exit(0 if n else 1)
PY
# A driver's environment (POCL_*, RUSTICL_*, MESA_*...) can change what it
# compiles, so it is part of the key: the same run with one more such
# variable finds nothing to reuse.
run r5
MESA_CLCONFORM_KEY_TEST=1 run r6
check "a driver variable in the environment changes every key" python3 - "$TMP/r5" "$TMP/r6" <<'PY'
import glob, json, sys
def load(d):
    return {r['device']['key']: r['run'] for r in (json.load(open(f)) for f in glob.glob(d + '/*.json'))
            if isinstance(r, dict) and 'probes' in r}
a, b = load(sys.argv[1]), load(sys.argv[2])
for k in b:
    print(k, 'stored before', a.get(k, {}).get('cache', {}).get('stored'), 'hits with the variable', b[k]['cache']['hits'])
sys.exit(0 if b and all(r['cache']['hits'] == 0 for r in b.values()) and any(r['cache']['stored'] for r in a.values()) else 1)
PY
# The programs do not depend on how the run is divided (batch_plan.h): a
# run cut into chunks for two supervisors, then the same probes with one,
# builds nothing the second time. (Before the plan, a warm NVIDIA run with 4
# supervisors after a cold one with 16 rebuilt 129 programs.) Oclgrind only:
# the CPU drivers keep no binaries of ours or cost minutes here.
if "$CLCONFORM" --list 2>/dev/null | grep -q 'oclgrind'; then
    export XDG_CACHE_HOME=$TMP/xdg-div
    div() { "$CLCONFORM" --device oclgrind --probes "$SRCDIR/probes/integer-functions" \
                --filter 'intfn.[a-h]*' --quiet --out "$TMP/$1" --device-jobs "$2" >"$TMP/$1.out" 2>&1; }
    div d2 2
    div d1 1
    check "one supervisor after two: every program a cache hit" python3 - "$TMP/d2" "$TMP/d1" <<'PY'
import glob, json, sys
def run(d):
    return [r['run'] for r in (json.load(open(f)) for f in glob.glob(d + '/*.json'))
            if isinstance(r, dict) and 'probes' in r][0]
a, b = run(sys.argv[1]), run(sys.argv[2])
print('two supervisors:', a['chunks'], 'chunks', a['cache'], '/ one:', b['chunks'], 'chunks', b['cache'])
sys.exit(0 if a['chunks'] >= 2 and a['cache']['stored'] > 0 and b['cache']['hits'] == a['cache']['stored']
         and b['profile']['build']['count'] == 0 else 1)
PY
fi
done_checks
