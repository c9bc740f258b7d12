#!/usr/bin/env bash
# A probe judged in ulp, end to end on this machine's PoCL: PoCL 3.1
# returns inf for exp(709.78...) where the result is
# finite (4 of math.exp.double's 1008 elements, up to 3,290 ulp off; 7.4
# allows 3). The reproducer `clconform repro` writes judges in ulp, so it
# fails exactly those 4 elements, not every element that is not correctly
# rounded; `clconform reduce` reduces the probe to its first failing
# element, still judged in ulp, and the reduced probe still fails.
. "$SRCDIR/tests/e2e/lib.sh"
ID=math.exp.double
if ! clinfo -l 2>/dev/null | grep -q pthread; then
    echo "ok - repro_ulp_e2e # SKIP no PoCL device"
    done_checks
fi
"$CLCONFORM" --device pthread --filter "$ID" --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/*pthread*.json | head -n 1)
if ! json_get "$REPORT" "r['probes'][0]['verdict']" | grep -qx fail; then
    echo "ok - repro_ulp_e2e # SKIP $ID passes on this PoCL: nothing to reproduce"
    done_checks
fi
# The report's failing elements and verdict line, as the reproducer must give them.
json_get "$REPORT" "' '.join(str(f['index']) for f in r['probes'][0]['ulp']['failures'])" >"$TMP/want.idx"
json_get "$REPORT" "r['probes'][0]['detail'].split(', input')[0]" >"$TMP/want.line"
check "the record keeps one reference per element" json_get "$REPORT" \
    "len(r['probes'][0]['ulp']['references']) == r['probes'][0]['out_count'] or exit(1)"

"$CLCONFORM" repro "$REPORT" --out "$TMP/rp" >/dev/null
D=$(ls -d "$TMP"/rp/*/"$ID")
check "repro.c builds as C99 without a warning" \
    bash -c "cd '$D' && cc -std=c99 -Wall -Wextra -Werror repro.c -lOpenCL -lm -o repro"
(cd "$D" && ./repro >"$TMP/repro.out" 2>&1)
check "the reproducer fails on the device (exit 1)" test $? -eq 1
check "...with the report's verdict line: $(cat "$TMP/want.line")" grep -qF "FAIL: $(cat "$TMP/want.line")" "$TMP/repro.out"
sed -n 's/^out\[\([0-9]*\)\]: expected.*/\1/p' "$TMP/repro.out" | tr '\n' ' ' | sed 's/ $//' >"$TMP/got.idx"
check "...and exactly the report's failing elements ($(cat "$TMP/want.idx"))" \
    test "$(cat "$TMP/got.idx")" = "$(cat "$TMP/want.idx")"
check "README.txt says repro.c judges in ulp" grep -q "repro.c judges as clconform" "$D/README.txt"

"$CLCONFORM" reduce "$REPORT" --filter "$ID" --out "$TMP/red" >"$TMP/red.out" 2>&1
check "clconform reduce reduces a probe judged in ulp (exit $?)" test $? -eq 0
R=$(ls -d "$TMP"/red/*/"$ID".reduced 2>/dev/null)
check "...writing the probe, its reproducer and the log" test -s "$R/reduced.probe" -a -s "$R/repro.c" -a -s "$R/REDUCTION.txt"
check "...the reduced probe is judged in ulp, with the original's bound" grep -qx "expect_ulp = 3" "$R/reduced.probe"
"$CLCONFORM" --device pthread --probes "$R/reduced.probe" --out "$TMP/again" --quiet --no-register
check "the reduced probe still fails on the device" test $? -eq 1
AGAIN=$(ls "$TMP"/again/*pthread*.json | head -n 1)
check "...on its one judged element, by the same value" json_get "$AGAIN" \
    "r['probes'][0]['ulp']['beyond'] == 1 and r['probes'][0]['ulp']['failures'][0]['actual'].startswith('inf') or exit(1)"
done_checks
