#!/usr/bin/env bash
# The committed chapter-6 probe files are exactly what their generator writes.
source "$SRCDIR/tests/e2e/lib.sh"
check "basic probe files match scripts/gen_basic_probes.py" make -s -C "$SRCDIR" check-basic-generated
done_checks
