#!/usr/bin/env bash
# Optional features: work-group collectives, sub-groups, float
# atomics, pipes and device-side enqueue. The reference against its hand-worked table; the generated kernels
# against clang's OpenCL front end (clang 15 or newer declares the 3.0
# feature-gated built-ins; skipped without it); on Oclgrind (OpenCL 1.2) every
# probe skipped with its reason; and, on PoCL, the sub-group probes' in-kernel
# reference loops run with a mock of the built-ins (sub-groups of one
# work-item): they pass with correct answers and fail with a wrong identity,
# and the probes of the functions that move values (the shuffles and
# broadcasts, on every type, cl_intel_subgroups' among them) fail when the
# mock changes the value moved; the work-group probes (their OpenCL C 2.0
# twins) and the fp32 float-atomic probes (every form; the generic-pointer
# ones skip without the generic address space) pass with mocks built from
# program-scope scratch memory and from a compare-exchange loop, and the
# float atomics fail with a mock whose sub adds and whose min is max;
# cl_intel_subgroups' block reads and writes pass with a strided mock of
# four-item sub-groups and fail with a side-by-side one; its image block
# reads and writes pass with one-item sub-groups and fail with rows reversed.
source "$SRCDIR/tests/e2e/lib.sh"
FAMS="$SRCDIR/probes/work-group-collective-functions $SRCDIR/probes/sub-group-functions
      $SRCDIR/probes/pipe-functions $SRCDIR/probes/enqueuing-kernels"
check "collectives reference matches its hand-worked table" python3 "$SRCDIR/scripts/features/test_collref.py"
if command -v clang-15 >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    check "every generated collective, sub-group, float-atomic, pipe and enqueue kernel compiles (clang-15, spir64)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 \
        $(find $FAMS -name '*.probe') "$SRCDIR/probes/atomic-functions-c11/float-atomics.probe"
fi
devices=$("$CLCONFORM" --list 2>/dev/null)
if grep -q oclgrind <<<"$devices"; then
    out="$TMP/ocl"
    # shellcheck disable=SC2046
    "$CLCONFORM" $(for f in $FAMS "$SRCDIR/probes/atomic-functions-c11/float-atomics.probe"; do echo --probes "$f"; done) \
        --device Oclgrind --out "$out" >/dev/null 2>&1
    j=$(ls "$out"/oclgrind*.json 2>/dev/null | head -1)
    check "an OpenCL 1.2 device runs none of them" \
        test "$(jq '[.probes[]|select(.verdict!="skip")]|length' "$j")" = 0
    # (cl_intel_subgroups is written for OpenCL C 1.2: its probes name the extension)
    check "each skip names the missing OpenCL C version, or cl_intel_subgroups" \
        test "$(jq '[.probes[]|select(((.detail|test("^device lacks cl_std_[23].0$")) or
            ((.id|startswith("sub-group.intel-")) and .detail == "device lacks cl_intel_subgroups"))|not)]|length' "$j")" = 0
    # shellcheck disable=SC2046
    n=$(cat $(find $FAMS -name '*.probe') "$SRCDIR/probes/atomic-functions-c11/float-atomics.probe" | grep -c '^\[probe ')
    check "every probe of the families is in the report ($n)" test "$(jq '.probes|length' "$j")" = "$n"
