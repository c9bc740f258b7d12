#!/usr/bin/env bash
# The register (expected/, docs/register-format.md): every committed file
# parses; scripts/check_register.py compares reports with the register that
# describes their device (new failures, changed deviations, new passes, stale
# entries, exit 1), refuses a malformed line with FILE:LINE and a flaky entry
# over 8 passing probes (exit 2), and proposes TODO lines with their
# deviation for a reviewer; an element changed inside a registered failure is
# a changed deviation for the script as for the harness; clconform
# --baseline takes a register and the HTML marks each failure "known
# (register)" or "new" (on PoCL, skipped without it).
source "$SRCDIR/tests/e2e/lib.sh"
cr="$SRCDIR/scripts/check_register.py"

# -- the committed registers parse (Python and C alike) ----------------------
mkdir -p "$TMP/empty"
check "every file of expected/ parses" python3 "$cr" "$TMP/empty" --expected "$SRCDIR/expected"

# -- the checker on a hand-made report ----------------------------------------
mkdir -p "$TMP/reg" "$TMP/rep"
cat >"$TMP/reg/drv-1.0" <<'EOF'
# a test driver
driver platform.version Drv 1.0
math.sinpi.*      fail        "OpenCL C: Math Functions"  sinpi(1) gives -0: +0 is prescribed
deviation kind the sign of a zero: -0 for +0
wi.dimindx        fail        "OpenCL C: Work-Item Functions"  get_global_size(3) gives 0: must be 1
deviation 1 -> 0
flaky.crash       crash|pass  "OpenCL C: Operators"  flaky: the compiler crashes on some runs
deviation kind crash SIGSEGV
gone.*            fail        "OpenCL C: Operators"  a bug since fixed
deviation kind other values
EOF
python3 - "$TMP/rep/dev.json" <<'PY'
import json, sys
def rec(i, v, groups=None):
    r = {"id": i, "verdict": v, "clause": "OpenCL C: Math Functions", "spec": "OpenCL C (unified): Math Functions"}
    if groups:
        r["groups"] = groups
    return r
zero = ["math|6.12.2||the sign of a zero: -0 for +0"]
probes = [rec("math.sinpi.float", "fail", zero), rec("math.sinpi.float4", "fail", zero),
          rec("wi.dimindx", "pass"), rec("flaky.crash", "pass"),
          rec("math.cos.float", "fail", ["math|6.12.2||3-4 ulp off"]),
          rec("math.cos.float4", "fail", ["math|6.12.2||3-4 ulp off"]),
          rec("math.tan.float", "pass")]
json.dump({"schema_version": 1, "platform": {"name": "Drv", "version": "OpenCL 3.0 Drv 1.0"},
           "device": {"key": "drv-dev", "name": "d"}, "run": {"complete": True}, "probes": probes},
          open(sys.argv[1], "w"))
PY
python3 "$cr" "$TMP/rep" --expected "$TMP/reg" >"$TMP/cmp.out" 2>&1
check "differences exit 1" test $? -eq 1
check "an unregistered failure is a new failure" grep -q "new failure: math.cos.float fail (not registered): 3-4 ulp off" "$TMP/cmp.out"
check "a registered failure that passes is a new pass" grep -q "new pass: wi.dimindx" "$TMP/cmp.out"
check "an entry explaining nothing is stale, in line form" \
    grep -q "stale entry $TMP/reg/drv-1.0:9 (it matches no probe of the run): gone.\* fail \"OpenCL C: Operators\" a bug since fixed" "$TMP/cmp.out"
check "the passing probe of a fixed entry makes it stale" grep -q "drv-1.0:5 (its probes no longer fail as registered)" "$TMP/cmp.out"
check "an allowed pass of a flaky entry is not a difference (no flaky CI)" sh -c "! grep -q flaky.crash '$TMP/cmp.out'"

python3 "$cr" "$TMP/rep" --expected "$TMP/reg" --propose >"$TMP/prop.out" 2>&1
check "--propose gives a family glob with the heading and a TODO reason" \
    grep -q '^  math.cos.\* fail "OpenCL C: Math Functions" TODO: 3-4 ulp off' "$TMP/prop.out"
check "--propose names the deviation" grep -q '^    deviation kind 3-4 ulp off' "$TMP/prop.out"
check "--propose accepts nothing: its TODO lines are refused" sh -c "
    cp -r '$TMP/reg' '$TMP/reg2'; grep -A1 TODO '$TMP/prop.out' >>'$TMP/reg2/drv-1.0'
    python3 '$cr' '$TMP/rep' --expected '$TMP/reg2' 2>&1 | grep -q 'drv-1.0:11: the reason is still TODO'"

