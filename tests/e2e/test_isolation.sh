#!/usr/bin/env bash
# Isolation with a real driver: a kernel that spins forever must end as
# `timeout` within the watchdog's limit, a kernel that writes through a wild
# pointer (it really segfaults PoCL's CPU device) must end as `crash`, the
# probes after each must still run and pass, and SIGTERM during a run must
# leave a valid report that says it is incomplete. Needs PoCL's CPU device;
# set CLC_POCL_DEVICE to another --device selector to point it elsewhere.
. "$(dirname "$0")/lib.sh"

SEL=${CLC_POCL_DEVICE:-pthread}
PROBES=$SRCDIR/tests/isolation

if ! "$CLCONFORM" --list 2>/dev/null | grep -qi -- "$SEL"; then
    echo "ok - isolation tests skipped: no device matching '$SEL' (# SKIP)"
    done_checks
fi

# report_in DIR: the one device report (the JSON with a "device" object) in DIR.
report_in() {
    python3 - "$1" <<'EOF'
import glob, json, sys
found = []
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try:
        r = json.load(open(path))
    except ValueError:
        continue
    if isinstance(r, dict) and isinstance(r.get("device"), dict) and "probes" in r:
        found.append(path)
print(found[0] if len(found) == 1 else "")
EOF
}

# verdict_is REPORT ID VERDICT
verdict_is() {
    local got
    got=$(json_get "$1" "[p['verdict'] for p in r['probes'] if p['id'] == '$2']") || return 1
    [ "$got" = "['$3']" ] || { echo "$2: expected ['$3'], got $got"; return 1; }
}

now() { date +%s.%N; }
# within START SECONDS: fewer than SECONDS have passed since START.
within() { python3 -c 'import sys,time; sys.exit(0 if time.time() - float(sys.argv[1]) < float(sys.argv[2]) else 1)' "$1" "$2"; }

# --- a hang and a crash in one run -------------------------------------------
"$CLCONFORM" --device "$SEL" --probes "$PROBES" --timeout 3 --out "$TMP/r" >"$TMP/run.out" 2>&1
rc=$?
check "run with a hang and a crash ends (exit $rc is 0 or 1)" test "$rc" -le 1
R=$(report_in "$TMP/r")
# The hang was ended by its own watchdog (3 s, twice), not by the build's
# (300 s). Said by the record, not by the wall clock: on a loaded machine
# the two fresh workers alone can take seconds.
check "the hang ended at its own watchdog's limit" json_get "$R" \
    "'no answer within 3.0 s, twice' in [p['detail'] for p in r['probes'] if p['id'] == 'isolation.hang.spin'][0] or exit(1)"
check "one device report written" test -n "$R"
if [ -n "$R" ]; then
    check "report is complete" test "$(json_get "$R" "r['run']['complete']")" = True
    check "probe before the hang passes" verdict_is "$R" isolation.hang.before pass
    check "spinning kernel is a timeout" verdict_is "$R" isolation.hang.spin timeout
    check "probe after the hang passes" verdict_is "$R" isolation.hang.after pass
    check "probe before the crash passes" verdict_is "$R" isolation.crash.before pass
    check "wild-pointer kernel is a crash" verdict_is "$R" isolation.crash.wild_write crash
    check "crash names its signal" test "$(json_get "$R" \
        "[p.get('signal') for p in r['probes'] if p['id'] == 'isolation.crash.wild_write'][0]")" = SIGSEGV
    check "probe after the crash passes" verdict_is "$R" isolation.crash.after pass
    check "summary counts one timeout and one crash" test "$(json_get "$R" \
        "(r['summary']['timeout'], r['summary']['crash'], r['summary']['pass'])")" = "(1, 1, 4)"
fi

# --- a deadlocking direct kernel ----------------------------------------------
# Its first launch is code generation and run together, so its watchdog adds
# a compile allowance (five times its program's build), not the whole
# --build-timeout: before, each attempt of such a kernel waited 2 + 300 s.
"$CLCONFORM" --device "$SEL" --probes "$SRCDIR/tests/first-launch" --timeout 2 --out "$TMP/fl" >"$TMP/fl.out" 2>&1
R=$(report_in "$TMP/fl")
check "the spinning direct kernel is a timeout" verdict_is "$R" first-launch.hang.local timeout
# Its watchdog's limit, from its record: 2 s and the compile allowance,
# well under the build watchdog's 300 s (a build would have to take a
# minute for the allowance to reach it).
check "a spinning direct kernel ends well before the build watchdog (300 s)" python3 - "$R" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
d = [p['detail'] for p in r['probes'] if p['id'] == 'first-launch.hang.local'][0]
print(d)
sys.exit(0 if float(re.search(r'no answer within ([0-9.]+) s', d).group(1)) < 300 else 1)
PY

# --- SIGTERM while a kernel hangs --------------------------------------------
"$CLCONFORM" --device "$SEL" --probes "$PROBES/hang.probe" --timeout 600 --out "$TMP/t" >"$TMP/term.out" 2>&1 &
pid=$!
sleep 2
workers=$(pgrep -P "$pid" 2>/dev/null | tr '\n' ' ')
kill -TERM "$pid"
term_at=$(now)
# Without SIGTERM the run would wait for the 600 s watchdog: 120 s tells
# the two apart on any machine, however loaded. Then it failed the check,
# and we end it.
for _ in $(seq 1200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
check "SIGTERM ends the run long before the watchdog would" within "$term_at" 120
if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
wait "$pid" 2>/dev/null
R=$(report_in "$TMP/t")
check "interrupted run still writes a valid JSON report" test -n "$R"
if [ -n "$R" ]; then
    check "interrupted report says run.complete == false" test "$(json_get "$R" "r['run']['complete']")" = False
    check "interrupted report gives a reason" json_get "$R" "r['run']['incomplete_reason']"
fi
alive=""
for w in $workers; do kill -0 "$w" 2>/dev/null && alive="$alive $w"; done
check "no worker outlives the interrupted run" test -z "$alive"
for w in $alive; do kill -KILL "$w" 2>/dev/null; done

done_checks
