#!/usr/bin/env bash
# The math family: the committed probes and references are exactly what
# scripts/math/gen_math.c writes; an ulp probe is judged end to end (a pass
# keeps its largest error, a fail names the element, its input and its
# error); a bad expect_ulp stops the run naming file and line.
. "$(dirname "$0")/lib.sh"

check "math probes and references match the generator" make -s -C "$SRCDIR" check-math-generated

# Only the values C99 F.9 or the unified spec's list prescribe for that
# function are exact (`=`); the element order of the inputs is the
# generator's: x = 0, -0, inf, -inf, nan, ... (geometric: the zero vector,
# then the -0 one).
M=$SRCDIR/probes/math-functions/float
G=$SRCDIR/probes/geometric-functions/float
ref_line() { grep -v '^#' "$1" | sed -n "${2}p"; }
check "normalize of a zero vector is v, sign included (prescribed)" \
    test "$(ref_line "$G/normalize1.ref" 2)" = "=-0"
check "fast_normalize of a zero vector is only within its bound (not prescribed)" \
    test "$(ref_line "$G/fast_normalize1.ref" 2)" = "-0x0p+0"
check "sin(-0) is -0 exactly (F.9.1.6)" test "$(ref_line "$M/sin.ref" 2)" = "=-0"
check "acospi(0) = 0.5 is not on the list: judged in ulp" test "$(ref_line "$M/acospi.ref" 1)" = "0x1p-1"
check "erfc(0) = 1 is not in F.9.5.2: judged in ulp" test "$(ref_line "$M/erfc.ref" 1)" = "0x1p+0"
check "exp10(0) = 1 is not on the list: judged in ulp" test "$(ref_line "$M/exp10.ref" 1)" = "0x1p+0"
check "exp(0) = 1 is (F.9.3.1)" test "$(ref_line "$M/exp.ref" 1)" = "=0x1p+0"
# The sign of a zero is judged only where a rule fixes it (ledger
# math-zero-sign): nextafter(0, -0) is either zero, fma's and fmod's are not.
check "nextafter(0, -0) passes with either zero (no rule fixes its sign)" \
    test "$(ref_line "$M/nextafter.ref" 2)" = "-0x0p+0"
check "nextafter(+0, y > 0) may be FLT_MIN on a device without denormals" \
    test "$(ref_line "$M/nextafter.ref" 3)" = "=0x1p-149|ftz:=0x1p-126"
check "floor(-0) is -0 exactly (F.9.6.2)" test "$(ref_line "$M/floor.ref" 2)" = "=-0"
check "no generated reference judges a zero's sign the ledger leaves open" \
    python3 "$SRCDIR/scripts/math/check_zero_signs.py" "$SRCDIR"
