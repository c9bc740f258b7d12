#!/usr/bin/env bash
# The reducer on an `error` verdict: Oclgrind builds the fixture's kernel and
# then refuses it at clCreateKernel (CL_INVALID_KERNEL_NAME) for one line,
# (4294967295u / x) < y. `clconform reduce` cuts the probe to that line, the
# reduced probe gets the same error from the same call again, and its log
# says each candidate was built alone. The bystander probe, which shares the
# refused dispatch kernel, is built again apart from it and passes.
. "$SRCDIR/tests/e2e/lib.sh"
P="$SRCDIR/tests/fixtures/probes/reduce-error/refused.probe"
ID=fixture.reduce-error.refused

if ! clinfo -l 2>/dev/null | grep -q "Oclgrind"; then
    echo "ok - reduce_error_e2e # SKIP no Oclgrind device"
    done_checks
fi
"$CLCONFORM" --device oclgrind --probes "$P" --out "$TMP/run" --quiet
REPORT=$(ls "$TMP"/run/oclgrind*.json)
if ! json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == '$ID'][0]" | grep -qx error; then
    echo "ok - reduce_error_e2e # SKIP $ID is not refused by this Oclgrind: nothing to reduce"
    done_checks
fi

"$CLCONFORM" reduce "$REPORT" --filter "$ID" --out "$TMP/red" >"$TMP/red.out" 2>&1
check reduce_error_exits_0 test $? -eq 0
DIR=$(ls -d "$TMP"/red/oclgrind*/"$ID".reduced 2>/dev/null)
check reduce_error_writes_probe_and_log test -s "$DIR/reduced.probe" -a -s "$DIR/REDUCTION.txt"
check reduce_error_log_says_built_alone grep -q "each candidate built alone" "$DIR/REDUCTION.txt"

"$CLCONFORM" --device oclgrind --probes "$DIR/reduced.probe" --out "$TMP/again" --quiet
check reduced_probe_is_still_refused test $? -eq 1
AGAIN=$(ls "$TMP"/again/oclgrind*.json)
check reduced_probe_is_the_one_line python3 - "$AGAIN" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["probes"][0]
assert r["verdict"] == "error", r["verdict"]
assert r["error"]["call"] == "clCreateKernel" and r["error"]["code"] == -46, r["error"]
body = [l.strip() for l in r["source"].split("{", 1)[1].rsplit("}", 1)[0].split("\n") if l.strip()]
body = [l for l in body if not l.startswith("/*") and not l.startswith("#")]
# One of the two refused comparisons and nothing else, though dropping
# every line that is removable alone at once loses the refusal.
assert len(body) == 1 and "4294967295u / in[" in body[0], body
assert not any("in[2]" in l or "in[3]" in l for l in body), body
PY

# The bystander shares the refused probe's dispatch kernel in the run: the
# refused kernel's probes are built again in halves, as a failed build's are,
# so the bystander gets its own verdict (it passes) and is not made `error`.
BV=$(json_get "$REPORT" "[p['verdict'] for p in r['probes'] if p['id'] == 'fixture.reduce-error.bystander'][0]")
check "a kernel refused at clCreateKernel does not take its neighbour down (got $BV)" test "$BV" = pass

# reduce's --timeout takes seconds as the run's does, through one parser.
"$CLCONFORM" reduce "$REPORT" --filter fixture.reduce-error.bystander --timeout soon >"$TMP/badt.out" 2>&1
check "reduce --timeout soon: a usage error (exit 2)" test $? -eq 2
check "naming the option and what it takes" grep -q "clconform reduce: --timeout 'soon': expected seconds > 0" "$TMP/badt.out"
done_checks
