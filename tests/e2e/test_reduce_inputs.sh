#!/usr/bin/env bash
# The reducer shrinks the inputs too: Oclgrind's clamp(char2, char, char)
# gives a wrong value (0) in component 1 of each pair (6.12.3: clamp returns
# min(max(x, minval), maxval)). The 50-call, 100-element probe
# intfn.clamp.char2-char.runtime is cut to the one loop iteration that
# writes its first wrong element: one call, clamp((char2)(-128, -128),
# (char)-128, (char)-128), two outputs; the reduced probe and its repro.c
# still fail on Oclgrind with the report's value.
. "$SRCDIR/tests/e2e/lib.sh"
ID=intfn.clamp.char2-char.runtime

if ! clinfo -l 2>/dev/null | grep -q "Oclgrind"; then
    echo "ok - reduce_inputs # SKIP no Oclgrind device"
    done_checks
fi
(cd "$SRCDIR" && "$CLCONFORM" --device oclgrind --filter "$ID" --out "$TMP/run" --quiet)
REPORT=$(ls "$TMP"/run/oclgrind*.json)
if ! json_get "$REPORT" "r['probes'][0]['verdict']" | grep -qx fail; then
    echo "ok - reduce_inputs # SKIP $ID passes on this Oclgrind: nothing to reduce"
    done_checks
fi
(cd "$SRCDIR" && "$CLCONFORM" reduce "$REPORT" --filter "$ID" --out "$TMP/red" >"$TMP/red.out" 2>&1)
check reduce_exits_0 test $? -eq 0
DIR=$(ls -d "$TMP"/red/oclgrind*/"$ID".reduced 2>/dev/null)
check log_says_the_inputs_were_cut grep -q "inputs: cut to loop iteration 0 of 50" "$DIR/REDUCTION.txt"
check reduced_probe_why_names_the_call grep -qF "its operands as values: vstore2(clamp((char2)(-128, -128), (char)-128, (char)-128), i, out);" "$DIR/reduced.probe"
check log_names_the_call grep -qF "i.e. vstore2(clamp((char2)(-128, -128), (char)-128, (char)-128), i, out);" "$DIR/REDUCTION.txt"

"$CLCONFORM" --device oclgrind --probes "$DIR/reduced.probe" --out "$TMP/again" --quiet
check reduced_probe_still_fails test $? -eq 1
AGAIN=$(ls "$TMP"/again/oclgrind*.json)
check reduced_probe_is_the_one_failing_call python3 - "$AGAIN" "$REPORT" <<'PY'
import sys
from report_get import load
r = load(sys.argv[1])["probes"][0]
o = load(sys.argv[2])["probes"][0]
ins = {i["name"]: [int(v) for v in i["values"]] for i in r["inputs"]}
# One call's operands: the char2 x and the scalar minval and maxval.
assert ins == {"a": [-128, -128], "b": [-128], "c": [-128]}, ins
assert r["out_count"] == 2 and r["global"] == 1, (r["out_count"], r["global"])
# The expected value from 6.12.3's rule, not from any device.
x, lo, hi = ins["a"][1], ins["b"][0], ins["c"][0]
want = min(max(x, lo), hi)
assert want == -128
assert r["verdict"] == "fail" and r["first_mismatch"] == 1, (r["verdict"], r.get("first_mismatch"))
assert int(r["expected"][1]) == want, r["expected"]
# The same wrong value as the original's first mismatch (0 in a plain
# build; Oclgrind's wrong lane has read other values under ASan).
assert r["actual"][1] == o["actual"][o["first_mismatch"]] != "-128", (r["actual"], o["actual"][o["first_mismatch"]])
body = [l.strip() for l in r["source"].split("{", 1)[1].rsplit("}", 1)[0].split("\n") if l.strip()]
assert body == ["size_t i = get_global_id(0);", "vstore2(clamp(vload2(i, a), b[i], c[i]), i, out);"], body
PY
check repro_c_builds cc -o "$TMP/repro" "$DIR/repro.c" -lOpenCL -lm
"$TMP/repro" >"$TMP/repro.out" 2>&1
check repro_c_still_fails_as_reported test $? -eq 1
check repro_c_names_the_wrong_element grep -q "out\[1\]: expected -128, got " "$TMP/repro.out"
check repro_c_carries_one_call_of_inputs python3 - "$DIR/repro.c" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
sizes = re.findall(r"static const int8_t input_\d\[(\d+)\]", src)
assert sizes == ["2", "1", "1"], sizes
assert "OUT_COUNT = 2;" in src
PY
done_checks