sed -i '/^gone/,+1d; /^wi.dimindx /,+1d' "$TMP/reg/drv-1.0"
printf 'math.cos.*  fail  "OpenCL C: Math Functions"  cos is 3 ulp off (bound 4 is fine; this is a test)\ndeviation kind 3-4 ulp off\n' >>"$TMP/reg/drv-1.0"
python3 "$cr" "$TMP/rep" --expected "$TMP/reg" >"$TMP/same.out" 2>&1
check "a run matching its register exits 0" test $? -eq 0
check "and says so" grep -q "drv-dev: matches $TMP/reg/drv-1.0 (4 failure(s), all registered)" "$TMP/same.out"

sed -i 's/^deviation kind 3-4 ulp off$/deviation kind 5-16 ulp off/' "$TMP/reg/drv-1.0"
python3 "$cr" "$TMP/rep" --expected "$TMP/reg" >"$TMP/dev.out" 2>&1
check "a registered failure with another deviation exits 1" test $? -eq 1
check "as a changed deviation naming what is new" \
    grep -q "changed deviation: math.cos.float fail (registered at $TMP/reg/drv-1.0:7): kind 3-4 ulp off" "$TMP/dev.out"

cp -r "$TMP/reg" "$TMP/reg3"
printf 'math.x  fail\n' >>"$TMP/reg/drv-1.0"
python3 "$cr" "$TMP/rep" --expected "$TMP/reg" >"$TMP/bad.out" 2>&1
check "a malformed line exits 2" test $? -eq 2
check "naming FILE:LINE" grep -q "drv-1.0:9: an entry is GLOB VERDICTS \"DOC: HEADING\" REASON" "$TMP/bad.out"
printf 'math.x  fail  "7.5.1"  sinpi\ndeviation 1 -> 2\n' >>"$TMP/reg3/drv-1.0"
python3 "$cr" "$TMP/rep" --expected "$TMP/reg3" >"$TMP/bad.out" 2>&1
check "a clause that is not a heading of the unified spec is refused" \
    grep -q '"7.5.1" is not a heading of docs/unified-spec-headings.txt' "$TMP/bad.out"

# An entry that allows pass matches at most 8 passing probes (the harness's
# bound is tested in tests/unit/test_register.c).
mkdir -p "$TMP/wide" "$TMP/wide-rep"
printf 'driver platform.version Drv 1.0\nmath.*  fail|pass  "OpenCL C: Math Functions"  flaky: sometimes\ndeviation kind 3-4 ulp off\n' \
    >"$TMP/wide/drv-1.0"
python3 - "$TMP/rep/dev.json" "$TMP/wide-rep/dev.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["probes"] += [{"id": "math.p%d" % i, "verdict": "pass"} for i in range(8)]
json.dump(doc, open(sys.argv[2], "w"))
PY
python3 "$cr" "$TMP/wide-rep" --expected "$TMP/wide" >"$TMP/wide.out" 2>&1
check "a flaky entry matching more than 8 passing probes is refused (exit 2)" test $? -eq 2
check "naming its FILE:LINE and the count" grep -q "drv-1.0:2: math.\* matches 9 passing probes" "$TMP/wide.out"

# -- an injected change of deviation: check_register.py and the harness agree --
# tests/fixtures/register holds records of a real report and a register that
# names their deviations; tests/unit/test_register.c makes the same change
# through harness/judge/register.c.
fx="$SRCDIR/tests/fixtures/register"
check "the fixture report matches its register" python3 "$cr" "$fx/reports" --expected "$fx/expected"
mkdir -p "$TMP/inj"
python3 - "$fx/reports/drv-dev.json" "$TMP/inj/drv-dev.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for r in doc["probes"]:
    if r["id"] == "intfn.add_sat.int4.folded":
        r["actual"][0] = "5"
    if r["id"] == "math.fract.float2":
        r["ulp"]["failures"][0]["actual"] = "0.5 (0x3f000000)"
json.dump(doc, open(sys.argv[2], "w"))
PY
python3 "$cr" "$TMP/inj" --expected "$fx/expected" >"$TMP/inj.out" 2>&1
check "an altered element of a registered failure exits 1" test $? -eq 1
check "reported as a changed deviation with the new value" \
    grep -q "changed deviation: intfn.add_sat.int4.folded fail (registered at $fx/expected/drv-1.0:[0-9]*): -2147483648 -> 5" "$TMP/inj.out"
check "an ulp-judged failure's altered element too" grep -q "changed deviation: math.fract.float2 fail" "$TMP/inj.out"

# -- a result that changes with the code around the call ------------------------
# A registered failure whose run alone (context_fold.h) gave another outcome
# is a changed deviation until its entry has a `context` line; then it is known.
mkdir -p "$TMP/ctx" "$TMP/ctx-reg"
python3 - "$fx/reports/drv-dev.json" "$TMP/ctx/drv-dev.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for r in doc["probes"]:
    if r["id"] == "intfn.add_sat.int4.folded":
        r["context"] = {"alone": "pass", "same": False, "shown": "batched"}
