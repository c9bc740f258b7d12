#!/usr/bin/env bash
# A warm cache stays warm: the programs a run forms are a function of the
# probes, the device and the driver's policy (batch_plan.h), never of the
# machine's load, of how many supervisors or cores the run had, or of what
# an earlier run learnt. Run 1, with an empty cache, two supervisors and
# busy loops on every core beside it, meets a kernel that never ends (it is
# remembered, crash_memo_hung_run_path); run 2, one supervisor and one core,
# must then build nothing: every program it forms comes from the binary
# cache (run.cache.hits == run.builds, run.profile.build.count == 0), the
# one that holds the remembered hang included. On Oclgrind (it keeps
# binaries, and is the fastest local device): about 400 probes.
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
if ! "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    echo "ok - cache-stable skipped: no Oclgrind device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() {
    local name=$1; shift
    traced_run "$name" --device oclgrind --timeout 3 "$@" \
        --probes probes/vector-components --probes probes/relational-functions \
        --probes tests/isolation/hang.probe
}
# Load: a busy loop per core for the whole first run.
busy=()
for _ in $(seq "$(nproc)"); do
    (while :; do :; done) &
    busy+=($!)
done
run loaded --device-jobs 2 --jobs 2
kill "${busy[@]}" 2>/dev/null
wait "${busy[@]}" 2>/dev/null
run calm --device-jobs 1 --jobs 1
report() { ls "$TMP/$1"/oclgrind*.json; }
check "the loaded run was cut into chunks, met the hang and kept programs" python3 - "$(report loaded)" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
run, v = r['run'], {p['id']: p['verdict'] for p in r['probes']}
print('chunks', run['chunks'], 'builds', run['builds'], 'cache', run['cache'])
assert run['chunks'] >= 2 and run['cache']['stored'] > 0, run
assert v['isolation.hang.spin'] == 'timeout' and len(v) > 300, v.get('isolation.hang.spin')
PY
check "the calm run built nothing: every program it formed was in the cache" python3 - "$(report calm)" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))['run']
print('builds', run['builds'], 'from source', run['profile']['build']['count'], 'cache', run['cache'])
assert run['builds'] > 0 and run['cache']['hits'] == run['builds'], run['cache']
assert run['profile']['build']['count'] == 0, run['profile']['build']
PY
check "the remembered hang stayed in its program, not run again; every verdict the same" python3 - \
    "$(report loaded)" "$(report calm)" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
spin = [p for p in b['probes'] if p['id'] == 'isolation.hang.spin'][0]
assert 'remembered, not run again' in spin['detail'], spin['detail']
va, vb = (sorted((p['id'], p['verdict']) for p in r['probes']) for r in (a, b))
assert va == vb, [x for x in zip(va, vb) if x[0] != x[1]]
PY

# PoCL keeps no binaries of ours (its own cache answers), so its programs
# are compared by the timeline's build spans: the same with two supervisors
# as with one, though PoCL 3.1 crashes running async.shape.wg7.n1 and
# async.shape.wg64.n1 (lone probes) while the work-item probes before them
# wait in a batch for their segment's end. After such a crash the rest of
# the chunk was given back from the first probe with no record, and every
# claimer ran the copies again up to the crash (11 workers, 330 programs
# more than one supervisor built).
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    prun() {
        traced_run "$1" --device pthread --no-cache --device-jobs "$2" \
            --filter 'async.*' --filter 'workitem.*' --filter 'intfn.abs*'
    }
    prun p2 2
    prun p1 1
    check "PoCL: two supervisors build the programs one builds" python3 - "$TMP/p2.trace.json" "$TMP/p1.trace.json" <<'PY'
import collections, sys
from trace_spans import spans
a, b = (collections.Counter(s['args'].get('detail') for s in spans(f, 'build')) for f in sys.argv[1:3])
print('builds', sum(a.values()), sum(b.values()), 'only with two:', a - b, 'only with one:', b - a)
assert a == b and sum(a.values()) > 0
PY
fi
done_checks
