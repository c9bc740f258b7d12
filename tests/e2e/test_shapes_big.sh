#!/usr/bin/env bash
# The ~1 MB program (shape.program.1mb) and the -I probes, on this
# machine's PoCL: the big program is built as a program of its own
# (a `source` probe never joins a batch) and its values
# match; headers are found through -I ${PROBE_DIR}/include (the expansion
# itself is unit-tested in tests/unit/test_probe_dir.c).
. "$SRCDIR/tests/e2e/lib.sh"
if ! clinfo -l 2>/dev/null | grep -q pthread; then
    echo "ok - shapes_big_e2e # SKIP no PoCL device"
    done_checks
fi
"$CLCONFORM" --device pthread --probes "$SRCDIR/probes/the-opencl-c-programming-language-code-shapes" \
    --filter 'shape.program.1mb' --filter 'shape.include.nested.default' --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/*pthread*.json | head -n 1)
check "the 1 MB program passes on PoCL" \
    json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == 'shape.program.1mb'] == ['pass'] or exit(1)"
# A pass's file record leaves out its batch size (docs/report-schema.md):
# two probes and two program builds say that each was built alone.
check "...built alone (two probes, two programs)" \
    json_get "$REPORT" "(len(r['probes']), r['run']['builds']) == (2, 2) or exit(1)"
check "headers found through -I \${PROBE_DIR}/include" \
    json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == 'shape.include.nested.default'] == ['pass'] or exit(1)"
done_checks
