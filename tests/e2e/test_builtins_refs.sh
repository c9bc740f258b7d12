#!/usr/bin/env bash
# The built-in references (scripts/builtins/*ref.py) against hand-worked tables,
# and the committed probe files against their generator.
source "$SRCDIR/tests/e2e/lib.sh"
out=$(python3 "$SRCDIR/scripts/builtins/test_refs.py" 2>&1); rc=$?
printf '%s\n' "$out" | grep -E '^(not )?ok - ' | sed 's/^\(not \)\{0,1\}ok - /&builtins ref: /'
[ "$rc" -eq 0 ] || CHECK_FAILED=1
check "builtins probe files match scripts/builtins/gen_builtins.py" make -s -C "$SRCDIR" check-builtins-generated
done_checks
