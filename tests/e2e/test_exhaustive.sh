#!/usr/bin/env bash
# clconform --exhaustive conversions on PoCL's CPU device, on a stated
# subset (--exhaustive-stride, --filter) so that it stays quick: the report
# names every selected function with inputs checked, unjudged inputs,
# mismatches and throughput; the exit code says whether anything
# mismatched; mismatches come back with input, actual and expected; bad
# arguments exit 2. (The device reference itself is checked against
# convref.c by tests/unit/test_exhaustive_ref.c.)
. "$(dirname "$0")/lib.sh"
SEL=${CLC_POCL_DEVICE:-pthread}

check "--exhaustive with an unknown family exits 2" \
    sh -c '"$0" --device pthread --exhaustive floats >/dev/null 2>&1; test $? -eq 2' "$CLCONFORM"
if ! "$CLCONFORM" --list 2>/dev/null | grep -qi -- "$SEL"; then
    echo "ok - exhaustive tests skipped: no device matching '$SEL' (# SKIP)"
    done_checks
fi
check "--filter matching no function exits 2" \
    sh -c '"$0" --device "$1" --exhaustive conversions --filter nothing* --out "$2" >/dev/null 2>&1; test $? -eq 2' \
    "$CLCONFORM" "$SEL" "$TMP/none"

"$CLCONFORM" --device "$SEL" --exhaustive conversions --exhaustive-stride 65537 \
    --filter 'convert_int*(float)' --filter 'convert_float_rt?(uint)' --out "$TMP/x" >"$TMP/x.out" 2>&1
rc=$?
R=$(ls "$TMP"/x/*.exhaustive.json 2>/dev/null | head -n 1)
check "exhaustive report written" test -n "$R"
if [ -n "$R" ]; then
    check "14 functions: convert_int* x 10 and convert_float_rt?(uint) x 4" \
        test "$(json_get "$R" "len(r['functions'])")" = 14
    check "stride 65537 covers 65536 inputs per function" \
        test "$(json_get "$R" "(r['stride'], sorted(set(f['inputs'] for f in r['functions'])))")" = "(65537, [65536])"
    check "each function has inputs, unjudged, mismatches, seconds, throughput" json_get "$R" \
        "[f[k] for f in r['functions'] for k in ('inputs','unjudged','mismatches','seconds','inputs_per_s')]"
    check "without _sat, out-of-range inputs are not judged; with _sat all are" test "$(json_get "$R" \
        "(min(f['unjudged'] for f in r['functions'] if '_sat' not in f['function'] and '(float)' in f['function']) > 0, max(f['unjudged'] for f in r['functions'] if '_sat' in f['function']))")" = "(True, 0)"
    mism=$(json_get "$R" "sum(f['mismatches'] for f in r['functions'])")
    check "exit code $rc matches the mismatch count $mism" test "$rc" -eq "$([ "$mism" = 0 ] && echo 0 || echo 1)"
    check "every reported mismatch has input, actual, expected" json_get "$R" \
        "[m['input'] + m['actual'] + m['expected'] for f in r['functions'] for m in f['first_mismatches']]"
fi
check "a table per function is printed" grep -q 'convert_int_sat_rtn(float)' "$TMP/x.out"
done_checks
