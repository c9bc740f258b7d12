#!/usr/bin/env bash
# `arg NAME = TYPE: bytes` end to end on this machine's PoCL: a struct whose
# bytes the probe file gives reaches the kernel by value (its fields read
# back, and a buffer input and a uint arg after it keep their places); a
# wrong expected value fails with the device's real value; the report
# records the arg's bytes and C type, and the reproducer `clconform repro`
# writes passes the same bytes by value and sees the same value.
. "$SRCDIR/tests/e2e/lib.sh"
if ! clinfo -l 2>/dev/null | grep -q pthread; then
    echo "ok - arg_by_value_e2e # SKIP no PoCL device"
    done_checks
fi
mkdir -p "$TMP/p"
# S_t = { char c; int i; short s; }: c at 0, i at 4, s at 8, sizeof 12 (6.1.5).
# c = -3 (0xfd), i = 0x01020304 = 16909060, s = 0x7ffe = 32766; 0xee is padding.
cat >"$TMP/p/arg.probe" <<'PROBE'
[defaults]
spec = OpenCL C (unified): Alignment of Types
kind = run
prelude = typedef struct { char c; int i; short s; } S_t;
input x = int: 1000
arg s = S_t: 0xfd 0xee 0xee 0xee 4 3 2 1 0xfe 0x7f 0xee 0xee
arg n = uint: 7 0 0 0
out = int[5]
body = <<END
    out[0] = (int)sizeof(S_t);
    out[1] = s.c;
    out[2] = s.i;
    out[3] = s.s + x[0];
    out[4] = (int)n;
END

[probe t.arg.right]
expect = 12 -3 16909060 33766 7

[probe t.arg.wrong]
why = expects 8 where the uint arg after the struct is 7, so it must fail at element 4
expect = 12 -3 16909060 33766 8
PROBE
"$CLCONFORM" --device pthread --probes "$TMP/p" --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/*pthread*.json | head -n 1)
check "a struct by value, an input and a uint arg reach the kernel in order (t.arg.right passes)" \
    json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == 't.arg.right'] == ['pass'] or exit(1)"
check "a wrong expectation fails at element 4 with the device's 7" \
    json_get "$REPORT" "[(p['verdict'], p['first_mismatch'], p['actual'][4]) for p in r['probes'] if p['id'] == 't.arg.wrong'] == [('fail', 4, '7')] or exit(1)"
check "the report records the arg's bytes and C type" \
    json_get "$REPORT" "[i for p in r['probes'] if p['id'] == 't.arg.wrong' for i in p['inputs'] if i['name'] == 's'][0]['by_value'] == 'S_t' or exit(1)"

"$CLCONFORM" repro "$REPORT" --out "$TMP/rp" >/dev/null
D=$(ls -d "$TMP"/rp/*/t.arg.wrong)
check "repro.c with a by-value arg builds as C99 without a warning" \
    bash -c "cd '$D' && cc -std=c99 -Wall -Wextra -Werror repro.c -lOpenCL -lm -o repro"
(cd "$D" && ./repro >"$TMP/repro.out" 2>&1)
check "the reproducer fails on the device (exit 1)" test $? -eq 1
check "...at element 4, where the device wrote 7" grep -qF "out[4]: expected 8, got 7" "$TMP/repro.out"
check "README.txt lists the arg as passed by value" grep -q "argument *S_t s, by value, bytes = 253 238" "$D/README.txt"
done_checks
