# Shared helpers for end-to-end tests: source it, call check, end with done_checks.
# Each check prints "ok - NAME" or "not ok - NAME"; tests/run.sh adds them up.
# $CLCONFORM is the binary under test, $SRCDIR the repository root.
set -u
: "${CLCONFORM:?set CLCONFORM to the clconform binary}"
: "${SRCDIR:?set SRCDIR to the repository root}"
CHECK_FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/clc-e2e.XXXXXX")
# Tests build from source: a cache entry from another test (or from the
# user's own runs) must not answer for a fake driver whose answers change
# with its knobs. tests/e2e/test_bincache.sh tests the cache itself.
export CLCONFORM_NO_CACHE=1
# Which probes also run alone must not depend on the day a test runs
# (alone_plan.h); tests/e2e/test_alone.sh sets it.
export CLCONFORM_ALONE=none
# Inline python checks import helpers from here (trace_spans.py).
export PYTHONPATH="$SRCDIR/tests/e2e${PYTHONPATH:+:$PYTHONPATH}"
trap 'rm -rf "$TMP"' EXIT

# check NAME COMMAND...: passes when COMMAND exits 0.
check() {
    local name=$1; shift
    if "$@" >"$TMP/last.out" 2>&1; then
        echo "ok - $name"
    else
        echo "not ok - $name"; sed 's/^/#   /' "$TMP/last.out" | head -n 20
        CHECK_FAILED=1
    fi
}

# jq-free JSON query through python3: json_get FILE EXPR (EXPR in python, `r` is the report).
json_get() {
    python3 "$SRCDIR/tests/e2e/report_get.py" "$1" "$2"
}

# traced_run NAME ARGS...: clconform ARGS from the repository root, quietly,
# its reports in $TMP/NAME, its --trace timeline in $TMP/NAME.trace.json and
# its output in $TMP/NAME.out. Fails as clconform does.
traced_run() {
    local name=$1; shift
    (cd "$SRCDIR" && "$CLCONFORM" "$@" --quiet --out "$TMP/$name" --trace "$TMP/$name.trace.json" \
        >"$TMP/$name.out" 2>&1)
}

done_checks() { exit "$CHECK_FAILED"; }