open_sign_caught() {
    local d=$TMP/zs
    mkdir -p "$d/docs" "$d/probes/math-functions/float"
    cp "$SRCDIR/docs/spec-readings.md" "$d/docs/"
    printf '[defaults]\nexpect_file = floor.ref\ninput x = float: 0.5 -0\n[probe math.floor.float]\n' \
        >"$d/probes/math-functions/float/floor.probe"
    printf '# floor(float): reference\n=0\n=-0\n' >"$d/probes/math-functions/float/floor.ref"
    ! python3 "$SRCDIR/scripts/math/check_zero_signs.py" "$d" 2>"$TMP/zs.err" &&
        grep -q 'floor.ref:2: floor(0.5' "$TMP/zs.err" && ! grep -q 'floor.ref:3' "$TMP/zs.err"
}
check "the zero-sign check names an open sign (floor(0.5) = +0) and passes a fixed one (floor(-0))" open_sign_caught
half_ftz() {
    local n
    n=$(grep -c '^\[probe math\.half_' "$M"/*.probe | awk -F: '{s += $2} END {print s}')
    [ "$n" -gt 0 ] && [ "$(grep -A12 '^\[probe math\.half_' "$M"/*.probe | grep -c 'flush_to_zero = allowed')" -eq "$n" ]
}
check "every half_ probe may flush whatever CL_FP_DENORM says (Math Functions)" half_ftz

# The overloads (scripts/math/gen_math_overloads.c).
check "lgamma_r's signp is 0 at -0 (7.5.1), its result not judged" \
    test "$(ref_line "$M/lgamma_r-signp.ref" 1010)/$(ref_line "$M/lgamma_r-signp.ref" 2)" = "=0/*"
check "remquo's quo keeps seven bits: the kernels mask with 127" \
    test "$(grep -c '& 127u\|(uint)127' "$M/remquo.probe")" -eq "$(grep -c '^\[probe math.remquo' "$M/remquo.probe")"
scalar_per_48() {
    python3 - "$1" "$2" <<'PY'
import sys
toks = next(l for l in open(sys.argv[1]) if l.startswith("input %s =" % sys.argv[2])).split(":", 1)[1].split()
sys.exit(any(len(set(toks[g:g + 48])) != 1 for g in range(0, len(toks), 48)))
PY
}
check "fmax(floatn, float) inputs hold y constant over each 48 elements" scalar_per_48 "$M/fmax-scalar.probe" y
check "ldexp(floatn, int) inputs hold k constant over each 48 elements" scalar_per_48 "$M/ldexp-scalar.probe" n

cat > "$TMP/ulp.probe" <<'P'
[probe t.ulp.pass]
spec = OpenCL C (unified): Relative Error as ULPs
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
spec = OpenCL C (unified): Relative Error as ULPs
kind = run
out = float[2]
expect_ulp = 1
input x = float: 3 0.5
global = 2
expect = 0x1.5555555555555p-2 =-0
body = <<END
    size_t i = get_global_id(0);
    out[i] = i == 0 ? 0.3334f : 0.0f;
END

[probe t.ulp.zero]
spec = OpenCL C (unified): Relative Error as ULPs
kind = run
out = float[1]
expect_ulp = 1
expect = -0
body = out[0] = 0.0f;

[probe t.ulp.mayflush]
spec = OpenCL C (unified): Relative Error as ULPs
kind = run
out = float[1]
expect_ulp = 1
flush_to_zero = allowed
expect = 0.25
body = out[0] = 0.5f;
P

if "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    check "ulp probes run" bash -c '"$0" --device oclgrind --probes "$1" --out "$2" >/dev/null 2>&1; [ $? -eq 1 ]' \
        "$CLCONFORM" "$TMP/ulp.probe" "$TMP/out"
    rep=$(ls "$TMP"/out/oclgrind*.json 2>/dev/null | head -n 1)
    q() { json_get "$rep" "[p for p in r['probes'] if p['id'] == '$1'][0]$2"; }
    check "a pass keeps its largest error" test "$(q t.ulp.pass "['ulp']['max_error'] <= 0.5")" = True
    check "a pass is a pass" test "$(q t.ulp.pass "['verdict']")" = pass
    check "1 ulp away from 1/3 with +0 for a prescribed -0 fails" test "$(q t.ulp.fail "['verdict']")" = fail
    check "+0 for a zero nothing prescribes passes (the ulp measure does not see its sign)" \
        test "$(q t.ulp.zero "['verdict']")" = pass
    check "the failing elements are listed with their input bits" \
        test "$(q t.ulp.fail "['ulp']['failures'][1]['inputs'][0]")" = "0.5 (0x3f000000)"
    check "and their error" test "$(q t.ulp.fail "['ulp']['failures'][0]['ulp'] > 1")" = True
    check "the device page shows the error table" grep -q "largest error per probe" "${rep%.json}.html"
    # flush_to_zero = allowed (the half_ functions) is said as the reason,
    # not the device's CL_FP_DENORM, on a device that has it.
    if [ "$(json_get "$rep" "'denorm' in r['device']['single_fp_config']")" = True ]; then
        check "a probe that may flush says why: the probe" \
            test "$(q t.ulp.mayflush "['ulp'].get('flush_because')")" = probe
        check "a probe that may not flush gives no reason" \
            test "$(q t.ulp.fail "['ulp'].get('flush_because')")" = None
        check "its card says the half_ functions may flush, not 'no CL_FP_DENORM'" \
            grep -q "the half_ functions may, whatever CL_FP_DENORM says" "${rep%.json}.html"
    fi
else
    echo "ok - ulp end to end: skipped, no Oclgrind device here"
fi

printf '[probe t.bad]\nspec = OpenCL C (unified): Relative Error as ULPs\nkind = run\nout = float[1]\nexpect_ulp = lots\nexpect = 1\nbody = out[0] = 1.0f;\n' \
    > "$TMP/bad.probe"
bad() {
    "$CLCONFORM" --all-devices --probes "$TMP/bad.probe" --out "$TMP/bad" >"$TMP/bad.txt" 2>&1
    [ $? -eq 2 ] && grep -q "bad.probe:5" "$TMP/bad.txt"
}
check "a bad expect_ulp is an input error naming file and line" bad

done_checks
