#!/usr/bin/env bash
# Issue 17, optional features: work-group collectives, sub-groups, float
# atomics, pipes and device-side enqueue. The reference against its hand-worked table; the generated kernels
# against clang's OpenCL front end (clang 15 or newer declares the 3.0
# feature-gated built-ins; skipped without it); on Oclgrind (OpenCL 1.2) every
# probe skipped with its reason; and, on PoCL, the sub-group probes' in-kernel
# reference loops run with a mock of the built-ins (sub-groups of one
# work-item): they pass with correct answers and fail with a wrong identity;
# the work-group probes (their OpenCL C 2.0 twins) and the fp32 float-atomic
# probes pass with mocks built from program-scope scratch memory and from a
# compare-exchange loop; cl_intel_subgroups' block reads and writes pass with
# a strided mock of four-item sub-groups and fail with a side-by-side one.
source "$SRCDIR/tests/e2e/lib.sh"
FAMS="$SRCDIR/probes/6.15.16-work-group-collective-functions $SRCDIR/probes/6.15.20-sub-group-functions
      $SRCDIR/probes/6.15.18-pipe-functions $SRCDIR/probes/6.15.19-enqueuing-kernels"
check "collectives reference matches its hand-worked table" python3 "$SRCDIR/scripts/features/test_collref.py"
if command -v clang-15 >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    check "every generated collective, sub-group, float-atomic, pipe and enqueue kernel compiles (clang-15, spir64)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 \
        $(find $FAMS -name '*.probe') "$SRCDIR/probes/6.15.12-atomic-functions-c11/float-atomics.probe"
fi
devices=$("$CLCONFORM" --list 2>/dev/null)
if grep -q oclgrind <<<"$devices"; then
    out="$TMP/ocl"
    # shellcheck disable=SC2046
    "$CLCONFORM" $(for f in $FAMS "$SRCDIR/probes/6.15.12-atomic-functions-c11/float-atomics.probe"; do echo --probes "$f"; done) \
        --device Oclgrind --out "$out" >/dev/null 2>&1
    j=$(ls "$out"/oclgrind*.json 2>/dev/null | head -1)
    check "an OpenCL 1.2 device runs none of them" \
        test "$(jq '[.probes[]|select(.verdict!="skip")]|length' "$j")" = 0
    # (cl_intel_subgroups is written for OpenCL C 1.2: its probes name the extension)
    check "each skip names the missing OpenCL C version, or cl_intel_subgroups" \
        test "$(jq '[.probes[]|select(((.detail|test("^device lacks cl_std_[23].0$")) or
            ((.id|startswith("sub-group.intel-")) and .detail == "device lacks cl_intel_subgroups"))|not)]|length' "$j")" = 0
    # shellcheck disable=SC2046
    n=$(cat $(find $FAMS -name '*.probe') "$SRCDIR/probes/6.15.12-atomic-functions-c11/float-atomics.probe" | grep -c '^\[probe ')
    check "every probe of the families is in the report ($n)" test "$(jq '.probes|length' "$j")" = "$n"
fi
if grep -q portable-computing-language <<<"$devices"; then
    for mode in right wrong; do
        python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-$mode" subgroups $mode
        "$CLCONFORM" --probes "$TMP/mock-$mode" --filter 'sub-group.*.wg7.*' --device portable-computing-language \
            --out "$TMP/out-$mode" >/dev/null 2>&1
    done
    j=$(ls "$TMP"/out-right/portable*.json | head -1)
    check "with one-item sub-groups every in-kernel reference agrees (11 probes pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 11
    j=$(ls "$TMP"/out-wrong/portable*.json | head -1)
    check "a wrong exclusive-min identity fails every collectives probe (bit 128)" \
        test "$(jq '[.probes[]|select(.verdict=="fail" and (.id|startswith("sub-group.collectives.")) and (.detail|test("got 128")))]|length' "$j")" = 6
    check "and nothing else" test "$(jq '[.probes[]|select(.verdict=="fail")]|length' "$j")" = 6
    python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-wg" workgroup
    "$CLCONFORM" --probes "$TMP/mock-wg" --device portable-computing-language --out "$TMP/out-wg" >/dev/null 2>&1
    j=$(ls "$TMP"/out-wg/portable*.json | head -1)
    check "the work-group probes' values hold with a scratch-memory mock (every cl2.0 twin passes)" \
        test "$(jq '[.probes[]|select(.verdict!="pass")]|length' "$j")" = 0 -a "$(jq '.probes|length' "$j")" -gt 20
    python3 "$SRCDIR/tests/e2e/feature_mocks/mock_probes.py" "$SRCDIR" "$TMP/mock-fa" fpatomics
    "$CLCONFORM" --probes "$TMP/mock-fa" --device portable-computing-language --out "$TMP/out-fa" >/dev/null 2>&1
    j=$(ls "$TMP"/out-fa/portable*.json | head -1)
    check "the fp32 float-atomic kernels and values hold with a compare-exchange mock (4 pass)" \
        test "$(jq '[.probes[]|select(.verdict=="pass")]|length' "$j")" = 4
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
fi
done_checks
