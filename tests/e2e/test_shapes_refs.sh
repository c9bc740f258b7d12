#!/usr/bin/env bash
# The code-shape reference (scripts/shapes/shaperef.py) against hand-worked
# cases, and the committed probe files against their generator.
source "$SRCDIR/tests/e2e/lib.sh"
out=$(python3 "$SRCDIR/scripts/shapes/test_shaperef.py" 2>&1); rc=$?
printf '%s\n' "$out" | grep -E '^(not )?ok - ' | sed 's/^\(not \)\{0,1\}ok - /&shapes ref: /'
[ "$rc" -eq 0 ] || CHECK_FAILED=1
check "code-shape probe files match scripts/shapes/gen_shapes.py" make -s -C "$SRCDIR" check-shapes-generated
done_checks
