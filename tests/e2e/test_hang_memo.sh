#!/usr/bin/env bash
# A probe whose kernel hung this driver version (twice in a run, the
# second time alone) is remembered (crash_memo.h, "hung-runs/"), and the
# next run records its `timeout` without running it
# (lost_memo_record): no worker is lost to it and no watchdog
# waits for it. The verdicts of both runs are the
# same; --no-cache meets the hang again. On PoCL (skipped without it), 200
# operator probes and tests/isolation/hang.probe last in suite order, 2
# supervisors.
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
if ! "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    echo "ok - hang-memo skipped: no PoCL pthread device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() {
    local name=$1
    shift
    traced_run "$name" --device pthread --device-jobs 2 --timeout 1 "$@" \
        --probes probes/operators/relational.probe --probes probes/operators/logical.probe \
        --probes tests/isolation/hang.probe
}
run cold
run warm
run again --no-cache
run lone --device-jobs 1
check "the cold run remembers the probe that hung" grep -qx 'isolation.hang.spin' "$TMP"/xdg/clconform/hung-runs/*.txt
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
check "the warm run records the remembered hang without running it" json_get "$(ls "$TMP"/warm/portable*.json)" \
    "[p['detail'] for p in r['probes'] if p['id'] == 'isolation.hang.spin'][0].find('remembered, not run again') > 0 or exit(1)"
# The workers each run lost to a watchdog or a death (the "lost" spans).
lost_count() {
    python3 - "$1" <<'PY'
import sys
from trace_spans import spans
print(len(spans(sys.argv[1], 'lost')))
PY
}
cold_lost=$(lost_count "$TMP/cold.trace.json")
warm_lost=$(lost_count "$TMP/warm.trace.json")
echo "# workers lost: ${cold_lost} (cold), ${warm_lost} (warm)"
check "the cold run loses workers to the hang" test "${cold_lost:-0}" -ge 1
check "the warm run loses none" test "${warm_lost:-1}" -eq 0
check "one supervisor alone (--device-jobs 1) also records it without running it" json_get "$(ls "$TMP"/lone/portable*.json)" \
    "[p['detail'] for p in r['probes'] if p['id'] == 'isolation.hang.spin'][0].find('remembered, not run again') > 0 and r['run']['workers'] == 1 or exit(1)"
check "--no-cache runs the hang again, twice" json_get "$(ls "$TMP"/again/portable*.json)" \
    "[p['detail'] for p in r['probes'] if p['id'] == 'isolation.hang.spin'][0].find('twice (the second time alone)') > 0 or exit(1)"
done_checks
