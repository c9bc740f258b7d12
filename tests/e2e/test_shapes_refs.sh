#!/usr/bin/env bash
# The code-shape reference (scripts/shapes/shaperef.py) against hand-worked
# cases, the committed probe files against their generator, and the ~1 MB
# program against the host C compiler.
source "$SRCDIR/tests/e2e/lib.sh"
out=$(python3 "$SRCDIR/scripts/shapes/test_shaperef.py" 2>&1); rc=$?
printf '%s\n' "$out" | grep -E '^(not )?ok - ' | sed 's/^\(not \)\{0,1\}ok - /&shapes ref: /'
[ "$rc" -eq 0 ] || CHECK_FAILED=1
check "code-shape probe files match scripts/shapes/gen_shapes.py" make -s -C "$SRCDIR" check-shapes-generated
# The ~1 MB program: host C (under UBSan) computes what the probe expects...
big="$SRCDIR/probes/the-opencl-c-programming-language-code-shapes/big_program.probe"
check "host C agrees with shape.program.1mb's expected values" \
    nice -n 10 python3 "$SRCDIR/scripts/shapes/check_source_on_host.py" "$big" shape.program.1mb
# ...and the cross-check can fail: one expected value changed is caught.
tmp=$(mktemp -d)
awk '/^expect/ && !done { sub(/= [0-9]+/, "= 12345"); done = 1 } { print }' "$big" > "$tmp/wrong.probe"
check "a wrong expected value is caught by the host cross-check" \
    sh -c "! python3 '$SRCDIR/scripts/shapes/check_source_on_host.py' '$tmp/wrong.probe' shape.program.1mb"
rm -rf "$tmp"
done_checks
