#!/usr/bin/env bash
# Probes run alone (alone_plan.h, context_fold.h): --alone chooses which
# judged probes also run in a kernel of their own; each such record says how
# it came out alone; the parts K/N of one N cover every judged probe once; a
# register entry's `context` line runs its probes alone whatever the slice;
# --alone refuses what it does not know. On Oclgrind, else PoCL (skipped
# without either).
source "$SRCDIR/tests/e2e/lib.sh"
sel=""
for s in oclgrind "${CLC_POCL_DEVICE:-pthread}"; do
    if "$CLCONFORM" --list 2>/dev/null | grep -qi "$s"; then sel=$s; break; fi
done
if [ -z "$sel" ]; then
    echo "# skip: no Oclgrind or PoCL device"
    done_checks
    exit 0
fi
run_st() { # NAME ARGS...: the selftest probes, reports in $TMP/NAME
    local name=$1
    shift
    "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --no-register --quiet --out "$TMP/$name" "$@" \
        >"$TMP/$name.out" 2>&1
}
report_of() { ls "$TMP/$1"/*.json | grep -v index.json | head -n1; }

run_st all --alone all
rep=$(report_of all)
check "--alone all: the run says so" test "$(json_get "$rep" 'r["run"]["alone"]')" = all
check "every judged run probe has its outcome alone, the same here" python3 -c "
import json
r = json.load(open('$rep'))
run = [p for p in r['probes'] if p['kind'] == 'run']
assert run and all(p.get('context', {}).get('same') is True for p in run), run
assert all('context' not in p for p in r['probes'] if p['kind'] != 'run')
assert r['summary']['alone'] == {'run': len(run), 'differ': 0, 'ids': []}, r['summary']['alone']
assert not [p for p in r['probes'] if '@alone' in p['id']], 'a copy left in the report'
"
check "a copy alone that fails as its original is that failure, not another" python3 -c "
import json
r = json.load(open('$rep'))
p = [p for p in r['probes'] if p['id'] == 'selftest.fail.wrong-expect'][0]
assert p['verdict'] == 'fail' and p['context'] == {'alone': 'fail', 'same': True}, p
"

run_st none
rep=$(report_of none)
check "the tests' default (CLCONFORM_ALONE=none): nothing runs alone" python3 -c "
import json
r = json.load(open('$rep'))
assert r['run']['alone'] == 'none' and 'alone' not in r['summary']
assert not [p for p in r['probes'] if 'context' in p]
"

# The parts of three cover every judged probe exactly once.
for k in 0 1 2; do run_st part$k --alone $k/3; done
check "the parts 0/3, 1/3, 2/3 cover every judged probe once" python3 -c "
import json, glob
seen = {}
for k in range(3):
    f = [x for x in glob.glob('$TMP/part%d/*.json' % k) if not x.endswith('index.json')][0]
    r = json.load(open(f))
    assert r['run']['alone'] == '%d/3' % k
    for p in r['probes']:
        if 'context' in p:
            seen[p['id']] = seen.get(p['id'], 0) + 1
everyone = [p['id'] for p in json.load(open('$(report_of all)'))['probes'] if p['kind'] == 'run']
assert sorted(seen) == sorted(everyone) and set(seen.values()) == {1}, seen
"

# The copies form the same programs run after run: a second run with the
# same slice builds nothing, every program from the binary cache.
(
    unset CLCONFORM_NO_CACHE
    export XDG_CACHE_HOME=$TMP/xdg-stable
    for n in 1 2; do
        "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --no-register --alone 1/2 --quiet \
            --out "$TMP/stable$n" >"$TMP/stable$n.out" 2>&1
    done
)
check "a second run with the same slice builds nothing from source" python3 -c "
import json
r = json.load(open('$(report_of stable2)'))
run = r['run']
assert r['summary']['alone']['run'] > 0, r['summary']
assert run['builds'] > 0 and run['cache']['hits'] == run['builds'], (run['builds'], run['cache'])
assert run['profile'].get('build', {}).get('count', 0) == 0, run['profile'].get('build')
"

# A register entry marked `context` runs its probes alone in every run.
platform=$("$CLCONFORM" --list 2>/dev/null | grep -i -B3 "$sel" | grep '^platform' | tail -n1 | sed 's/^platform [0-9]*: \([^ ]*\).*/\1/')
mkdir -p "$TMP/regs"
cat >"$TMP/regs/drv" <<EOF2
driver platform.name $platform
selftest.fail.wrong-expect  fail  "OpenCL C: Operators"  stores 2 where 3 is expected, on purpose
context out[0] = 2
deviation 3 -> 2
selftest.unexpected-build-ok.valid  unexpected-build-ok  "OpenCL C: Operators"  a valid program under build-fail builds, on purpose
deviation kind builds though the spec forbids it
selftest.batch.broken  build-fail  "OpenCL C: Operators"  an invalid declaration fails to build, on purpose
deviation kind does not build
EOF2
"$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --register "$TMP/regs" --quiet --out "$TMP/ctx" \
    >"$TMP/ctx.out" 2>&1
check "with a context entry and every failure registered: exit 0" test $? -eq 0
check "its probe ran alone though the slice is none, and only it" python3 -c "
import json
r = json.load(open('$(report_of ctx)'))
ran = [p['id'] for p in r['probes'] if 'context' in p]
assert ran == ['selftest.fail.wrong-expect'], ran
"

# A copy alone that crashes is remembered (lost_memo.h): the next run keeps
# it in its program, which is then the same, and records its crash without
# launching it, so it loses no worker to it. On PoCL, whose CPU device dies
# on a wild store.
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    (
        unset CLCONFORM_NO_CACHE
        export XDG_CACHE_HOME=$TMP/xdg
        for n in 1 2 3; do
            "$CLCONFORM" --device pthread --probes "$SRCDIR/tests/alone/crash.probe" --alone all --no-register \
                --device-jobs 1 --quiet --out "$TMP/crash$n" >"$TMP/crash$n.out" 2>&1
        done
    )
    w() { json_get "$(report_of crash$1)" "r['run']['$2']"; }
    check "the crash alone is said beside the crash batched" python3 -c "
import json
r = json.load(open('$(report_of crash1)'))
p = {p['id']: p for p in r['probes']}
assert p['alone.crash']['verdict'] == 'crash' and p['alone.crash']['context'] == {'alone': 'crash', 'same': True}
assert p['alone.neighbour']['context'] == {'alone': 'pass', 'same': True}
"
    check "the copy's crash is in the driver version's lost memo" grep -q "^alone.crash@alone.crash" $TMP/xdg/clconform/lost/*
    check "the next run loses one worker fewer (the copy is not launched)" \
        test "$(w 2 workers)" -eq "$(( $(w 1 workers) - 1 ))"
    check "and the run after it forms the same programs" test "$(w 3 builds)" -eq "$(w 2 builds)"
    (
        unset CLCONFORM_NO_CACHE
        export XDG_CACHE_HOME=$TMP/xdg
        "$CLCONFORM" --device pthread --probes "$SRCDIR/tests/alone/crash.probe" --alone all --no-register \
            --device-jobs 2 --quiet --out "$TMP/crash4" >"$TMP/crash4.out" 2>&1
    )
    check "with two supervisors (chunks) the remembered copy keeps the run complete" python3 -c "
import json
r = json.load(open('$(report_of crash4)'))
assert r['run']['complete'] is True, r['run'].get('incomplete_reason')
p = {p['id']: p for p in r['probes']}
assert p['alone.crash']['context']['alone'] == 'crash' and p['alone.neighbour']['context']['same'], p
"
    # After a run crash in a program of several, the next worker forms that
    # program again whole, its recorded probes built but not launched
    # (supervise.c keep_program_whole): the cold run builds one program (six
    # probes and their six copies) again after each of its first five crashes,
    # never one of only the probes after a crash, which no later run forms.
    python3 - "$TMP/chain.probe" <<'PY'
import sys
out = ["[defaults]", "spec = OpenCL C (unified): Operators", "kind = run", ""]
for i in range(6):
    out += ["[probe whole.%d]" % i, "why = Every other one crashes.", "input a = ulong: %s" % ("0x10" if i % 2 else "0"),
            "out = int[1]", "expect = 2", "body = <<END",
            "    if (a[0]) *(volatile __global int *)(uintptr_t)a[0] = 1;", "    out[0] = 2;", "END", ""]
open(sys.argv[1], "w").write("\n".join(out))
PY
    (
        unset CLCONFORM_NO_CACHE
        export XDG_CACHE_HOME=$TMP/xdg-whole
        "$CLCONFORM" --device pthread --probes "$TMP/chain.probe" --alone all --no-register --device-jobs 1 \
            --quiet --out "$TMP/whole" --trace "$TMP/whole.trace.json" >"$TMP/whole.out" 2>&1
    )
    check "a program with crashes is built again whole, its finished probes riding along" python3 - \
        "$(report_of whole)" "$TMP/whole.trace.json" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
v = {p['id']: (p['verdict'], p.get('context', {}).get('alone')) for p in r['probes']}
assert v == {'whole.%d' % i: ('crash', 'crash') if i % 2 else ('pass', 'pass') for i in range(6)}, v
t = json.load(open(sys.argv[2]))
builds = [e['args']['detail'] for e in t['traceEvents'] if e.get('name') == 'build']
sizes = [int(re.search(r'\((\d+) probes\)', b).group(1)) for b in builds]
print('builds:', builds)
assert len(builds) == 6 and set(sizes) == {12}, builds
PY
    check "the remembered copy still reads as a crash alone" python3 -c "
import json
r = json.load(open('$(report_of crash2)'))
p = {p['id']: p for p in r['probes']}
assert p['alone.crash']['context']['alone'] == 'crash', p['alone.crash']
"
fi

"$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --alone 3/3 --out "$TMP/bad" >"$TMP/bad.out" 2>&1
check "--alone 3/3 is a usage error (exit 2)" test $? -eq 2
check "saying what --alone takes" grep -q "alone '3/3': expected K/N" "$TMP/bad.out"
CLCONFORM_ALONE=sometimes "$CLCONFORM" --device "$sel" --probes "$SRCDIR/tests/selftest" --out "$TMP/bad" \
    >"$TMP/bad2.out" 2>&1
check "a malformed CLCONFORM_ALONE too" test $? -eq 2
done_checks
