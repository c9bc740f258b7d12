#!/usr/bin/env bash
# A probe that hung this driver version last time runs first next time, in a
# chunk of its own (crash_memo.h, "lost/"; fanout.c): its watchdog then runs
# out beside the other chunks from the start instead of late in whichever
# chunk holds its family, and once, not twice (supervise.c: three hangs in
# two runs are the probe's, not its neighbours'). The verdicts of both runs
# are the same. On PoCL (skipped without it), 200 operator
# probes and tests/isolation/hang.probe last in suite order, 2 supervisors.
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
if ! "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    echo "ok - lost-first skipped: no PoCL pthread device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() {
    (cd "$SRCDIR" && "$CLCONFORM" --device pthread --device-jobs 2 --timeout 1 \
        --probes probes/6.3-operators/relational.probe --probes probes/6.3-operators/logical.probe \
        --probes tests/isolation/hang.probe --quiet --out "$TMP/$1" --trace "$TMP/$1.trace.json" \
        >"$TMP/$1.out" 2>&1)
}
run cold
run warm
check "the cold run remembers the probe that hung" grep -qx 'isolation.hang.spin' "$TMP"/xdg/clconform/lost/*.txt
check "the hang is a timeout in both runs, and every verdict is the same" python3 - "$TMP/cold" "$TMP/warm" <<'PY'
import glob, json, sys
def verdicts(d):
    r = json.load(open(glob.glob(d + '/portable*.json')[0]))
    return sorted((p['id'], p['verdict']) for p in r['probes'])
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
assert ('isolation.hang.spin', 'timeout') in a, [x for x in a if 'hang' in x[0]]
assert a == b, [x for x in zip(a, b) if x[0] != x[1]]
assert len(a) > 200, len(a)
PY
check "the warm run does not wait out a remembered hang twice" json_get "$(ls "$TMP"/warm/portable*.json)" \
    "[p['detail'] for p in r['probes'] if p['id'] == 'isolation.hang.spin'][0].find('not run again') > 0 or exit(1)"
# When the watchdog's wait began, from the start of each run's timeline.
lost_at() {
    python3 - "$1" <<'PY'
import sys
from trace_spans import spans
xs = spans(sys.argv[1])
t0 = min(e['ts'] for e in xs)
print(min(e['ts'] for e in xs if e['name'] == 'lost') - t0)
PY
}
cold_at=$(lost_at "$TMP/cold.trace.json")
warm_at=$(lost_at "$TMP/warm.trace.json")
echo "# the hang's worker was lost at ${cold_at} us (cold), ${warm_at} us (warm)"
check "the warm run meets the hang first" python3 -c 'import sys; sys.exit(0 if float(sys.argv[2]) < float(sys.argv[1]) / 2 else 1)' \
    "${cold_at:-0}" "${warm_at:-1e99}"
check "one of the warm run's first two chunks holds the hang alone" python3 - "$TMP/warm.trace.json" <<'PY'
import sys
from trace_spans import spans
chunks = sorted(spans(sys.argv[1], 'chunks'), key=lambda e: e['ts'])
assert any(c.get('args', {}).get('detail') == '1 probes' for c in chunks[:2]), [c.get('args') for c in chunks[:3]]
PY
done_checks
