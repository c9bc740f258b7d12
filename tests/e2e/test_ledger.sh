#!/usr/bin/env bash
# The ledger of contested readings (docs/spec-readings.md) and its guard:
# every [ledger: NAME] a probe cites is an entry of the ledger, and
# scripts/check_unanimous.py fails on a probe that fails on every local
# implementation unless the ledger names it.
. "$(dirname "$0")/lib.sh"
LEDGER=$SRCDIR/docs/spec-readings.md
GUARD=$SRCDIR/scripts/check_unanimous.py

cited_entries_exist() {
    local missing=0 name
    for name in $(grep -rhoE '\[ledger: [a-z0-9-]+\]' "$SRCDIR/probes" | sed 's/\[ledger: \(.*\)\]/\1/' | sort -u); do
        grep -qx "## $name" "$LEDGER" || { echo "probes cite [ledger: $name], which $LEDGER lacks"; missing=1; }
    done
    return $missing
}
check every_cited_ledger_entry_exists cited_entries_exist
check probes_cite_the_ledger test "$(grep -rhoE '\[ledger: [a-z0-9-]+\]' "$SRCDIR/probes" | wc -l)" -gt 100

every_entry_has_probes_line() {
    python3 - "$LEDGER" <<'PY'
import re, sys
entries = re.split(r"^## ", open(sys.argv[1]).read(), flags=re.M)[1:]
bad = [e.split("\n", 1)[0] for e in entries if not re.search(r"^Probes:", e, re.M)]
print("entries without a Probes: line:", bad) if bad else None
sys.exit(1 if bad or not entries else 0)
PY
}
check every_ledger_entry_has_a_probes_line every_entry_has_probes_line

# The other direction: every probe an entry's Probes: line names cites the
# entry, so explain and the reports lead from the probe to the reading.
check every_probe_a_ledger_entry_names_cites_it python3 "$SRCDIR/scripts/check_ledger_citations.py"
mkdir -p "$TMP/cite"
printf '[probe q.cites]\nspec = OpenCL C (unified): Operators\nkind = build-ok\nwhy = Rests on it [ledger: e1].\nbody = <<END\nEND\n\n[probe q.silent]\nspec = OpenCL C (unified): Operators\nkind = build-ok\nwhy = Says nothing.\nbody = <<END\nEND\n' > "$TMP/cite/q.probe"
printf '# ledger\n\n## e1\n\nProbes: q.*\n\n## e2\n\nProbes: gone.*\n' > "$TMP/cite.md"
python3 "$SRCDIR/scripts/check_ledger_citations.py" --ledger "$TMP/cite.md" --probes "$TMP/cite" > "$TMP/cite.out"
check citation_check_fails_on_a_named_probe_without_the_citation test $? -eq 1
check citation_check_names_the_probe grep -q "q.silent (named by ledger entry e1) does not cite \[ledger: e1\]" "$TMP/cite.out"
check citation_check_accepts_the_citing_probe sh -c "! grep -q 'q.cites ' '$TMP/cite.out'"
check citation_check_reports_a_glob_matching_nothing grep -q "e2 names gone.\*, which matches no probe" "$TMP/cite.out"

# Reports of three local implementations, made up: p.all fails everywhere,
# p.some on two of them only, p.crash crashes on one.
mkdir -p "$TMP/r"
report() {
    python3 - "$TMP/r/$1.json" "$2" "$3" "$4" <<'PY'
import json, sys
path, platform, all_v, crash_v = sys.argv[1:]
probes = [{"id": "p.all", "verdict": all_v}, {"id": "p.some", "verdict": "fail" if "rusticl" not in platform else "pass"},
          {"id": "p.crash", "verdict": crash_v}, {"id": "p.pass", "verdict": "pass"}]
json.dump({"schema_version": 1, "platform": {"name": platform}, "device": {"key": platform}, "probes": probes},
          open(path, "w"))
PY
}
report pocl "Portable Computing Language" fail fail
report oclgrind "Oclgrind" build-fail fail
report rusticl "rusticl" unexpected-build-ok crash
echo '{"reports": []}' > "$TMP/r/index.json"
printf '# ledger\n\n## some-entry\n\nProbes: (none)\n' > "$TMP/empty.md"
printf '# ledger\n\n## all-entry\n\nProbes: q.other, p.a*\n' > "$TMP/names.md"

"$GUARD" "$TMP/r" --ledger "$TMP/empty.md" > "$TMP/out1"; rc1=$?
check guard_fails_on_a_probe_failing_everywhere test "$rc1" -eq 1
check guard_names_the_probe grep -q "UNEXPLAINED p.all " "$TMP/out1"
check guard_ignores_probes_passing_or_crashing_somewhere sh -c "! grep -q 'p.some\|p.crash' '$TMP/out1'"
"$GUARD" "$TMP/r" --ledger "$TMP/names.md" > "$TMP/out2"; rc2=$?
check guard_accepts_a_probe_the_ledger_names test "$rc2" -eq 0
check guard_says_which_entry_defends_it grep -q "ledger entry all-entry defends it" "$TMP/out2"
rm "$TMP/r/oclgrind.json" "$TMP/r/rusticl.json"
"$GUARD" "$TMP/r" --ledger "$TMP/empty.md" > "$TMP/out3"; rc3=$?
check guard_needs_two_implementations_to_compare test "$rc3" -eq 0
"$GUARD" "$TMP/r" --ledger "$TMP/missing.md" > /dev/null 2>&1; rc4=$?
check guard_missing_ledger_is_an_input_error test "$rc4" -eq 2
check guard_reads_the_real_ledger python3 -c "import sys; sys.path.insert(0, '$SRCDIR/scripts'); import check_unanimous as c; assert len(c.ledger_globs('$LEDGER')) >= 1"
done_checks
