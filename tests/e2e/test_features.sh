#!/usr/bin/env bash
# The atomics reference against its hand-worked table, the committed
# probe files against their generator, and the version family on Oclgrind
# (OpenCL 1.2): the 1.x builds run, every OpenCL C 2.0/3.0 probe is skipped
# with its reason, whatever 3.0 queries the device answers.
source "$SRCDIR/tests/e2e/lib.sh"
check "atomics reference matches its hand-worked table" python3 "$SRCDIR/scripts/features/test_atomicref.py"
check "per-type atomics reference matches its hand-worked table" python3 "$SRCDIR/scripts/features/test_c11ref.py"
if command -v clang-15 >/dev/null 2>&1; then
    # No local device lists OpenCL C 2.0 or the generic address space: the
    # generic forms are at least compiled.
    check "every per-type atomic, 2.0 synchronisation, work-item and generic-pointer kernel compiles (clang-15, spir64)" \
        python3 "$SRCDIR/scripts/features/check_compile.py" --clang clang-15 \
        "$SRCDIR/probes/atomic-functions-c11/per-type.probe" \
        "$SRCDIR/probes/atomic-functions-c11/concurrent.probe" \
        "$SRCDIR/probes/synchronization-functions/sync20.probe" \
        "$SRCDIR/probes/the-generic-address-space/get-fence.probe" \
        "$SRCDIR/probes/work-item-functions/linear-ids.probe" \
        "$SRCDIR/probes/vector-data-load-and-store-functions/generic.probe" \
        "$SRCDIR/probes/math-functions-generic/generic-widths.probe"
fi
check "feature probe files match scripts/features/gen_features.py" make -s -C "$SRCDIR" check-features-generated
if "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    out=$(mktemp -d)
    "$CLCONFORM" --probes "$SRCDIR/probes/optional-functionality/versions.probe" --device Oclgrind \
        --out "$out" >/dev/null 2>&1
    j=$(ls "$out"/oclgrind*.json 2>/dev/null | head -1)
    check "a 1.2 device builds under -cl-std=CL1.2" \
        test "$(jq -r '.probes[]|select(.id=="std.opencl-c-version.cl1.2")|.verdict' "$j")" = pass
    check "a 1.2 device skips the 3.0 version probe, saying why" \
        test "$(jq -r '.probes[]|select(.id=="std.build.cl3.0")|.detail' "$j")" = "device lacks cl_std_3.0"
    check "a 1.2 device skips the API contract" \
        test "$(jq -r '.probes[]|select(.id=="std.api-contract")|.verdict' "$j")" = skip
    check "the device section records the 3.0 queries" jq -e '.device.opencl_3 | has("opencl_c_all_versions") or has("opencl_c_all_versions_error")' "$j"
    rm -rf "$out"
fi
done_checks
