#!/usr/bin/env bash
# Nightly-job behaviour against a baseline, on the PoCL CPU device (skipped
# without it): a run against its own report exits 0; a probe the baseline
# says failed but passes now is a fix (and fails the run with --fail-on-fix);
# a probe the baseline says passed but fails now is a regression, retried
# once, and exits 1; a baseline of another device is refused; JUnit parses.
source "$SRCDIR/tests/e2e/lib.sh"
sel=${CLC_POCL_DEVICE:-pthread}
if ! "$CLCONFORM" --list 2>/dev/null | grep -q "$sel"; then
    echo "# skip: no device matching '$sel'"; exit 0
fi
probes="$SRCDIR/tests/selftest"
flt='selftest.*'
run() { "$CLCONFORM" --device "$sel" --probes "$probes" --quiet "$@"; }

run --out "$TMP/base" --junit "$TMP/junit.xml" >/dev/null 2>&1
key=$(ls "$TMP/base" | grep -v index | grep '\.json$' | head -n1)
base="$TMP/base/$key"
check "a first run writes a report" test -s "$base"
check "the JUnit file parses as XML with one testsuite" python3 -c "
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
suites = r.findall('testsuite') if r.tag == 'testsuites' else [r]
assert len(suites) == 1, len(suites)
assert len(suites[0].findall('testcase')) > 0" "$TMP/junit.xml"

run --out "$TMP/same" --baseline "$base" >"$TMP/same.out" 2>&1
check "a run against its own report exits 0" test $? -eq 0

# The baseline claims a passing probe failed: now it is a fix.
python3 - "$base" "$TMP/fixbase.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = next(p for p in r['probes'] if p['verdict'] == 'pass')
p['verdict'] = 'fail'
open(sys.argv[2], 'w').write(json.dumps(r))
print(p['id'], file=open(sys.argv[2] + '.id', 'w'))
PY
fixed=$(cat "$TMP/fixbase.json.id")
run --out "$TMP/fix" --baseline "$TMP/fixbase.json" >"$TMP/fix.out" 2>&1
rc=$?
check "a fix alone exits 0" test $rc -eq 0
check "the fix is reported by id" grep -q "fix.*$fixed" "$TMP/fix.out"
check "the report records the fix" python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
assert sys.argv[2] in r['baseline']['fixes']" "$TMP/fix/$key" "$fixed"
run --out "$TMP/fix2" --baseline "$TMP/fixbase.json" --fail-on-fix >/dev/null 2>&1
check "--fail-on-fix makes a fix exit 1" test $? -eq 1

# The baseline claims a failing probe passed: a regression, retried once.
python3 - "$base" "$TMP/regbase.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = next(p for p in r['probes'] if p['verdict'] == 'fail')
p['verdict'] = 'pass'
open(sys.argv[2], 'w').write(json.dumps(r))
print(p['id'], file=open(sys.argv[2] + '.id', 'w'))
PY
regressed=$(cat "$TMP/regbase.json.id")
run --out "$TMP/reg" --baseline "$TMP/regbase.json" >"$TMP/reg.out" 2>&1
check "a regression exits 1" test $? -eq 1
check "the regression is reported by id" grep -q "regression.*$regressed" "$TMP/reg.out"
check "the regressed probe was retried once" python3 -c "
import json, sys; r = json.load(open(sys.argv[1]))
p = next(p for p in r['probes'] if p['id'] == sys.argv[2])
assert p['retried']['first'] == 'fail' and p['retried']['second'] == 'fail', p.get('retried')
assert sys.argv[2] in r['baseline']['regressions']" "$TMP/reg/$key" "$regressed"
echo "$regressed" > "$TMP/flakes.txt"
run --out "$TMP/flaky" --baseline "$TMP/regbase.json" --flakes "$TMP/flakes.txt" >/dev/null 2>&1
check "a regression in a known-flaky probe exits 0" test $? -eq 0

# Another device's baseline is refused.
python3 - "$base" "$TMP/other.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r['device']['key'] = 'some-other-platform--some-other-device'
open(sys.argv[2], 'w').write(json.dumps(r))
PY
run --out "$TMP/other" --baseline "$TMP/other.json" >"$TMP/other.out" 2>&1
check "another device's baseline is refused with exit 2" test $? -eq 2
check "the refusal names the other device" grep -q "some-other-device" "$TMP/other.out"
done_checks
