#!/usr/bin/env bash
# The register in the main command (docs/register-format.md, "The register in
# every run"): a run without --baseline compares each device with the register
# whose driver lines describe it; the exit code is 0 when every failure is a
# known one, 1 when anything is new (a new failure, a changed deviation, a new
# pass); --no-register turns it off; the cross-device page counts new, known
# and newly passing per device. On PoCL (skipped without it).
source "$SRCDIR/tests/e2e/lib.sh"
sel=${CLC_POCL_DEVICE:-pthread}
if ! "$CLCONFORM" --list 2>/dev/null | grep -q "$sel"; then
    echo "# skip: no device matching '$sel'"
    done_checks
    exit 0
fi

mkdir -p "$TMP/regs"
cat >"$TMP/regs/pocl" <<'EOF'
# the selftest probes' deliberate failures on PoCL
driver platform.name Portable Computing Language
selftest.fail.wrong-expect  fail  "OpenCL C: Operators"  stores 2 where 3 is expected, on purpose
deviation 3 -> 2
selftest.unexpected-build-ok.valid  unexpected-build-ok  "OpenCL C: Operators"  a valid program under build-fail builds, on purpose
deviation kind builds though the spec forbids it
selftest.batch.broken  build-fail  "OpenCL C: Operators"  an invalid declaration fails to build, on purpose
deviation kind does not build
EOF
run_sel() { # OUT_NAME ARGS...: the selftest probes on PoCL
    local name=$1
    shift
    "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --out "$TMP/$name" "$@" \
        >"$TMP/$name.out" 2>&1
}

run_sel known --register "$TMP/regs"
check "every failure known: exit 0" test $? -eq 0
check "the summary line counts new, known and newly passing" \
    grep -q "$TMP/regs/pocl: 0 new (0 of them a changed deviation), 3 known, 0 newly passing, 0 stale entries" \
    "$TMP/known.out"
key=$(ls "$TMP/known" | grep -v index | grep '\.json$' | head -n1)
check "the report carries the comparison" python3 -c "
import json, sys
b = json.load(open(sys.argv[1]))['baseline']
assert b['register'] == sys.argv[2], b['register']
assert sorted(b['known']) == ['selftest.batch.broken', 'selftest.fail.wrong-expect',
                              'selftest.unexpected-build-ok.valid'], b['known']" "$TMP/known/$key" "$TMP/regs/pocl"
check "the cross-device page has the register's columns" python3 -c "
import sys
t = open(sys.argv[1]).read()
assert '>new</th>' in t and '>known</th>' in t and '>newly passing</th>' in t, t[:2000]" "$TMP/known/index.html"

run_sel off --register "$TMP/regs" --no-register
check "--register and --no-register exclude each other" test $? -eq 2
run_sel off --no-register
check "--no-register: every failure counts (exit 1)" test $? -eq 1

sed 's/^deviation 3 -> 2$/deviation 3 -> 4/' "$TMP/regs/pocl" >"$TMP/pocl-changed"
mkdir -p "$TMP/regs2" && mv "$TMP/pocl-changed" "$TMP/regs2/pocl"
run_sel changed --register "$TMP/regs2"
check "a changed deviation: exit 1" test $? -eq 1
check "named as new, with what changed" python3 -c "
import json, sys
b = json.load(open(sys.argv[1]))['baseline']
assert b['changed_deviation'] == ['selftest.fail.wrong-expect'], b
assert b['regressions'] == ['selftest.fail.wrong-expect'], b" "$TMP/changed/$key"

printf 'selftest.pass.const  fail  "OpenCL C: Operators"  registered though it passes\ndeviation 2 -> 3\n' >>"$TMP/regs/pocl"
run_sel newpass --register "$TMP/regs"
check "a new pass: exit 1" test $? -eq 1
check "listed as newly passing" grep -q "1 newly passing" "$TMP/newpass.out"

mkdir -p "$TMP/regs3"
printf 'driver platform.name Portable Computing Language\nselftest.x  fail  "6.3"  why\ndeviation 1 -> 2\n' \
    >"$TMP/regs3/pocl"
run_sel bad --register "$TMP/regs3"
check "a malformed register is a usage error (exit 2)" test $? -eq 2
check "naming FILE:LINE" grep -q "regs3/pocl:2: \"6.3\" is not a heading of docs/unified-spec-headings.txt" "$TMP/bad.out"
run_sel missing --register "$TMP/no-such-folder"
check "a --register folder that does not exist is a usage error" test $? -eq 2

# The default: expected/ beside the default probe folder, on the default suite.
"$CLCONFORM" --device "$sel" --filter 'math.fract.*' --out "$TMP/def" >"$TMP/def.out" 2>&1
check "the default suite's registered failures on PoCL: exit 0" test $? -eq 0
check "against expected/'s register of the driver" grep -q "expected/pocl-3.1: 0 new" "$TMP/def.out"
done_checks
