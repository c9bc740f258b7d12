#!/usr/bin/env bash
# The built-in coverage measurement (scripts/coverage/) on programs and a
# header small enough to work out by hand: clang resolving two calls of one
# name to two overloads, calls landing on their probe, the guard groups.
source "$SRCDIR/tests/e2e/lib.sh"
out=$(python3 "$SRCDIR/scripts/coverage/test_coverage.py" 2>&1); rc=$?
printf '%s\n' "$out" | grep -E '^(not )?ok - ' | sed 's/^\(not \)\{0,1\}ok - /&coverage: /'
[ "$rc" -eq 0 ] || { printf '%s\n' "$out" | grep -vE '^(not )?ok - ' | sed 's/^/#   /' | head -n 20; CHECK_FAILED=1; }
done_checks