json.dump(doc, open(sys.argv[2], "w"))
PY
python3 "$cr" "$TMP/ctx" --expected "$fx/expected" >"$TMP/ctx.out" 2>&1
check "another outcome alone, no context line: exit 1" test $? -eq 1
check "named as the context of a changed deviation" \
    grep -q "changed deviation: intfn.add_sat.int4.folded fail (registered at .*): context: another outcome alone (pass)" "$TMP/ctx.out"
sed 's/^\(intfn.add_sat.int4.folded .*\)$/\1\ncontext add_sat(INT_MIN, INT_MIN)/' "$fx/expected/drv-1.0" >"$TMP/ctx-reg/drv-1.0"
python3 "$cr" "$TMP/ctx" --expected "$TMP/ctx-reg" >"$TMP/ctx2.out" 2>&1
check "with the entry's context line the failure is known" test $? -eq 0

# -- clconform --baseline with a register, on PoCL ---------------------------------
sel=${CLC_POCL_DEVICE:-pthread}
if "$CLCONFORM" --list 2>/dev/null | grep -q "$sel"; then
    cat >"$TMP/pocl.reg" <<'EOF'
# the selftest probes on PoCL
driver platform.name Portable Computing Language
selftest.fail.wrong-expect  fail  "OpenCL C: Operators"  the probe's expectation is wrong on purpose
deviation 3 -> 2
EOF
    "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --quiet --out "$TMP/run" \
        --baseline "$TMP/pocl.reg" >"$TMP/run.out" 2>&1
    rc=$?
    key=$(ls "$TMP/run" | grep -v index | grep '\.json$' | head -n1)
    check "unregistered failures make the run exit 1" test "$rc" -eq 1
    check "the registered failure is known, with its entry" python3 -c "
import json, sys
b = json.load(open(sys.argv[1]))['baseline']
assert b['register'].endswith('pocl.reg'), b
assert 'selftest.fail.wrong-expect' in b['known'], b['known']
assert 'selftest.fail.wrong-expect' not in b['regressions'], b['regressions']
assert 'selftest.unexpected-build-ok.valid' in b['regressions'], b['regressions']" "$TMP/run/$key"
    html="$TMP/run/${key%.json}.html"
    check "the HTML marks the known failure" python3 -c "
import re, sys
t = open(sys.argv[1]).read()
card = t[t.index('id=\"probe-selftest.fail.wrong-expect\"'):]
card = card[:card.index('</article>')]
assert 'known (register)' in card and 'the probe&#39;s expectation is wrong on purpose' in card or \
       'the probe&#x27;s expectation is wrong on purpose' in card or \"the probe's expectation\" in card, card[:600]
card = t[t.index('id=\"probe-selftest.unexpected-build-ok.valid\"'):]
card = card[:card.index('</article>')]
assert '>new</span>' in card, card[:600]" "$html"

    # the same register, the registered failure's deviation changed (it gives 2 for 3)
    sed 's/^deviation 3 -> 2$/deviation 3 -> 4/' "$TMP/pocl.reg" >"$TMP/pocl-dev.reg"
    "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --filter 'selftest.fail.*' --quiet \
        --out "$TMP/run3" --baseline "$TMP/pocl-dev.reg" >"$TMP/run3.out" 2>&1
    check "--baseline: a registered failure with another deviation exits 1" test $? -eq 1
    check "--baseline: it is a changed deviation naming the value" python3 -c "
import json, sys
b = json.load(open(sys.argv[1]))['baseline']
assert b['changed_deviation'] == ['selftest.fail.wrong-expect'], b
assert any(c['now'] == 'changed deviation: 3 -> 2' for c in b['changes']), b['changes']" "$TMP/run3/$key"

    printf 'selftest.fail.wrong-expect fial "OpenCL C: Operators" x\n' >>"$TMP/pocl.reg"
    "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --quiet --out "$TMP/run2" \
        --baseline "$TMP/pocl.reg" >"$TMP/run2.out" 2>&1
    check "a malformed register baseline is a usage error" test $? -eq 2
    check "naming FILE:LINE" grep -q "pocl.reg:5: unknown verdict 'fial'" "$TMP/run2.out"
    for f in "$SRCDIR"/expected/*; do
        [ -f "$f" ] || continue
        "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --filter 'selftest.pass.*' --quiet \
            --out "$TMP/each" --baseline "$f" >"$TMP/each.out" 2>&1
        check "clconform loads $(basename "$f") as a baseline" test $? -ne 2
    done
else
    echo "# skip: no device matching '$sel' for the --baseline part"
fi
done_checks
