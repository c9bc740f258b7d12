#!/usr/bin/env bash
# A probe built alone (a whole `source` program) that kills its worker while
# running is remembered for the driver version (lost_memo.h), as a hang is:
# the next run records its `crash` without running it, marked remembered,
# and loses no worker to it; --no-cache runs it again. A remembered crash or
# hang yields to the probe's requirements: where the device lacks one now,
# the probe is a skip. On PoCL (skipped without it).
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
SUITE=(--probes tests/lost_memo/crash-alone.probe --probes tests/isolation/hang.probe)
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
assert len(a) == 5, a
PY
check "the remembered crash says so and keeps its signal" json_get "$(ls "$TMP"/warm/portable*.json)" \
    "[p['signal'] == 'SIGSEGV' and 'remembered, not run again' in p['detail'] or exit(1) for p in r['probes'] if p['id'] == 'lost.crash.alone']"
check "the warm run loses no worker" json_get "$(ls "$TMP"/warm/portable*.json)" \
    "r['run']['workers'] == 1 or exit(1)"
check "--no-cache runs the crash again" grep -x 'lost.crash.alone crash -' <(verdicts "$TMP/again")
check "a probe whose requirement is unmet now is a skip, not its remembered verdict" python3 - <(verdicts "$TMP/needs") <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
assert rows and all(v == 'skip' for _, v, _ in rows), rows
PY
done_checks
