#!/usr/bin/env bash
# The litmus family runs on one local device (PoCL, which
# claims every order at device scope, else Oclgrind) and every probe ends
# with a real verdict: counts that add up to the runs made, the weak
# outcome's count matching its outcome, and the verdict the flavour's rule
# gives for those counts (judged: pass iff the weak outcome and stray values
# never showed; otherwise info), or a skip that says why. With a cache, a
# later run adds its samples to the earlier runs' totals and judges those.
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

    # With a cache, each run adds its samples to the totals of the runs
    # before it (measure_memo.h): the first run spends the whole budget, the
    # next a short one, and judges the sums.
    (
        unset CLCONFORM_NO_CACHE
        export XDG_CACHE_HOME="$TMP/xdg"
        for n in 1 2; do
            "$CLCONFORM" --probes "$SRCDIR/probes/3.3-memory-model/litmus.probe" --filter 'litmus.mp.*' \
                --filter litmus.sb.seq_cst --device "$dev" --out "$TMP/acc$n" >"$TMP/acc$n.log" 2>&1
        done
    )
    check "a second run adds its counts to the first's: totals, budget, seed and verdict" python3 - \
        "$(ls "$TMP"/acc1/*.json | grep -v index.json | head -1)" "$(ls "$TMP"/acc2/*.json | grep -v index.json | head -1)" <<'PY'
import json, sys
first, second = ({p["id"]: p for p in json.load(open(f))["probes"]} for f in sys.argv[1:3])
assert len(first) == len(second) == 4, (len(first), len(second))
checked = 0
for pid, b in second.items():
    a = first[pid]
    if a["verdict"] == "skip" and a.get("detail", "").startswith("device lacks"):
        continue
    ma, mb = a["measure"], b["measure"]
    ta, tb = ma["all_runs"], mb["all_runs"]
    # The first run's totals are its own counts; the second's add up.
    assert ta["clconform_runs"] == 1 and ta["runs"] == ma["runs"] and ta["outcomes"] == {k: v for k, v in ma["outcomes"].items() if k != "other"}, (pid, ta, ma)
    assert tb["clconform_runs"] == 2 and tb["since"] == ta["since"], (pid, tb)
    assert tb["runs"] == ta["runs"] + mb["runs"] and tb["concurrent"] == ta["concurrent"] + mb["concurrent_runs"], (pid, ta, tb, mb)
    for k in ta["outcomes"]:
        assert tb["outcomes"][k] == ta["outcomes"][k] + mb["outcomes"][k], (pid, k)
    assert tb["other"] == ta["other"] + mb["outcomes"]["other"] and tb["weak"] == tb["outcomes"][ma["weak_outcome"]], pid
    assert ma["budget_s"] == 0.5 and mb["budget_s"] == 0.1 and ma["seed"] != mb["seed"], (pid, ma["budget_s"], mb["budget_s"])
    # The verdict is the totals'.
    bad = tb["weak"] + tb["other"]
    if mb["weak_forbidden"] and bad:
        want = "fail"
    elif tb["concurrent"] == 0:
        want = "skip"
    else:
        want = "pass" if mb["weak_forbidden"] else "info"
    assert b["verdict"] == want and "over 2 runs of clconform" in b["detail"], (pid, b["verdict"], want, b["detail"])
    if want in ("pass", "info"):
        assert ("%d times in %d runs" % (tb["weak"], tb["runs"])) in b["detail"], (pid, b["detail"])
    checked += 1
assert checked >= 2, checked
PY
fi
done_checks
