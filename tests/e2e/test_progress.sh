#!/usr/bin/env bash
# Progress on stderr, checked under `script` (a real pseudo-terminal): a
# progress line "N/M probes" with N < M appears before the device's summary
# line, i.e. before the device finishes; --quiet prints none; without a
# terminal there is no escape sequence; the reports carry no progress.
. "$SRCDIR/tests/e2e/lib.sh"
SELF="$SRCDIR/tests/selftest"

if ! command -v script >/dev/null; then
    echo "ok - progress_e2e # SKIP no script(1)"
    done_checks
fi
# script(1) is there but cannot open a pseudo-terminal (a container without
# /dev/pts, as in many CI runners): nothing to test progress on.
if ! script -qec true /dev/null </dev/null >/dev/null 2>&1; then
    echo "ok - progress_e2e # SKIP script(1) cannot open a pseudo-terminal here (no /dev/pts?)"
    done_checks
fi
if ! clinfo -l 2>/dev/null | grep -q pthread; then
    echo "ok - progress_e2e # SKIP no PoCL device"
    done_checks
fi

# on_tty LOG ARGS...: runs clconform ARGS under a pseudo-terminal; the
# terminal's output (stdout and stderr) lands in LOG.
on_tty() {
    local log=$1; shift
    local cmd
    cmd=$(printf '%q ' "$CLCONFORM" "$@")
    script -qec "$cmd" /dev/null >"$log" 2>&1 </dev/null || true
}

# progress_before_summary LOG: a partial "N/M probes" line precedes "-> ".
progress_before_summary() {
    python3 - "$1" <<'PY'
import re, sys
t = open(sys.argv[1], encoding="utf-8", errors="replace").read()
m = [x for x in re.finditer(r"(\d+)/(\d+) probes", t) if int(x.group(1)) < int(x.group(2))]
s = t.find(" -> ")
if not m or s < 0 or m[0].start() > s:
    sys.exit("no partial progress before the summary:\n" + t)
if "\x1b[K" not in t:
    sys.exit("not rewritten in place (no ESC [K):\n" + t)
PY
}

on_tty "$TMP/tty.log" --device pthread --probes "$SELF" --out "$TMP/r1"
check tty_shows_progress_before_the_device_finishes progress_before_summary "$TMP/tty.log"
check tty_keeps_the_summary_line grep -q "probes, .* builds, .* -> $TMP/r1/" "$TMP/tty.log"

on_tty "$TMP/quiet.log" --device pthread --probes "$SELF" --out "$TMP/r2" --quiet
check quiet_prints_no_progress python3 -c '
import sys; t = open(sys.argv[1]).read()
sys.exit(("probes," in t or "\x1b" in t) and t or 0)' "$TMP/quiet.log"

"$CLCONFORM" --device pthread --probes "$SELF" --out "$TMP/r3" >"$TMP/plain.out" 2>"$TMP/plain.err"
check plain_stderr_has_no_escape_sequences python3 -c '
import sys; t = open(sys.argv[1]).read()
sys.exit(("\x1b" in t or "\r" in t) and t or 0)' "$TMP/plain.err"
check plain_stderr_keeps_the_summary grep -q " -> $TMP/r3/" "$TMP/plain.err"
check progress_stays_out_of_stdout test ! -s "$TMP/plain.out"
check progress_stays_out_of_the_report python3 -c '
import json, glob, sys
for p in glob.glob(sys.argv[1] + "/*.json"):
    t = open(p).read()
    if "unexpected," in t or "\x1b" in t: sys.exit(p)' "$TMP/r1"
done_checks
