#!/usr/bin/env bash
# Numbers from a file are checked before use: a report
# whose out_count or work sizes no size_t can hold, or that are not whole,
# is refused by `clconform repro` with an error naming the file, the probe
# and the field, and no reproducer is written for that probe. The first
# input is the fuzz find (tests/fuzz/regress/repro/out_count-9e117.json):
# out_count 9.3e117, which the release build once turned into OUT_COUNT = 0.
source "$SRCDIR/tests/e2e/lib.sh"
FIND="$SRCDIR/tests/fuzz/regress/repro/out_count-9e117.json"

"$CLCONFORM" repro "$FIND" --out "$TMP/r" >"$TMP/find.out" 2>&1
check "out_count 9.3e117: clconform repro exits 2" test $? -eq 2
check "...naming the file, the probe and the field" \
    grep -q "out_count-9e117.json: probe e2e.bits: out_count: 9.333333333333333e+117 is not an integer in \[1, 16777216\]" "$TMP/find.out"
check "...and writes no reproducer for that probe" test ! -e "$TMP/r/pocl-e2e/e2e.bits/repro.c"

# mutate FIELD VALUE OUT: the find with e2e.bits's FIELD set to VALUE (JSON)
# and a sane out_count, so only FIELD is wrong.
mutate() {
    python3 - "$FIND" "$1" "$2" "$3" <<'PY'
import json, sys
src, field, value, out = sys.argv[1:5]
r = json.load(open(src))
for p in r["probes"]:
    if p["id"] == "e2e.bits":
        p["out_count"] = 9
        p[field] = json.loads(value)
json.dump(r, open(out, "w"), indent=1)
PY
}
for c in "out_count|0.5|out_count: 0.5 is not an integer" \
         "out_count|0|out_count: 0 is not an integer in \[1," \
         "global|1e300|global: 1e+300 is not an integer" \
         "local|[1, -1]|local\[1\]: -1 is not an integer" \
         "offset|[2.5]|offset\[0\]: 2.5 is not an integer" \
         "ulp|{\"bound\": -1, \"references\": [\"1\"]}|ulp.bound: not a number of ulp >= 0" \
         "ulp|{\"bound\": 4, \"references\": [\"1\"]}|ulp.references on a ulong output"; do
    IFS='|' read -r field value want <<<"$c"
    mutate "$field" "$value" "$TMP/m.json"
    "$CLCONFORM" repro "$TMP/m.json" --out "$TMP/m" >"$TMP/m.out" 2>&1
    rc=$?
    check "$field = $value: exit 2 (got $rc)" test $rc -eq 2
    check "...saying so: $want" grep -q "m.json: probe e2e.bits: $want" "$TMP/m.out"
done
# The control: the same report with a sane out_count writes the reproducer.
mutate out_count 9 "$TMP/ok.json"
"$CLCONFORM" repro "$TMP/ok.json" --out "$TMP/ok" >"$TMP/ok.out" 2>&1
check "out_count 9 (the control): exit 0" test $? -eq 0
check "...and OUT_COUNT 9 in repro.c" grep -q "OUT_COUNT = 9;" "$TMP/ok/pocl-e2e/e2e.bits/repro.c"
done_checks
