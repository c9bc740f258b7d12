#!/usr/bin/env bash
# The inter-work-group measurements in about 2 s a
# device, and trustworthy (docs/measurements.md). On PoCL's CPU device:
# - each program of the family is built once a worker (measure_iwg_cache.h),
#   not once a probe;
# - the wait is calibrated from several samples at the first work-group
#   size, and a later size confirms that guess with one sample, never
#   going below it;
# - every wait is stretched by the host's runnable threads a core, as
#   recorded (host_load.h), and the three resident searches of a size agree;
# - a bounded spin-flag run accounts for every spinner, and a spinner that
#   starts after another gave up does not wait its bound again.
source "$SRCDIR/tests/e2e/lib.sh"
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    traced_run pocl --device pthread --filter 'iwg.resident.*' --filter 'iwg.spin_flag.*'
    check "one build per program in the worker: four sizes, four builds" python3 - "$TMP/pocl.trace.json" <<'PY'
import sys
from collections import Counter
from trace_spans import spans
b = Counter(s.get("args", {}).get("detail") for s in spans(sys.argv[1], "iwg build"))
print(b)
sys.exit(0 if len(b) == 4 and set(b.values()) == {1} else 1)
PY
    j=$(ls "$TMP/pocl"/*.json | grep -v index.json | head -1)
    check "calibrated once; later sizes confirm it with one sample, never below it" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = {p["id"]: p["measure"] for p in r["probes"]}
first = m["iwg.resident.wg1"]
print({k: (v.get("wait_rounds"), v.get("wait_guess_rounds"), v.get("wait_samples")) for k, v in m.items() if "resident" in k})
ok = "wait_guess_rounds" not in first and first["wait_samples"] == 3
for k in ("iwg.resident.wg64", "iwg.resident.wg256", "iwg.resident.wgmax"):
    v = m[k]
    ok = ok and v["wait_guess_rounds"] > 0 and v["wait_rounds"] >= v["wait_guess_rounds"] and v["wait_samples"] >= 1
sys.exit(0 if ok else 1)
PY
    check "waits stretched by the host's load as recorded; each size's three searches agree" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ok = True
for p in r["probes"]:
    v = p["measure"]
    if "wait_load_factor" not in v:
        continue
    want = max(1.0, v["host_runnable_per_core"] * 10 / 25)
    print(p["id"], v["wait_load_factor"], v["host_runnable_per_core"], v.get("resident_limits"))
    ok = ok and abs(v["wait_load_factor"] - want) < 1e-9
    if p["id"].startswith("iwg.resident."):
        ok = ok and v["runs_agree"] and len(v["resident_limits"]) == 3
sys.exit(0 if ok else 1)
PY
    check "bounded spin-flag runs account for every spinner; one starting after a give-up does not wait" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = {p["id"]: p["measure"] for p in r["probes"]}
ok, late = True, 0
for k, v in m.items():
    if not v.get("bounded"):
        continue
    lim = m["iwg.resident." + k.split(".")[2]]["resident_limit"]
    n = v["spinners_saw_flag"] + v["spinners_gave_up"] + v["spinners_started_after_give_up"]
    print(k, v["outcome"], v["groups"], lim, v["spinners_saw_flag"], v["spinners_gave_up"], v["spinners_started_after_give_up"])
    ok = ok and n == v["groups"] - 1 and (v["outcome"] == "gave_up") == (v["spinners_gave_up"] > 0)
    if v["outcome"] == "gave_up" and v["groups"] >= lim + 2:
        late += 1
        ok = ok and v["spinners_started_after_give_up"] >= 1
sys.exit(0 if ok and late > 0 else 1)
PY
else
    echo "ok - iwg cost on PoCL skipped: no PoCL pthread device (# SKIP)"
fi
done_checks
