#!/usr/bin/env bash
# The measurements that want the device alone begin once the other chunks'
# workers have said they are done (their launches are over), not once
# their processes have exited: a driver's teardown launches nothing
# (fanout.c, measurements_may_begin; supervise.h, on_done). Here every
# clReleaseContext is made 1.5 s slower (tests/fixtures/slow_teardown,
# preloaded), and the inter-work-group measurement must begin while the
# chunks' workers are still tearing down, yet after their last work, and
# no chunk's kernel may run beside it. Checked on Oclgrind, a device that
# says GPU, whose workers pass the launch gate.
. "$(dirname "$0")/lib.sh"
if ! "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    echo "ok - measure-teardown skipped: no Oclgrind device (# SKIP)"
    done_checks
fi
cc -shared -fPIC -o "$TMP/slow_teardown.so" "$SRCDIR/tests/fixtures/slow_teardown/slow_teardown.c" -ldl
# Under ASan (make check-san) a library preloaded before its runtime is
# refused unless the order check is off; the shim touches no memory of ours.
LD_PRELOAD="$TMP/slow_teardown.so" SLOW_TEARDOWN_MS=1500 \
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    traced_run slow --device oclgrind --device-jobs 2 --filter 'bool.*' --filter 'intfn.*' --filter 'iwg.resident.wg1'
check "the run completes with every probe recorded" python3 - "$TMP/slow" <<'PY'
import glob, json, sys
r = json.load(open([f for f in glob.glob(sys.argv[1] + "/*.json") if not f.endswith("index.json")][0]))
ids = {p["id"]: p["verdict"] for p in r["probes"]}
print(len(ids), ids.get("iwg.resident.wg1"))
sys.exit(0 if len(ids) > 100 and ids.get("iwg.resident.wg1") not in (None, "error") else 1)
PY
check "the measurement begins after the chunk workers' last work and before they have exited" \
    python3 - "$TMP/slow.trace.json" <<'PY'
import sys
from trace_spans import spans, chunk_work_ends
ends = chunk_work_ends(sys.argv[1])
iwg = [s for s in spans(sys.argv[1], "measure") if s["args"].get("detail", "").startswith("iwg.")]
exits = [s for s in spans(sys.argv[1], "worker_exit")]
chunks = spans(sys.argv[1], "chunks")
# The chunk supervisors' lanes: their worker_exit spans are the teardown.
lanes = {(c["pid"], c["tid"]) for c in chunks}
exit_end = max(s["ts"] + s["dur"] for s in exits if (s["pid"], s["tid"]) in lanes)
begin = min(s["ts"] for s in iwg)
print("chunk workers' last work", ends, "measurement begins", begin, "chunk workers exited", exit_end)
sys.exit(0 if ends and ends[-1] - 1000 <= begin < exit_end - 500000 else 1)
PY
check "no chunk's kernel ran while a measurement held the device alone" python3 - "$TMP/slow.trace.json" <<'PY'
import sys
from trace_spans import spans
alone = spans(sys.argv[1], "device alone")
kernels = [e for e in spans(sys.argv[1]) if e["name"] in ("exec", "first_launch", "codegen")]
mine = {(a["pid"], a["tid"]) for a in alone}
clash = [(k["name"], a["args"]["detail"]) for a in alone for k in kernels
         if (k["pid"], k["tid"]) not in mine and k["ts"] < a["ts"] + a["dur"] and a["ts"] < k["ts"] + k["dur"]]
print(len(alone), "spans alone,", len(kernels), "kernels,", clash[:5])
sys.exit(0 if alone and not clash else 1)
PY
done_checks
