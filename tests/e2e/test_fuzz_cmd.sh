#!/usr/bin/env bash
# `clconform fuzz`: bad flags exit 2; --self-check runs the generator's
# programs through the host C compiler under UBSan and agrees with its
# evaluator (every program kind); a device run writes the batch's programs,
# the same for the same seed, and finishes with its summary (also
# OUT/summary.txt).
. "$SRCDIR/tests/e2e/lib.sh"
exits() { local want=$1; shift; "$@" >/dev/null 2>&1; local rc=$?; [ "$rc" -eq "$want" ] || { echo "exit $rc, wanted $want"; return 1; }; }

check fuzz_bad_count_exits_2 exits 2 "$CLCONFORM" fuzz --count 0 --out "$TMP/bad"
check fuzz_unknown_flag_exits_2 exits 2 "$CLCONFORM" fuzz --frobnicate 1 --out "$TMP/bad"
check fuzz_negative_reduce_max_exits_2 exits 2 "$CLCONFORM" fuzz --reduce-max -1 --out "$TMP/bad"
check fuzz_self_check_agrees_with_the_host_compiler "$CLCONFORM" fuzz --self-check --count 6 --seed 3 --out "$TMP/sc"
# Seed 11's programs 0 to 9 hold every kind: plain, struct and work-group (threads and barriers on the host).
check fuzz_self_check_every_program_kind "$CLCONFORM" fuzz --self-check --count 10 --seed 11 --out "$TMP/sc11"

DEV=$("$CLCONFORM" --list 2>/dev/null | awk '/pthread/ {print $2; exit}')
if [ -z "$DEV" ]; then
    echo "ok - fuzz_device_part # SKIP no PoCL device"
else
    "$CLCONFORM" fuzz --count 5 --seed 3 --device "$DEV" --out "$TMP/d1" >"$TMP/d1.out" 2>&1
    rc=$?
    check fuzz_device_run_exits_0_or_1 test "$rc" -le 1
    check fuzz_device_run_says_how_many grep -q "clconform fuzz: 5 programs" "$TMP/d1.out"
    check fuzz_device_run_wrote_a_report test -s "$TMP/d1/reports/batch-0000/$DEV.json"
    check fuzz_device_run_wrote_its_summary test -s "$TMP/d1/summary.txt"
    # Same seed, same programs (a second generation, no device needed to compare).
    "$CLCONFORM" fuzz --count 5 --seed 3 --device "$DEV" --out "$TMP/d2" >/dev/null 2>&1
    check fuzz_same_seed_same_programs cmp "$TMP/d1/programs/batch-0000.probe" "$TMP/d2/programs/batch-0000.probe"
fi
done_checks
