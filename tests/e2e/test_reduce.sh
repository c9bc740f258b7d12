#!/usr/bin/env bash
# The reducer on a real failure: Oclgrind rounds negative non-integers the
# wrong way under convert_*_rtp (6.2.3.2: _rtp rounds toward +inf). The
# 1728-element, 144-work-item probe conv.convert_char.float.runtime is
# reduced to a one-input, one-call probe that still fails on Oclgrind with
# the value the report has; its bundle builds with `cc repro.c -lOpenCL -lm` and
# reports the failure; `--reduce` in a run does the same per failure group.
. "$SRCDIR/tests/e2e/lib.sh"
ID=conv.convert_char.float.runtime

if ! clinfo -l 2>/dev/null | grep -q "Oclgrind"; then
    echo "ok - reduce_e2e # SKIP no Oclgrind device"
    done_checks
fi
"$CLCONFORM" --device oclgrind --filter "$ID" --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/oclgrind*.json)
if ! json_get "$REPORT" "r['probes'][0]['verdict']" | grep -qx fail; then
    echo "ok - reduce_e2e # SKIP $ID passes on this Oclgrind: nothing to reduce"
    done_checks
fi

"$CLCONFORM" reduce "$REPORT" --filter "$ID" --out "$TMP/red" >"$TMP/red.out" 2>&1
check reduce_exits_0 test $? -eq 0
DIR=$(ls -d "$TMP"/red/oclgrind*/"$ID".reduced 2>/dev/null)
check reduce_writes_probe_bundle_and_log test -s "$DIR/reduced.probe" -a -s "$DIR/repro.c" -a -s "$DIR/REDUCTION.txt"

# The reduced probe, read back by clconform's own loader through a run.
"$CLCONFORM" --device oclgrind --probes "$DIR/reduced.probe" --out "$TMP/again" --quiet
check reduced_probe_still_fails_on_the_device test $? -eq 1
AGAIN=$(ls "$TMP"/again/oclgrind*.json)
check reduced_probe_is_one_input_one_output_one_statement python3 - "$AGAIN" "$REPORT" "$SRCDIR/tests/e2e" <<'PY'
import sys
sys.path.insert(0, sys.argv[3])
from report_get import load  # pooled arrays back in their records
r = load(sys.argv[1])["probes"][0]
o = load(sys.argv[2])["probes"][0]
m = o["first_mismatch"]
assert r["verdict"] == "fail", r["verdict"]
assert r["global"] == 1 and r["out_count"] == 1, (r["global"], r["out_count"])
assert len(r["inputs"]) == 1 and len(r["inputs"][0]["values"]) == 1, r["inputs"]
body = [l for l in r["source"].split("{", 1)[1].strip().strip("}").split("\n") if l.strip()]
assert len(body) == 1 and "convert_char_rtp" in body[0], body
# Same expected and same wrong value as the original's first mismatch.
assert r["expected"] == [o["expected"][m]] and r["actual"] == [o["actual"][m]], (r["expected"], r["actual"])
# The one input is one of the original's, keeping one of its values.
orig = {i["name"]: i["values"] for i in o["inputs"]}
name, value = r["inputs"][0]["name"], r["inputs"][0]["values"][0]
assert name in orig and value in orig[name], (name, value)
PY
check log_says_the_control_passed grep -q "control: .* passes" "$DIR/REDUCTION.txt"
check bundle_builds_with_cc_lOpenCL cc -o "$TMP/repro" "$DIR/repro.c" -lOpenCL -lm
"$TMP/repro" >"$TMP/repro.out" 2>&1
check bundle_reports_the_failure test $? -eq 1
check bundle_prints_fail grep -q "FAIL" "$TMP/repro.out"

"$CLCONFORM" reduce "$REPORT" --filter "no.such.probe" --out "$TMP/none" >"$TMP/none.out" 2>&1
check reduce_with_no_match_exits_nonzero test $? -ne 0
check reduce_with_no_match_says_so grep -q "no failing run probe" "$TMP/none.out"

# --reduce: one reduction per failure group, each to an element that fails
# that way (a probe failing three ways gives three one-call probes), and
# each reduced probe fails on the device again.
"$CLCONFORM" --device oclgrind --filter "$ID" --out "$TMP/run2" --reduce --quiet
R2=$(ls "$TMP"/run2/oclgrind*.json)
N_GROUPS=$(json_get "$R2" "len(r['summary']['groups'])")
DIRS=$(ls -d "$TMP"/run2/reduced/oclgrind*/*.reduced | wc -l)
check run_with_reduce_one_reduction_per_group test "$N_GROUPS" -ge 1 -a "$DIRS" -eq "$N_GROUPS"
all_fail=0
for d in "$TMP"/run2/reduced/oclgrind*/*.reduced; do
    "$CLCONFORM" --device oclgrind --probes "$d/reduced.probe" --out "$TMP/again2" --quiet
    [ $? -eq 1 ] || { echo "$d: does not fail"; all_fail=1; }
    grep -q "sentinel" "$d/reduced.probe" && { echo "$d: sentinel left in"; all_fail=1; }
done
check every_group_reduction_still_fails test "$all_fail" -eq 0
done_checks
