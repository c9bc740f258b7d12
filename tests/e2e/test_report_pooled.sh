#!/bin/bash
# A device report's file form (schema_version 2, docs/report-schema.md):
# repeated large arrays stored once under "arrays" and named by "<field>_ref".
# Every reader puts them back: merge (the page shows a value held only in the
# pool), repro (the reproducer embeds it), and a reference to nothing is a
# clear error. Then a real run on PoCL: its file pools the vector variants'
# arrays, and the reproducers written from the file equal those the run wrote.
. "$(dirname "$0")/lib.sh"
fx="$SRCDIR/tests/fixtures/reports"

"$CLCONFORM" merge "$fx/pooled.json" --out "$TMP/m" >"$TMP/merge.out" 2>&1
check merge_reads_a_pooled_report test $? -eq 0
# -77 is only in record c's own array; -100, the first input, only in the pool.
check page_shows_a_value_from_the_record grep -q -- '-77' "$TMP/m/pooled-fixture.html"
check page_shows_inputs_from_the_pool grep -q -- '-100' "$TMP/m/pooled-fixture.html"

"$CLCONFORM" repro "$fx/pooled.json" --out "$TMP/r" >"$TMP/repro.out" 2>&1
check repro_reads_a_pooled_report grep -q '3 reproducer' "$TMP/repro.out"
check repro_embeds_pooled_inputs grep -q -- '-100' "$TMP/r/pooled-fixture/bool.int2.pooled.b/repro.c"

"$CLCONFORM" merge "$fx/bad/dangling-ref.json" --out "$TMP/bad" >"$TMP/bad.out" 2>&1
check dangling_reference_exits_2 test $? -eq 2
check dangling_reference_names_file_probe_and_field \
    grep -q 'dangling-ref.json: probe bool.int2.pooled.b: expected_ref "A7" names no array' "$TMP/bad.out"

if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    "$CLCONFORM" --device pthread --filter 'math.fract.float*' --quiet --out "$TMP/run" --repro "$TMP/rp-run" \
        >"$TMP/run.out" 2>&1
    J=$(ls "$TMP"/run/portable*.json)
    check run_file_pools_the_variants_arrays json_get "$J" \
        "len(r['probes']) >= 4 and all('values' in p['inputs'][0] for p in r['probes'] if p['verdict'] == 'fail') or exit(1)"
    check run_file_has_references_and_a_pool python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
refs = [p for p in d["probes"] if "expected_ref" in p]
assert d["schema_version"] == 2 and d["arrays"] and refs, "no pooled arrays"
assert all(p["expected_ref"] in d["arrays"] for p in refs)
' "$J"
    "$CLCONFORM" repro "$J" --out "$TMP/rp-file" >/dev/null 2>&1
    check repro_from_the_file_equals_the_runs diff -r -I '^started ' "$TMP/rp-run" "$TMP/rp-file"
else
    echo "ok - pooled_run_on_pocl # SKIP no PoCL pthread device"
fi

done_checks
