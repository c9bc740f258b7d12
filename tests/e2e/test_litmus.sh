#!/usr/bin/env bash
# Issue 17, item 3: the litmus family runs on one local device (PoCL, which
# claims every order at device scope, else Oclgrind) and every probe ends
# with a real verdict: counts that add up to the runs made, the weak
# outcome's count matching its outcome, and the verdict the flavour's rule
# gives for those counts (judged: pass iff the weak outcome and stray values
# never showed; otherwise info), or a skip that says why.
source "$SRCDIR/tests/e2e/lib.sh"
dev=
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    dev=pthread
elif "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    dev=oclgrind
fi
if [ -n "$dev" ]; then
    out="$TMP/litmus"
    "$CLCONFORM" --probes "$SRCDIR/probes/3.3-memory-model/litmus.probe" --device "$dev" --out "$out" \
        >"$TMP/run.log" 2>&1
    j=$(ls "$out"/*.json | grep -v index.json | head -1)
    check "the run wrote a report for $dev" test -s "$j"
    check "all 15 litmus probes (5 tests x 3 flavours) have a record" \
        test "$(json_get "$j" 'len([p for p in r["probes"] if p["id"].startswith("litmus.")])')" = 15
    check "every record is a real verdict: counts add up, and the rule gives that verdict" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ran = 0
for p in r["probes"]:
    v, m, d = p["verdict"], p.get("measure", {}), p.get("detail", "")
    if v == "skip" and d.startswith("device lacks"):
        continue
    assert v in ("pass", "fail", "info", "skip"), (p["id"], v, d)
    o = m["outcomes"]
    assert len(o) == 5 and "other" in o, (p["id"], o)
    assert sum(o.values()) == m["runs"] > 0, (p["id"], o, m["runs"])
    assert m["runs"] == m["launches"] * m["instances_per_launch"], p["id"]
    assert 0 <= m["concurrent_runs"] <= m["runs"], p["id"]
    assert o[m["weak_outcome"]] == m["weak"], p["id"]
    flavour = p["id"].split(".")[2]
    assert m["weak_forbidden"] == (flavour in ("acq_rel", "seq_cst") or p["id"] == "litmus.corr.relaxed"), p["id"]
    bad = m["weak"] + o["other"]
    if m["weak_forbidden"] and bad:
        assert v == "fail" and "forbidden outcome seen" in d, (p["id"], v, d)
    elif m["concurrent_runs"] == 0:
        assert v == "skip" and "could not run its threads concurrently" in d, (p["id"], v, d)
    else:
        assert v == ("pass" if m["weak_forbidden"] else "info"), (p["id"], v, d)
        assert ("%d times in %d runs" % (m["weak"], m["runs"])) in d, (p["id"], d)
    ran += 1
assert ran >= 5, ran
PY
    check "the 1.2 flavour runs on every device, never judged" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cl12 = [p for p in r["probes"] if p["id"].endswith(".cl12")]
assert len(cl12) == 5 and all(p["verdict"] in ("info", "skip") and p["measure"]["runs"] > 0 for p in cl12), cl12
PY
    if [ "$dev" = pthread ]; then
        check "PoCL claims acq_rel and seq_cst at device scope: the judged flavours ran" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
judged = [p for p in r["probes"] if p["id"].split(".")[2] in ("acq_rel", "seq_cst")]
assert len(judged) == 5 and all("runs" in p.get("measure", {}) for p in judged), judged
PY
    fi
    check "the HTML report shows the outcome counts" grep -q '<th>outcomes</th><td>{&quot;r0=0 r1=0&quot;:[0-9]' "${j%.json}.html"
fi
done_checks
