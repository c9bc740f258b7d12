#!/usr/bin/env bash
# Reproducers end to end on this machine's PoCL device: `clconform repro`
# turns fixture reports (tests/fixtures/repro/pocl-*.json) into folders, each
# repro.c is built with nothing but `cc repro.c -lOpenCL -lm`, and its exit
# status says whether the device does what the fixture expects. The fixtures
# name the device as @POCL_DEVICE@ / @POCL_INDEX@, filled in from clinfo -l.
. "$SRCDIR/tests/e2e/lib.sh"
FIX="$SRCDIR/tests/fixtures/repro"

# The first PoCL device as "P:D<TAB>name", from `clinfo -l`.
pocl_device() {
    clinfo -l 2>/dev/null | awk '
        /^Platform #/ { p = $2; gsub(/[#:]/, "", p); pocl = ($0 ~ /Portable Computing Language/) }
        pocl && /Device #/ {
            d = $0; sub(/.*Device #/, "", d); n = d; sub(/:.*/, "", d); sub(/^[0-9]+: /, "", n)
            print p ":" d "\t" n; exit
        }'
}

DEV=$(pocl_device)
if [ -z "$DEV" ]; then
    echo "ok - repro_e2e # SKIP no PoCL device (clinfo -l shows none)"
    done_checks
fi
INDEX=${DEV%%$'\t'*}
NAME=${DEV#*$'\t'}

# fill FIXTURE OUT [DEVICE_NAME]: the fixture with this machine's PoCL device.
fill() {
    python3 - "$1" "$2" "${3:-$NAME}" "$INDEX" <<'EOF'
import json, sys
src, out, name, index = sys.argv[1:5]
r = json.load(open(src))
r["device"]["name"] = name
r["device"]["index"] = index
json.dump(r, open(out, "w"), indent=1)
EOF
}

# expect_rc RC COMMAND...: passes when COMMAND exits with RC.
expect_rc() {
    local want=$1; shift
    "$@"
    local rc=$?
    [ "$rc" -eq "$want" ] || { echo "exit status $rc, wanted $want"; return 1; }
}

# output_has TEXT COMMAND...: COMMAND's output (any exit status) contains TEXT.
output_has() {
    local text=$1; shift
    local out
    out=$("$@" 2>&1)
    printf '%s\n' "$out"
    grep -qF -- "$text" <<<"$out"
}

# gen NAME: writes the reproducers of pocl-NAME.json under $TMP/NAME.
gen() {
    fill "$FIX/pocl-$1.json" "$TMP/$1.json" "${2:-}" &&
        "$CLCONFORM" repro "$TMP/$1.json" --out "$TMP/$1"
}

# build DIR: exactly what the README tells a vendor to run (plus our warnings).
build() {
    (cd "$1" && cc -std=c99 -Wall -Wextra -Werror repro.c -lOpenCL -lm -o repro)
}

check "repro_subcommand_writes_folder_for_failing_probe" gen wrong
W="$TMP/wrong/pocl-e2e/e2e.add"
check "repro_folder_has_repro_c_kernel_cl_readme" test -s "$W/repro.c" -a -s "$W/kernel.cl" -a -s "$W/README.txt"
check "repro_c_builds_with_cc_and_lopencl_only" build "$W"
check "repro_wrong_expectation_exits_1" expect_rc 1 "$W/repro"
check "repro_wrong_expectation_prints_the_mismatch" output_has "out[0]: expected 3, got 2" "$W/repro"
check "repro_finds_device_by_name" output_has "device $INDEX: $NAME" "$W/repro"

# The vendor may edit kernel.cl: with out[0] = 1 + 2 the expectation (3) holds.
sed 's/1 + 1/1 + 2/' "$W/kernel.cl" >"$TMP/edited.cl"
check "repro_runs_an_edited_kernel_file_given_as_argument" expect_rc 0 "$W/repro" "$TMP/edited.cl"
check "repro_device_index_option_works" expect_rc 1 "$W/repro" -d "$INDEX"

check "repro_correct_expectation_generates" gen right
R="$TMP/right/pocl-e2e/e2e.add"
check "repro_correct_expectation_builds" build "$R"
check "repro_correct_expectation_exits_0" expect_rc 0 "$R/repro"

# A renamed device (new driver): the report's index is the fallback.
check "repro_unknown_device_name_generates" gen wrong "no such device name"
mv "$TMP/wrong" "$TMP/renamed"
check "repro_unknown_device_name_builds" build "$TMP/renamed/pocl-e2e/e2e.add"
check "repro_unknown_device_name_falls_back_to_index" \
    output_has "trying $INDEX, the index the report recorded" "$TMP/renamed/pocl-e2e/e2e.add/repro"

# Another vendor's platform is never a fallback: no such platform, exit 2.
N="$TMP/renamed/pocl-e2e/e2e.add"
sed -i 's/^static const char PLATFORM_NAME\[\] = ".*";/static const char PLATFORM_NAME[] = "No Such Platform";/' "$N/repro.c"
check "repro_unknown_platform_rebuilds" build "$N"
check "repro_unknown_platform_exits_2" expect_rc 2 "$N/repro"
check "repro_unknown_platform_suggests_d_option" output_has "pick a device with -d" "$N/repro"

# -0, NaN payloads and the most negative char cross into the kernel intact.
check "repro_bits_generates" gen bits
B="$TMP/bits/pocl-e2e/e2e.bits"
check "repro_bits_builds" build "$B"
check "repro_input_bit_patterns_survive_exactly" expect_rc 0 "$B/repro"
F="$TMP/bits/pocl-e2e/e2e.floats"
check "repro_float_probe_builds" build "$F"
check "repro_float_nan_matches_any_nan_and_signed_zero_is_exact" expect_rc 0 "$F/repro"
# The same kernel judged against a +0 where the spec says -0 must fail.
sed -i 's/{ 1, 0x0u, { 0x80000000ull,/{ 1, 0x0u, { 0x0ull,/' "$F/repro.c"
check "repro_float_minus_zero_edit_rebuilds" build "$F"
check "repro_float_plus_zero_for_minus_zero_is_a_mismatch" expect_rc 1 "$F/repro"

check "repro_build_probes_generate" gen buildfail
for p in must_fail builds_ok syntax; do
    check "repro_build_probe_builds_$p" build "$TMP/buildfail/pocl-e2e/e2e.$p"
done
check "repro_invalid_source_failing_to_build_exits_0" \
    expect_rc 0 "$TMP/buildfail/pocl-e2e/e2e.must_fail/repro"
check "repro_invalid_source_that_builds_exits_1" \
    expect_rc 1 "$TMP/buildfail/pocl-e2e/e2e.builds_ok/repro"
check "repro_valid_source_failing_to_build_exits_1" \
    expect_rc 1 "$TMP/buildfail/pocl-e2e/e2e.syntax/repro"
check "repro_build_failure_prints_the_log" \
    output_has "---- build log ----" "$TMP/buildfail/pocl-e2e/e2e.syntax/repro"

done_checks
