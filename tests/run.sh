#!/usr/bin/env bash
# Runs every unit test binary and end-to-end script given on the command
# line, echoes their "ok"/"not ok" lines, and closes with the totals.
set -u
passed=0; failed=0; broken=0
for t in "$@"; do
    echo "# $t"
    case "$t" in
        *.sh) out=$(bash "$t" 2>&1); rc=$? ;;
        *) out=$("$t" 2>&1); rc=$? ;;
    esac
    printf '%s\n' "$out"
    p=$(printf '%s\n' "$out" | grep -c '^ok - ')
    f=$(printf '%s\n' "$out" | grep -c '^not ok - ')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "not ok - $t exited $rc without a failing check"; failed=$((failed + 1)); broken=1
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
