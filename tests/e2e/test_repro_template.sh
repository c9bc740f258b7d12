#!/usr/bin/env bash
# The reproducer's program, harness/repro/repro_template.c, is real C that
# compiles and runs on its own: with the sample data section
# tests/fixtures/repro/repro_data.h (a 4-element float probe), once judged in
# ulp with clconform's value.c and ulp.c beside it, once compared exactly.
# No device: --source prints the kernel, --judge judges a saved output.
source "$SRCDIR/tests/e2e/lib.sh"
T="$SRCDIR/harness/repro/repro_template.c"
build() { # OUT [CFLAGS...]
    local out=$1; shift
    cc -std=c99 -Wall -Wextra -Werror -I"$SRCDIR/tests/fixtures/repro" -I"$SRCDIR/harness/probe" "$@" \
        -o "$out" "$T" "$SRCDIR/harness/probe/value.c" "$SRCDIR/harness/probe/ulp.c" -lOpenCL -lm
}
check "the template compiles on its own (judged in ulp) without a warning" build "$TMP/ulp"
check "...and compared exactly" build "$TMP/exact" -DSAMPLE_EXACT
"$TMP/ulp" --source >"$TMP/src.out"
check "--source prints the embedded kernel" grep -q 'out\[i\] = x\[i\] \* 2.0f;' "$TMP/src.out"

# bits FILE WORD...: little-endian 32-bit words into FILE (the host's order).
bits() { local f=$1; shift; python3 -c '
import struct, sys
open(sys.argv[1], "wb").write(b"".join(struct.pack("=I", int(w, 16)) for w in sys.argv[2:]))' "$f" "$@"; }
judge() { "$1" --judge "$2" >"$TMP/judge.out" 2>&1; }

bits "$TMP/right.bin" 40400000 3fc00000 80000000 12345678
judge "$TMP/ulp" "$TMP/right.bin"
check "ulp: the right output passes (exit $?)" test $? -eq 0
# 3 + 3 ulp: within 4 ulp, so the ulp judgement passes where bits differ.
bits "$TMP/close.bin" 40400003 3fc00000 80000000 12345678
judge "$TMP/ulp" "$TMP/close.bin"; rc=$?
check "ulp: 3 ulp off passes (exit $rc)" test $rc -eq 0
judge "$TMP/exact" "$TMP/close.bin"; rc=$?
check "exact: 3 ulp off fails (exit $rc)" test $rc -eq 1
# 1.5 + 5 ulp and +0 for the prescribed -0: two elements beyond.
bits "$TMP/wrong.bin" 40400000 3fc00005 00000000 12345678
judge "$TMP/ulp" "$TMP/wrong.bin"; rc=$?
check "ulp: 5 ulp off and the wrong zero fail (exit $rc)" test $rc -eq 1
check "...the verdict line as the report writes it" \
    grep -q 'FAIL: 2 of 3 elements beyond 4 ulp (largest 5 ulp); first at \[1\]' "$TMP/judge.out"
check "...naming both elements" grep -c '^out\[[12]\]: expected' "$TMP/judge.out"
check "...twice, not more" test "$(grep -c '^out\[' "$TMP/judge.out")" -eq 2
bits "$TMP/short.bin" 40400000
judge "$TMP/ulp" "$TMP/short.bin"; rc=$?
check "a short output file: exit 2 (got $rc)" test $rc -eq 2
check "...saying how long it must be" grep -q 'expected 16 bytes (4 elements of 4 bytes)' "$TMP/judge.out"
done_checks