fi
if grep -q portable-computing-language <<<"$devices"; then
    for mode in right wrong wrong-moves; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-$mode" subgroups $mode
        "$CLCONFORM" --probes "$TMP/mock-$mode" --filter 'sub-group.*.wg7.*' --device portable-computing-language \
            --out "$TMP/out-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-right/portable*.json | head -1)
    check "with one-item sub-groups every in-kernel reference agrees (19 probes pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 19
    j=$(ls "$TMP"/out-wrong/portable*.json | head -1)
    check "a wrong exclusive-min identity fails every collectives probe (bit 128)" \
        test "$(jq '[.probes[]|select(.verdict=="fail" and (.id|startswith("sub-group.collectives.")) and (.detail|test("got 128")))]|length' "$j")" = 6
    check "and nothing else" test "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 6
    j=$(ls "$TMP"/out-wrong-moves/portable*.json | head -1)
    check "a mock that changes the values it moves fails every shuffle and broadcast probe (5 + 5)" \
        test "$(jq '[.probes[]|select(.verdict=="fail" and (.id|test("^sub-group\\.(shuffle|ballot)\\.")))]|length' "$j")" = 10
    check "and nothing else (the masks, barrier, layout and collectives pass)" \
        test "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 10 -a \
        "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 9
    for mode in right wrong-moves; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-is-$mode" intelshuffle $mode
        "$CLCONFORM" --probes "$TMP/mock-is-$mode" --filter '*.wg7' --device portable-computing-language \
            --out "$TMP/out-is-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-is-right/portable*.json | head -1)
    check "cl_intel_subgroups' shuffles on every type hold with one-item sub-groups (14 pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 14
    j=$(ls "$TMP"/out-is-wrong-moves/portable*.json | head -1)
    check "and all 14 fail when the mock changes the values it moves" \
        test "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 14
    python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-wg" workgroup
    "$CLCONFORM" --probes "$TMP/mock-wg" --device portable-computing-language --out "$TMP/out-wg" >/dev/null 2>&1
    j=$(ls "$TMP"/out-wg/portable*.json | head -1)
    check "the work-group probes' values hold with a scratch-memory mock (every cl2.0 twin passes)" \
        test "$(jq '[.probes[]|select(.verdict!="pass")]|length' "$j")" = 0 -a "$(jq '.probes|length' "$j")" -gt 20
    # One probe a kernel (--group 1): PoCL 3.1 loses the last store of the
    # probes on a global object when their functions share a dispatch kernel
    # (with the mock's compare-exchange loop; each passes alone).
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-fa-$mode" fpatomics $mode
        "$CLCONFORM" --probes "$TMP/mock-fa-$mode" --group 1 --device portable-computing-language \
            --out "$TMP/out-fa-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-fa-right/portable*.json | head -1)
    check "the fp32 float-atomic kernels and values hold with a compare-exchange mock (10 pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass" and (.id|test("generic")|not))]|length' "$j")" = 10
    check "the generic-pointer ones skip on a device without the generic address space, or pass" \
        test "$(jq '[.probes[]|select((.id|test("generic")) and .verdict != "pass" and .detail != "device lacks __opencl_c_generic_address_space")]|length' "$j")" = 0
    j=$(ls "$TMP"/out-fa-wrong/portable*.json | head -1)
    check "a mock whose sub adds and whose min is max fails every fetch probe (8), not load/store" \
        test "$(jq '[.probes[]|select(.verdict=="fail" and (.id|test("load-store|generic")|not))]|length' "$j")" = 8 -a \
        "$(jq '[.probes[]|select(.verdict=="pass" and (.id|test("generic")|not))]|length' "$j")" = 2
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-ib-$mode" intelblock $mode
        "$CLCONFORM" --probes "$TMP/mock-ib-$mode" --device portable-computing-language \
            --out "$TMP/out-ib-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-ib-right/portable*.json | head -1)
    check "cl_intel_subgroups' block reads and writes hold with a strided four-item mock (2 pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 2
    j=$(ls "$TMP"/out-ib-wrong/portable*.json | head -1)
    check "a mock that lays each work-item's values side by side fails both (read2/4/8 bits 14)" \
        test "$(jq '[.probes[]|select(.verdict=="fail" and (.detail|test("got 14")))]|length' "$j")" = 2
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-ii-$mode" intelimage $mode
        "$CLCONFORM" --probes "$TMP/mock-ii-$mode" --device portable-computing-language \
            --out "$TMP/out-ii-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-ii-right/portable*.json | head -1)
    check "cl_intel_subgroups' image block reads and writes hold with one-item sub-groups (2 pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 2
    j=$(ls "$TMP"/out-ii-wrong/portable*.json | head -1)
    check "and both fail when the mock reverses a block's rows" \
        test "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 2
fi
done_checks
