#!/usr/bin/env bash
# The litmus family runs on one local device (PoCL, which claims every order
# at device scope, else Oclgrind) and every probe ends with a real verdict:
# counts that add up to the runs made, the weak outcomes' count matching its
# outcomes, and the verdict the flavour's rule gives for those counts
# (judged: fail iff a weak outcome or a stray value showed, else pass only
# when a mutant was killed, skip when none was; otherwise info), or a skip
# that says why. With a cache, a later run adds its samples to the earlier
# runs' totals, reuses the environment the first run tuned, and judges the
# totals.
source "$SRCDIR/tests/e2e/lib.sh"
dev=
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    dev=pthread
elif "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    dev=oclgrind
fi
if [ -n "$dev" ]; then
    out="$TMP/litmus"
    "$CLCONFORM" --probes "$SRCDIR/probes/memory-model/litmus.probe" --device "$dev" --out "$out" \
        >"$TMP/run.log" 2>&1
    j=$(ls "$out"/*.json | grep -v index.json | head -1)
    check "the run wrote a report for $dev" test -s "$j"
    check "all 31 litmus probes have a record" \
        test "$(json_get "$j" 'len([p for p in r["probes"] if p["id"].startswith("litmus.")])')" = 31
    check "every record is a real verdict: counts add up, and the rule gives that verdict" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ran = 0
for p in r["probes"]:
    v, m, d = p["verdict"], p.get("measure", {}), p.get("detail", "")
    if v == "skip" and (d.startswith("device lacks") or "work-groups at once" in d):
        continue
    assert v in ("pass", "fail", "info", "skip"), (p["id"], v, d)
    o = m["outcomes"]
    assert "other" in o and sum(o.values()) == m["runs"] > 0, (p["id"], o, m["runs"])
    assert 0 <= m["concurrent_runs"] <= m["runs"], p["id"]
    assert m["weak"] == sum(o[k] for k in m["weak_outcomes"]), p["id"]
    for mu in m.get("mutants", []):
        assert sum(mu["outcomes"].values()) == mu["runs"] and mu["killed"] == (mu["weak"] > 0), (p["id"], mu)
    t = m["all_runs"]
    killed, run = t.get("mutants_killed", 0), t.get("mutants_run", 0)
    bad = t["weak"] + t["outcomes"]["other"]
    if m["weak_forbidden"] and bad:
        assert v == "fail" and "forbidden outcome seen" in d, (p["id"], v, d)
    elif t["concurrent"] == 0:
        assert v == "skip" and "could not run its threads concurrently" in d, (p["id"], v, d)
    elif m["weak_forbidden"] and killed == 0:
        assert v == "skip" and "environment cannot show weak behaviour here" in d, (p["id"], v, d)
    elif m["weak_forbidden"]:
        assert v == "pass" and ("environment killed %d of %d mutants" % (killed, run)) in d, (p["id"], v, d)
    else:
        assert v == "info" and ("%d times in %d runs" % (t["weak"], t["runs"])) in d, (p["id"], v, d)
    assert m["environment_from"] == "searched" and len(m["search"]) >= 1, p["id"]
    ran += 1
assert ran >= 5, ran
PY
    check "the 1.2 flavour runs on every device; only CoRR's is judged" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cl12 = [p for p in r["probes"] if p["id"].endswith(".cl12")]
assert len(cl12) == 13, len(cl12)
for p in cl12:
    if "work-groups at once" in p.get("detail", ""):
        continue
    assert p["measure"]["weak_forbidden"] == (p["id"] == "litmus.corr.cl12") and p["measure"]["runs"] > 0, p["id"]
PY
    if [ "$dev" = pthread ]; then
        check "PoCL claims acq_rel and seq_cst at device scope: the judged flavours ran with their mutants" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
judged = [p for p in r["probes"] if p["id"].split(".")[2] in ("acq_rel", "seq_cst", "relaxed", "fence")]
assert len(judged) == 14, len(judged)
for p in judged:
    if "work-groups at once" in p.get("detail", ""):
        continue
    assert p["measure"]["runs"] > 0 and len(p["measure"]["mutants"]) >= 2, p["id"]
PY
    fi
    check "the report's litmus power is the kill rate scripts/litmus_power.py gives, and the page states it" \
        python3 - "$j" "$SRCDIR/scripts/litmus_power.py" <<'PY'
import json, re, subprocess, sys
r = json.load(open(sys.argv[1]))
lp = r["summary"]["litmus_power"]
line = subprocess.run([sys.executable, sys.argv[2], sys.argv[1]], check=True, capture_output=True,
                      text=True).stdout.splitlines()[0]
m = re.search(r": kill rate (\d+) of (\d+) ", line)
assert m and (lp["mutants_killed"], lp["mutants_run"]) == (int(m[1]), int(m[2])), (lp, line)
assert lp["probes"] == sum("all_runs" in p.get("measure", {}) for p in r["probes"]) >= 5, lp
page = open(sys.argv[1][:-len(".json")] + ".html").read()
assert "Litmus power: environment killed %d of %d allowed-weak kernels" % (
    lp["mutants_killed"], lp["mutants_run"]) in page, lp
PY
    check "the HTML report shows the outcome counts" grep -q '<th>outcomes</th><td>{&quot;r0=0 r1=0&quot;:[0-9]' "${j%.json}.html"

    # With a cache, each run adds its samples to the totals of the runs
    # before it (measure_memo.h): the first run tunes and spends the whole
    # budget, the next reuses the tuned environment for a short one, and
    # judges the sums.
    (
        unset CLCONFORM_NO_CACHE
        export XDG_CACHE_HOME="$TMP/xdg"
        for n in 1 2; do
            "$CLCONFORM" --probes "$SRCDIR/probes/memory-model/litmus.probe" --filter 'litmus.mp.cl12' \
                --filter litmus.mp.acq_rel --filter litmus.sb.seq_cst --device "$dev" --out "$TMP/acc$n" \
                >"$TMP/acc$n.log" 2>&1
        done
    )
    check "a second run adds its counts to the first's: totals, environment, budget, seed and verdict" python3 - \
        "$(ls "$TMP"/acc1/*.json | grep -v index.json | head -1)" "$(ls "$TMP"/acc2/*.json | grep -v index.json | head -1)" <<'PY'
import json, sys
first, second = ({p["id"]: p for p in json.load(open(f))["probes"]} for f in sys.argv[1:3])
assert len(first) == len(second) == 3, (len(first), len(second))
checked = 0
for pid, b in second.items():
    a = first[pid]
    if a["verdict"] == "skip" and a.get("detail", "").startswith("device lacks"):
        continue
    ma, mb = a["measure"], b["measure"]
    ta, tb = ma["all_runs"], mb["all_runs"]
    # The first run's totals are its own counts; the second's add up.
    assert ta["clconform_runs"] == 1 and ta["runs"] == ma["runs"] and ta["outcomes"] == ma["outcomes"], (pid, ta, ma)
    assert tb["clconform_runs"] == 2 and tb["since"] == ta["since"], (pid, tb)
    assert tb["runs"] == ta["runs"] + mb["runs"] and tb["concurrent"] == ta["concurrent"] + mb["concurrent_runs"], pid
    for k in ta["outcomes"]:
        assert tb["outcomes"][k] == ta["outcomes"][k] + mb["outcomes"][k], (pid, k)
    for mu in mb.get("mutants", []):
        assert tb["mutants"][mu["flavour"]]["runs"] == ta["mutants"][mu["flavour"]]["runs"] + mu["runs"], pid
    # The second run takes the environment the first one searched for.
    assert ma["environment_from"] == "searched" and mb["environment_from"] == "remembered", pid
    assert mb["environment"] == ma["environment"] == tb["environment"], pid
    assert ma["budget_s"] == 0.3 and mb["budget_s"] == 0.04 and ma["seed"] != mb["seed"], pid
    assert "over 2 runs of clconform" in b["detail"], (pid, b["detail"])
    checked += 1
assert checked >= 1, checked
PY
fi
done_checks
