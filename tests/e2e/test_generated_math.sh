#!/usr/bin/env bash
# The math family: the committed probes and references are exactly what
# scripts/math/gen_math.c writes; an ulp probe is judged end to end (a pass
# keeps its largest error, a fail names the element, its input and its
# error); a bad expect_ulp stops the run naming file and line.
. "$(dirname "$0")/lib.sh"

check "math probes and references match the generator" make -s -C "$SRCDIR" check-math-generated

cat > "$TMP/ulp.probe" <<'P'
[probe t.ulp.pass]
clause = 7.4
kind = run
out = float[2]
expect_ulp = 1
input x = float: 3 0.5
global = 2
expect = 0x1.5555555555555p-2 =2
body = <<END
    size_t i = get_global_id(0);
    out[i] = i == 0 ? 1.0f / x[i] : 2.0f;
END

[probe t.ulp.fail]
clause = 7.4
kind = run
out = float[2]
expect_ulp = 1
input x = float: 3 0.5
global = 2
expect = 0x1.5555555555555p-2 -0
body = <<END
    size_t i = get_global_id(0);
    out[i] = i == 0 ? 0.3334f : 0.0f;
END
P

if "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    check "ulp probes run" bash -c '"$0" --device oclgrind --probes "$1" --out "$2" >/dev/null 2>&1; [ $? -eq 1 ]' \
        "$CLCONFORM" "$TMP/ulp.probe" "$TMP/out"
    rep=$(ls "$TMP"/out/oclgrind*.json 2>/dev/null | head -n 1)
    q() { json_get "$rep" "[p for p in r['probes'] if p['id'] == '$1'][0]$2"; }
    check "a pass keeps its largest error" test "$(q t.ulp.pass "['ulp']['max_error'] <= 0.5")" = True
    check "a pass is a pass" test "$(q t.ulp.pass "['verdict']")" = pass
    check "1 ulp away from 1/3 with +0 for -0 fails" test "$(q t.ulp.fail "['verdict']")" = fail
    check "the failing elements are listed with their input bits" \
        test "$(q t.ulp.fail "['ulp']['failures'][1]['inputs'][0]")" = "0.5 (0x3f000000)"
    check "and their error" test "$(q t.ulp.fail "['ulp']['failures'][0]['ulp'] > 1")" = True
    check "the device page shows the error table" grep -q "largest error per probe" "${rep%.json}.html"
else
    echo "ok - ulp end to end: skipped, no Oclgrind device here"
fi

printf '[probe t.bad]\nclause = 7.4\nkind = run\nout = float[1]\nexpect_ulp = lots\nexpect = 1\nbody = out[0] = 1.0f;\n' \
    > "$TMP/bad.probe"
bad() {
    "$CLCONFORM" --all-devices --probes "$TMP/bad.probe" --out "$TMP/bad" >"$TMP/bad.txt" 2>&1
    [ $? -eq 2 ] && grep -q "bad.probe:5" "$TMP/bad.txt"
}
check "a bad expect_ulp is an input error naming file and line" bad

done_checks
