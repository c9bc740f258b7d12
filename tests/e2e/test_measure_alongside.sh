#!/usr/bin/env bash
# --measurements alongside (fanout.c; the default is last): the
# measurements that want the device to themselves start at once, in a chunk
# of their own beside the others, and each holds the device gate
# (device_gate.h) exclusive while the other workers pass it shared to run a
# kernel. Checked on PoCL's CPU device:
# the measurement chunk starts before the other chunks end; no kernel of
# another worker (execution, first launch, code generation) runs while a
# measurement has the device; the workers that waited say so in the
# profile; and every verdict is the one a run with --measurements last gives.
# Whether a worker happens to wait behind a measurement is up to the
# schedule (with the drivers' caches cold the others were still compiling
# when the measurements ended), so the alongside run forces the overlap:
# CLCONFORM_TEST_GATE_OVERLAP (runner.c) holds the first measurement's gate
# until another worker waits, and that worker's launch until then.
. "$(dirname "$0")/lib.sh"
if ! "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    echo "ok - measure-alongside skipped: no PoCL pthread device (# SKIP)"
    done_checks
fi
run() {
    traced_run "$1" --device pthread --device-jobs 2 --no-cache --measurements "$1" \
        --probes probes/operators/relational.probe --probes probes/execution-model/iwg.probe \
        --filter 'op.*' --filter 'iwg.resident.wg1' --filter 'iwg.resident.wg64' --filter 'iwg.spin_flag.wg1.*' \
        --filter 'iwg.spin_flag.wg256.above_limit_unbounded'
}
CLCONFORM_TEST_GATE_OVERLAP=1 run alongside
run last
bad_value() {
    "$CLCONFORM" --measurements sometimes --list >/dev/null 2>"$TMP/bad.err"
    [ $? -eq 2 ] && grep -q -- "--measurements 'sometimes'" "$TMP/bad.err"
}
check "an unknown --measurements value is a usage error (exit 2) naming the flag" bad_value
check "the measurements held the device alone, and no other worker's kernel ran meanwhile" python3 - "$TMP/alongside.trace.json" <<'PY'
import sys
from trace_spans import spans
xs = spans(sys.argv[1])
alone = [e for e in xs if e['name'] == 'device alone']
ids = sorted(e['args']['detail'] for e in alone)
# The unbounded run leaves no span when it deadlocks (its worker is killed).
want = ['iwg.resident.wg1', 'iwg.resident.wg64'] + ['iwg.spin_flag.wg1.' + r for r in
        ('above_limit', 'at_limit', 'cu_x1_5', 'cu_x2')]
assert [i for i in ids if i in want] == sorted(want), ids
# Every kernel span is drawn however short (profile.c), so the other
# worker's launches are all here: 10 programs of folded op.* probes, 160
# launches. Fewer would mean the clash check below saw too little.
kernels = [e for e in xs if e['name'] in ('exec', 'first_launch', 'codegen')]
others = {a['tid'] for a in alone}
assert len([k for k in kernels if k['tid'] not in others]) >= 100, len(kernels)
clash = [(k['name'], a['args']['detail']) for a in alone for k in kernels
         if k['tid'] != a['tid'] and k['ts'] < a['ts'] + a['dur'] and a['ts'] < k['ts'] + k['dur']]
assert not clash, clash
PY
check "the measurement chunk started before the other chunks ended" python3 - "$TMP/alongside.trace.json" <<'PY'
import sys
from trace_spans import spans
meas = spans(sys.argv[1], 'measurements')
chunks = spans(sys.argv[1], 'chunks')
assert len(meas) == 1 and chunks, (len(meas), len(chunks))
assert meas[0]['ts'] < min(c['ts'] + c['dur'] for c in chunks), 'measurements began after every chunk had ended'
PY
check "with --measurements last, no measurement begins before the chunks' workers are done" python3 - "$TMP/last.trace.json" <<'PY'
import sys
from trace_spans import spans, chunk_work_end
xs = spans(sys.argv[1])
meas = spans(sys.argv[1], 'measurements')
chunks = spans(sys.argv[1], 'chunks')
probes = spans(sys.argv[1], 'measure')
assert len(meas) == 1 and chunks and probes
# The measurements' supervisor may start once every chunk is claimed, its
# worker opening the device and waiting (fanout.c); the probes wait until
# every chunk's worker is done (its driver's teardown may still run).
end = chunk_work_end(sys.argv[1])
print('chunk work ends', end, 'supervisor', meas[0]['ts'], 'first measure', min(p['ts'] for p in probes))
assert min(p['ts'] for p in probes) >= end - 1000, 'a measurement overlapped a chunk'
assert not [e for e in xs if e['name'] == 'device alone'], 'a gate without alongside'
PY
check "workers waited at the gate, and the profile counts it" json_get "$(ls "$TMP"/alongside/portable*.json)" \
    "r['run']['profile']['gate_wait']['count'] > 0 or exit(1)"
check "both runs give every probe the same verdict" python3 - "$TMP/alongside" "$TMP/last" <<'PY'
import glob, json, sys
def verdicts(d):
    r = json.load(open(glob.glob(d + '/portable*.json')[0]))
    return sorted((p['id'], p['verdict']) for p in r['probes'])
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
assert a == b, [x for x in zip(a, b) if x[0] != x[1]]
assert len(a) > 50 and sum(v == 'info' for _, v in a) == 7, (len(a), [x for x in a if x[1] != 'pass'])
PY
check "every spin-flag rule bounds its waits but the one unbounded run; the calibrated wait is reused" python3 - "$TMP/last" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/portable*.json')[0]))
m = {p['id']: p.get('measure', {}) for p in r['probes'] if p['id'].startswith('iwg.spin_flag.')}
assert len(m) == 5, sorted(m)
for pid, obj in m.items():
    unbounded = pid.endswith('above_limit_unbounded')
    if obj.get('outcome') == 'deadlock':  # recorded by the watchdog: the unbounded run only
        assert unbounded, (pid, obj)
    else:
        assert obj.get('bounded') is (not unbounded), (pid, obj)
# The wg1 spin-flag probes run after iwg.resident.wg1 in the same worker:
# they reuse its calibrated wait and say so.
for pid, obj in m.items():
    if pid.startswith('iwg.spin_flag.wg1.'):
        assert obj.get('wait_source', '').startswith('calibrated by an earlier probe'), (pid, obj)
        assert obj.get('wait_rounds', 0) >= 1, (pid, obj)
PY
done_checks
