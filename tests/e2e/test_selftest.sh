#!/usr/bin/env bash
# The harness judged on probes whose answers do not depend on any driver's
# conformance (tests/selftest/*.probe): on every local device each verdict
# must be the one the probe's id names, a probe that does not build must not
# poison its batch neighbours, and each device gets a JSON and an HTML
# report listed in index.json. Works with whatever devices this machine has
# (PoCL alone is enough); rusticl takes part when RUSTICL_ENABLE allows it.
. "$SRCDIR/tests/e2e/lib.sh"
export RUSTICL_ENABLE=swrast
SELF="$SRCDIR/tests/selftest"

# rec REPORT ID EXPR: the record of probe ID in REPORT satisfies the python
# expression EXPR (`p` is the record, `r` the report).
rec() {
    python3 - "$@" <<'EOF'
import json, sys
path, pid, expr = sys.argv[1:4]
r = json.load(open(path))
found = [p for p in r["probes"] if p.get("id") == pid]
if len(found) != 1:
    sys.exit("%d records for %s in %s" % (len(found), pid, path))
p = found[0]
# A record names its build log in the report's build_logs (build_logs.h).
if "build_log_ref" in p:
    p["build_log"] = r.get("build_logs", {}).get(p["build_log_ref"], "")
if not eval(expr):
    print(json.dumps({k: v for k, v in p.items() if k not in ("source", "why")}, indent=1)[:1500])
    sys.exit("record does not satisfy: " + expr)
EOF
}

# report_ok REPORT EXPR: the whole report satisfies EXPR (`r`).
report_ok() {
    python3 - "$@" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
if not eval(sys.argv[2]):
    print(json.dumps(r.get("summary"), indent=1)[:1500])
    sys.exit("report does not satisfy: " + sys.argv[2])
EOF
}

expect_rc() {
    local want=$1; shift
    "$@"
    local rc=$?
    [ "$rc" -eq "$want" ] || { echo "exit status $rc, wanted $want"; return 1; }
}

check selftest_run_exits_1_for_the_deliberate_fail \
    expect_rc 1 "$CLCONFORM" --all-devices --probes "$SELF" --out "$TMP/r"

reports=()
for f in "$TMP"/r/*.json; do
    [ -e "$f" ] || continue
    [ "$(basename "$f")" = index.json ] && continue
    reports+=("$f")
done
check selftest_at_least_one_device_report test "${#reports[@]}" -ge 1
check selftest_index_json_exists test -s "$TMP/r/index.json"
check selftest_index_lists_exactly_the_reports python3 - "$TMP/r/index.json" "${reports[@]##*/}" <<'EOF'
import json, sys
idx = json.load(open(sys.argv[1]))
listed, files = sorted(idx["reports"]), sorted(sys.argv[2:])
if listed != files or idx.get("schema_version") != 1 or idx.get("complete") is not True:
    sys.exit("index lists %s, the folder has %s" % (listed, files))
EOF

for f in "${reports[@]}"; do
    key=$(basename "$f" .json)
    echo "# device $key"
    check "$key: html_report_written" grep -qi '<html' "$TMP/r/$key.html"
    check "$key: device_key_is_the_file_name" report_ok "$f" "r['device']['key'] == '$key'"
    check "$key: run_complete_and_env_recorded" \
        report_ok "$f" "r['run']['complete'] is True and r['run']['env'].get('RUSTICL_ENABLE') == 'swrast'"
    check "$key: summary_counts" report_ok "$f" \
        "[r['summary'][k] for k in ('total', 'pass', 'fail', 'build-fail', 'unexpected-build-ok', 'info', 'skip', 'timeout', 'crash', 'error')] == [12, 7, 1, 1, 1, 1, 1, 0, 0, 0]"
    check "$key: every_record_has_a_clause_and_every_non_pass_its_file_and_line" report_ok "$f" \
        "all(p['clause'] == 'clconform self-test' and (p['verdict'] == 'pass' and 'file' not in p or '/tests/selftest/' in p['file'] and p['line'] > 0) for p in r['probes'])"

    check "$key: pass.const" rec "$f" selftest.pass.const "p['verdict'] == 'pass'"
    check "$key: pass.input_buffer_read_back" rec "$f" selftest.pass.input "p['verdict'] == 'pass'"
    check "$key: pass.build-ok" rec "$f" selftest.pass.build-ok "p['verdict'] == 'pass'"
    check "$key: pass.build-fail_of_invalid_source" rec "$f" selftest.pass.build-fail "p['verdict'] == 'pass'"
    check "$key: pass.requires_absent_capability_runs" rec "$f" selftest.pass.requires-absent \
        "p['verdict'] == 'pass' and p['time_ms'] > 0"

    check "$key: fail.wrong_expect_is_fail" rec "$f" selftest.fail.wrong-expect "p['verdict'] == 'fail'"
    check "$key: fail.first_mismatch_expected_actual" rec "$f" selftest.fail.wrong-expect \
        "p['first_mismatch'] == 0 and p['mismatches'] == 1 and p['expected'] == ['3'] and p['actual'] == ['2']"
    check "$key: fail.record_is_reproducible" rec "$f" selftest.fail.wrong-expect \
        "'out[0] = 2;' in p['source'] and p['kernel'] == 'probe' and p['out_type'] == 'int' and p['out_count'] == 1 and p['detail']"

    check "$key: unexpected-build-ok_of_valid_source" rec "$f" selftest.unexpected-build-ok.valid \
        "p['verdict'] == 'unexpected-build-ok' and p['detail']"

    check "$key: info.impl_defined_records_actual" rec "$f" selftest.info.byte-order \
        "p['verdict'] == 'info' and p['actual'] in (['67305985'], ['16909060'])"

    check "$key: skip.missing_capability_with_reason" rec "$f" selftest.skip.made-up-ext \
        "p['verdict'] == 'skip' and 'cl_vendor_made_up_ext' in p['detail'] and p['time_ms'] == 0"

    check "$key: batch.broken_is_build-fail_with_log" rec "$f" selftest.batch.broken \
        "p['verdict'] == 'build-fail' and p['build_log'].strip() != '' and p['batch_size'] == 1"
    check "$key: batch.neighbour_before_still_passes" rec "$f" selftest.batch.before "p['verdict'] == 'pass'"
    check "$key: batch.neighbour_after_still_passes" rec "$f" selftest.batch.after "p['verdict'] == 'pass'"
done

# Only the passing probes: nothing unexpected, exit 0, and only those ran.
check selftest_filter_passing_only_exits_0 \
    expect_rc 0 "$CLCONFORM" --all-devices --probes "$SELF" --filter 'selftest.pass.*' \
    --filter 'selftest.batch.before' --out "$TMP/p"
n=0
for f in "$TMP"/p/*.json; do
    [ "$(basename "$f")" = index.json ] && continue
    [ -e "$f" ] || continue
    n=$((n + 1))
    key=$(basename "$f" .json)
    check "$key: filtered_run_has_only_the_six_passing_probes" report_ok "$f" \
        "sorted(p['id'] for p in r['probes']) == sorted(['selftest.batch.before', 'selftest.pass.build-fail', 'selftest.pass.build-ok', 'selftest.pass.const', 'selftest.pass.input', 'selftest.pass.requires-absent']) and all(p['verdict'] == 'pass' for p in r['probes'])"
done
check selftest_filtered_run_wrote_as_many_reports test "$n" -ge 1 -a "$n" -eq "${#reports[@]}"

done_checks
