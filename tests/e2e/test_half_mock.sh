#!/usr/bin/env bash
# The half family (probes/6.1.1.1-half-precision) where no local driver
# lists cl_khr_fp16: every kernel compiles under clang-15 with the extension;
# every local device skips every probe, naming cl_khr_fp16; and on PoCL, with
# float standing in for half (feature_mocks/half_as_float.cl), the probes a
# round-to-nearest device runs all pass, while a mock that rounds toward zero
# fails exactly the correctly rounded ones whose result is not a half.
source "$SRCDIR/tests/e2e/lib.sh"
HALF="$SRCDIR/probes/6.1.1.1-half-precision"
if command -v clang-15 >/dev/null 2>&1; then
    # shellcheck disable=SC2046
    check "every half kernel compiles (clang-15, spir64, cl_khr_fp16)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 $(find "$HALF" -name '*.probe')
fi
devices=$("$CLCONFORM" --list 2>/dev/null)
if grep -q portable-computing-language <<<"$devices"; then
    "$CLCONFORM" --probes "$HALF" --device portable-computing-language --out "$TMP/plain" >/dev/null 2>&1
    j=$(ls "$TMP"/plain/portable*.json | head -1)
    n=$(grep -c '^\[probe ' "$HALF"/*.probe | awk -F: '{s += $2} END {print s}')
    check "PoCL, which lacks cl_khr_fp16, skips all $n, naming it" \
        test "$(jq '[.probes[]|select(.verdict=="skip" and (.detail|test("cl_khr_fp16")))]|length' "$j")" = "$n"
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_half.py" "$SRCDIR" "$TMP/mock-$mode" $mode
        "$CLCONFORM" --probes "$TMP/mock-$mode" --device portable-computing-language \
            --out "$TMP/out-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-right/portable*.json | head -1)
    m=$(grep -c '^\[probe ' "$TMP"/mock-right/*.probe | awk -F: '{s += $2} END {print s}')
    check "with float standing in for half, all $m round-to-nearest probes pass" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = "$m"
    j=$(ls "$TMP"/out-wrong/portable*.json | head -1)
    check "a mock rounding toward zero fails +, -, * (scalar and half4) and the default conversions (8)" \
        test "$(jq -c '[.probes[]|select(.verdict=="fail")|.id]|sort' "$j")" = \
        '["half.add.half.rte","half.add.half4.rte","half.convert_half.float.rte","half.implicit.float.rte","half.mul.half.rte","half.mul.half4.rte","half.sub.half.rte","half.sub.half4.rte"]'
fi
done_checks
