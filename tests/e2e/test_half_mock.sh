#!/usr/bin/env bash
# The half family (probes/half-precision-floating-point) where no local driver
# lists cl_khr_fp16: every kernel compiles under clang-15 with the extension;
# every local device skips every probe, naming cl_khr_fp16; and on PoCL, with
# float standing in for half (feature_mocks/half_as_float.cl), the probes a
# round-to-nearest device runs all pass, while a mock that rounds toward zero
# fails exactly the correctly rounded ones whose result is not a half.
# The half forms of the other families (sub-group collectives, cl_intel_subgroups'
# shuffles, cl_ext_float_atomics on atomic_half, write_imageh to 3D images;
# halves as ushort bits) run
# the same way on PoCL with those families' mocks behind the half one
# (mock_probes.py half): all pass, and all but the load/store ones fail with
# a wrong identity, moved values changed, sub adding / min and max swapped, and
# write_imageh writing the color reversed.
source "$SRCDIR/tests/e2e/lib.sh"
HALF="$SRCDIR/probes/half-precision-floating-point"
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
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/ext-$mode" half $mode
        "$CLCONFORM" --probes "$TMP/ext-$mode" --device portable-computing-language \
            --out "$TMP/ext-out-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/ext-out-right/portable*.json | head -1)
    check "the half forms of sub-groups, intel shuffles, float atomics and 3D image writes pass with float for half (15; 3 need generic)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 15 -a \
        "$(jq '[.probes[]|select(.verdict=="skip" and .detail=="device lacks __opencl_c_generic_address_space")]|length' "$j")" = 3
    j=$(ls "$TMP"/ext-out-wrong/portable*.json | head -1)
    check "and all but the two load/store ones fail with the wrong mocks (13)" \
        test "$(jq -c '[.probes[]|select(.verdict=="pass")|.id]|sort' "$j")" = \
        '["atomic-float.load-store.fp16.local","atomic-float.load-store.fp16.local-forms"]' -a \
        "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 13
fi
if command -v clang-15 >/dev/null 2>&1; then
    check "every half kernel of the sub-group and float-atomic families compiles (clang-15, cl_khr_fp16)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 \
        "$SRCDIR/probes/sub-group-functions/collectives-half.probe" \
        "$SRCDIR/probes/sub-group-functions/intel-shuffle.probe" \
        "$SRCDIR/probes/atomic-functions-c11/float-atomics.probe"
fi
done_checks
