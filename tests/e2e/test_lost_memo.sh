#!/usr/bin/env bash
# A probe built alone (a whole `source` program) that kills its worker while
# running is remembered for the driver version (lost_memo.h), as a hang is:
# the next run records its `crash` without running it, marked remembered,
# and loses no worker to it; --no-cache runs it again. A remembered crash or
# hang yields to the probe's requirements: where the device lacks one now,
# the probe is a skip. The crash comes behind unfinished batched probes of
# its chunk: the worker that meets it is the only one lost (the part given
# back after it holds neither it nor the probes run before it). On PoCL
# (skipped without it), with 200 operator probes and 2 supervisors.
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
if ! "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    echo "ok - lost-memo skipped: no PoCL pthread device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() {
    local name=$1
    shift
    traced_run "$name" --device pthread --timeout 1 "$@"
}
# More probes in the crash's segment (its build option), after it.
python3 - "$TMP/after.probe" <<'PY'
import sys
out = []
for i in range(24):
    out += ['[probe lost.after.%02d]' % i, 'spec = OpenCL 1.2', 'kind = run',
            'options = -DCLC_LOST_MEMO_TEST', 'why = A probe after the crash, in its segment.', 'out = int[1]',
            'expect = %d' % i, 'body = <<END', '    out[0] = %d;' % i, 'END', '']
open(sys.argv[1], 'w').write('\n'.join(out))
PY
SUITE=(--device-jobs 2 --probes probes/operators/relational.probe --probes probes/operators/logical.probe
       --probes tests/lost_memo/crash-alone.probe --probes "$TMP/after.probe" --probes tests/isolation/hang.probe)
run cold "${SUITE[@]}"
run warm "${SUITE[@]}"
run again "${SUITE[@]}" --no-cache
# The same ids, now requiring an extension no device has.
python3 - "$SRCDIR" "$TMP/needs.probe" <<'PY'
import sys
src, out = sys.argv[1], sys.argv[2]
text = ''.join(open(src + '/' + f).read() for f in ('tests/lost_memo/crash-alone.probe', 'tests/isolation/hang.probe'))
text = text.replace('[defaults]\n', '[defaults]\nrequires = cl_clconform_no_such_extension\n')
open(out, 'w').write(text)
PY
run needs --probes "$TMP/needs.probe"

verdicts() {
    python3 - "$1" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/portable*.json')[0]))
for p in sorted(r['probes'], key=lambda p: p['id']):
    print(p['id'], p['verdict'], 'remembered' if p.get('remembered') else '-')
PY
}
check "the cold run remembers the crash with its signal" grep -qx $'lost.crash.alone\tcrash\t11' "$TMP"/xdg/clconform/lost/*.txt
check "cold: the crash is a crash, run" grep -x 'lost.crash.alone crash -' <(verdicts "$TMP/cold")
check "warm: the same verdict, remembered" grep -x 'lost.crash.alone crash remembered' <(verdicts "$TMP/warm")
check "warm: the hang too" grep -x 'isolation.hang.spin timeout remembered' <(verdicts "$TMP/warm")
check "every verdict is the same cold, warm and with --no-cache" python3 - <(verdicts "$TMP/cold") \
    <(verdicts "$TMP/warm") <(verdicts "$TMP/again") <<'PY'
import sys
a, b, c = ([l.split()[:2] for l in open(f)] for f in sys.argv[1:4])
assert a == b == c, (a, b, c)
assert len(a) > 200, len(a)
PY
check "cold: one worker lost to the crash, and the batch before it built once" python3 - "$TMP/cold.trace.json" <<'PY'
import sys
from trace_spans import spans
lost = [s['args'].get('detail') for s in spans(sys.argv[1], 'lost')]
builds = [s['args'].get('detail') for s in spans(sys.argv[1], 'build')]
assert lost.count('lost.crash.alone') == 1, lost
first = [b for b in builds if b and b.startswith('lost.batch.1 ')]
assert len(first) == 1, [b for b in builds if 'lost.' in b]
PY
check "the remembered crash says so and keeps its signal" json_get "$(ls "$TMP"/warm/portable*.json)" \
    "[p['signal'] == 'SIGSEGV' and 'remembered, not run again' in p['detail'] or exit(1) for p in r['probes'] if p['id'] == 'lost.crash.alone']"
check "the warm run loses no worker" python3 - "$TMP/warm.trace.json" <<'PY'
import sys
from trace_spans import spans
assert not spans(sys.argv[1], 'lost'), spans(sys.argv[1], 'lost')
PY
check "--no-cache runs the crash again" grep -x 'lost.crash.alone crash -' <(verdicts "$TMP/again")
check "a probe whose requirement is unmet now is a skip, not its remembered verdict" python3 - <(verdicts "$TMP/needs") <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
assert rows and all(v == 'skip' for _, v, _ in rows), rows
PY
done_checks
