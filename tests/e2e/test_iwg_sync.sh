#!/usr/bin/env bash
# The three classic inter-work-group methods (an atomic
# counter, a spin lock, a global barrier) as measurements, with exactly the
# groups the device keeps resident. On a real device (PoCL's CPU device, which
# claims release/acquire at device scope): every probe has counts that add up
# and the verdict its flavour's rule gives (cl12 info, acq_rel pass), with the
# groups iwg.resident.wg64 measured. Then the host's judging against kernels
# edited to misbehave on the same driver: a barrier whose reads all miss fails
# (acq_rel) or is recorded (cl12); a lock nobody can take gives up after one
# bounded wait a group and is a skip, not a hang.
source "$SRCDIR/tests/e2e/lib.sh"
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    traced_run real --device pthread --filter 'iwg.resident.wg64' --filter 'iwg.sync.*'
    j=$(ls "$TMP/real"/*.json | grep -v index.json | head -1)
    check "six sync probes with counts that add up and the flavour's verdict" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = {x["id"]: x for x in r["probes"]}
limit = p["iwg.resident.wg64"]["measure"]["resident_limit"]
ids = [f"iwg.sync.{m}.{f}" for m in ("counter", "lock", "barrier") for f in ("cl12", "acq_rel")]
for i in ids:
    x, m = p[i], p[i].get("measure", {})
    print(i, x["verdict"], x.get("detail"))
    want = "info" if i.endswith("cl12") else "pass"
    assert x["verdict"] == want, i
    assert m["groups"] == limit >= 2, i
    assert m["launches"] >= 3 and m["steps"] > 0 and m["waits_gave_up"] == 0, i
    assert m["wrong_values"] == 0 and m["wrong_end_states"] == 0, i
    assert m["steps"] == m["steps_asked"], (i, m["steps"], m["steps_asked"])
    least = {"counter": 1, "lock": 1, "barrier": 4}[m["method"]]
    assert m["steps"] >= m["launches"] * (1 if m["method"] == "counter" else limit * least), i
PY
    # The same probes with kernels edited to misbehave.
    python3 - "$SRCDIR/probes/execution-model/iwg.probe" "$TMP/bad.probe" <<'PY'
import sys
s = open(sys.argv[1]).read()
stale = "wrong += data[(it & 1) * groups + (g + 1) % groups] != want;"
assert stale in s
s = s.replace(stale, "wrong += data[(it & 1) * groups + (g + 1) % groups] != want + 1;")
locked = "got = PEEK(&ctl[SYNC_LOCK]) == 0 && TAKE(&ctl[SYNC_LOCK]);"
assert locked in s
s = s.replace(locked, "got = PEEK(&ctl[SYNC_LOCK]) == 1 && TAKE(&ctl[SYNC_LOCK]);")
open(sys.argv[2], "w").write(s)
PY
    traced_run bad --probes "$TMP/bad.probe" --device pthread --filter 'iwg.resident.wg64' \
        --filter 'iwg.sync.barrier.*' --filter 'iwg.sync.lock.*'
    j=$(ls "$TMP/bad"/*.json | grep -v index.json | head -1)
    check "a barrier whose reads miss: acq_rel fails, cl12 records them; a lock never taken: skip and info after one wait" python3 - "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = {x["id"]: x for x in r["probes"]}
for i in sorted(p):
    print(i, p[i]["verdict"], p[i].get("detail"))
b, bc = p["iwg.sync.barrier.acq_rel"], p["iwg.sync.barrier.cl12"]
assert b["verdict"] == "fail" and b["measure"]["wrong_values"] == b["measure"]["steps"] > 0
assert bc["verdict"] == "info" and bc["measure"]["wrong_values"] == bc["measure"]["steps"] > 0
for i in ("iwg.sync.lock.acq_rel", "iwg.sync.lock.cl12"):
    m = p[i]["measure"]
    assert p[i]["verdict"] == ("skip" if i.endswith("acq_rel") else "info"), i
    # Each group gives up once, and the sampling stops after that launch.
    assert m["steps"] == 0 and m["launches"] == 1 and m["waits_gave_up"] == m["groups"], (i, m)
    assert "gave up" in p[i]["detail"], i
PY
else
    echo "ok - iwg sync on PoCL skipped: no PoCL pthread device (# SKIP)"
fi
done_checks
