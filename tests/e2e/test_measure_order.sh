#!/usr/bin/env bash
# The order of a device's measurements (fanout.c) and the spin-flag bound
# (measure_iwg.c):
# - the measurement that deadlocks on purpose (the unbounded spin-flag)
#   runs last of the measurements, so that no measurement needs a worker
#   after the one it kills;
# - a bounded spin-flag run after a completed one at the same work-group
#   size waits ten times that run's length (at least one calibrated
#   wait), not forty waits (about a second), and still gives up where the
#   groups are not resident together;
# - a resident search after another (another work-group size) first checks
#   the limit that one found, in two launches;
# - on a device whose memory is not the host's (Oclgrind says so), the
#   limit measurements run early but limits.max_alloc.*, which stays last.
# PoCL's CPU device for the first two, Oclgrind for the third.
. "$(dirname "$0")/lib.sh"
have() { "$CLCONFORM" --list 2>/dev/null | grep -q "$1"; }
if have pthread; then
    traced_run pocl --device pthread --device-jobs 2 --filter 'iwg.spin_flag.wg256.*' --filter 'bool.*'
    check "the unbounded spin-flag is the last measurement, after the others of its size" python3 - "$TMP/pocl.trace.json" <<'PY'
import sys
from trace_spans import spans
m = sorted(spans(sys.argv[1], "measure"), key=lambda s: s["ts"])
names = [s.get("args", {}).get("detail") for s in m]
print(names)
sys.exit(0 if len(names) == 5 and names[-1] == "iwg.spin_flag.wg256.above_limit_unbounded" else 1)
PY
    check "bounded runs after a completed one wait ten times its length (1 to 40 waits); one still gives up, sooner than forty waits" python3 - "$TMP/pocl" <<'PY'
import glob, json, sys
r = json.load(open([f for f in glob.glob(sys.argv[1] + "/*.json") if not f.endswith("index.json")][0]))
m = {p["id"]: p.get("measure", {}) for p in r["probes"] if p["id"].startswith("iwg.")}
print(json.dumps({k: {f: v.get(f) for f in ("outcome", "spin_bound_waits", "spin_bound_completed_ms", "kernel_ms", "wait_ms")} for k, v in m.items()}))
at = m.pop("iwg.spin_flag.wg256.at_limit")
m.pop("iwg.spin_flag.wg256.above_limit_unbounded")
ok = at.get("outcome") == "completed" and at.get("spin_bound_completed_ms") is None and at.get("spin_bound_waits") == 40
for v in m.values():
    done = v.get("spin_bound_completed_ms")
    ok = ok and done is not None and done >= at["kernel_ms"] - 1e-9
    want = max(1, min(40, 10 * done / v["wait_ms"])) if done is not None else None
    ok = ok and want is not None and abs(v["spin_bound_waits"] - want) < 1e-6
gave_up = [v for v in m.values() if v.get("outcome") == "gave_up"]
# Sooner than forty waits: its bound says so (how long the kernel took is
# the machine's load as much as the bound).
ok = ok and gave_up and all(v["spin_bound_waits"] < 40 for v in gave_up)
sys.exit(0 if ok else 1)
PY
    traced_run res --device pthread --filter 'iwg.resident.*'
    check "a resident search after another starts from its limit: two launches where the limit is the same" python3 - "$TMP/res" <<'PY'
import glob, json, sys
r = json.load(open([f for f in glob.glob(sys.argv[1] + "/*.json") if not f.endswith("index.json")][0]))
m = {p["id"]: p.get("measure", {}) for p in r["probes"]}
first = m.pop("iwg.resident.wg1")
print(json.dumps({k: [v.get(f) for f in ("resident_limits", "search_hint", "search_hint_held", "launches")] for k, v in m.items()}))
ok = "search_hint" not in first and first.get("launches", 0) > 2
for v in m.values():
    same = v["resident_limit"] == v["search_hint"]
    ok = ok and v.get("search_hint") is not None and v.get("search_hint_held") == same and (v["launches"] == 2) == same
ok = ok and any(v.get("search_hint_held") for v in m.values())
sys.exit(0 if ok else 1)
PY
else
    echo "ok - measure-order on PoCL skipped: no PoCL pthread device (# SKIP)"
fi
if have oclgrind; then
    traced_run ocl --device oclgrind --device-jobs 2 --filter 'limits.*' --filter 'iwg.resident.wg1' --filter 'bool.*'
    check "Oclgrind (memory not the host's): limits early, max_alloc last with the inter-work-group one" python3 - "$TMP/ocl.trace.json" <<'PY'
import sys
from trace_spans import spans, measurement_lanes
last = [s.get("args", {}).get("detail") for s in spans(sys.argv[1], "measurements")]
mine = measurement_lanes(sys.argv[1])
m = spans(sys.argv[1], "measure")
after = sorted({s["args"]["detail"] for s in m if (s["pid"], s["tid"]) in mine})
before = sorted({s["args"]["detail"] for s in m if (s["pid"], s["tid"]) not in mine})
print(last, "in the last chunk:", after, "in the others:", before)
sys.exit(0 if last == ["3 probes"] and after == ["iwg.resident.wg1", "limits.max_alloc.at", "limits.max_alloc.over"]
         and len([d for d in before if d.startswith("limits.")]) >= 10 else 1)
PY
else
    echo "ok - measure-order on Oclgrind skipped: no Oclgrind device (# SKIP)"
fi
done_checks
