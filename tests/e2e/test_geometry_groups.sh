#!/usr/bin/env bash
# PoCL generates a dispatch kernel's code once per launch geometry, so its
# dispatch kernels each hold probes of one geometry (driver_policy.c,
# groups_by_geometry); other drivers keep probes in file order. Twelve
# probes alternate between one work-item and four: on PoCL they make two
# kernels of six, each warmed up once; on Oclgrind one kernel of twelve,
# warmed up once per geometry.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/probes"
python3 - "$TMP/probes/geometry.probe" <<'PY'
import sys
out = ["[defaults]", "spec = OpenCL 1.2", "kind = run", ""]
for i in range(12):
    wide = i % 2
    out += ["[probe geo.%02d]" % i, "why = A probe launched with %s." % ("four work-items" if wide else "one"),
            "out = int[%d]" % (4 if wide else 1)]
    if wide:
        out += ["global = 4", "expect = %s" % " ".join(str(i + k) for k in range(4)),
                "body = <<END", "    out[get_global_id(0)] = %d + (int)get_global_id(0);" % i, "END", ""]
    else:
        out += ["expect = %d" % i, "body = <<END", "    out[0] = %d;" % i, "END", ""]
open(sys.argv[1], "w").write("\n".join(out))
PY
spans() {
    python3 - "$TMP/$1.trace.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
print(" ".join(sorted(e["args"]["detail"].split("(")[1].rstrip(")") for e in t["traceEvents"]
                      if e.get("ph") == "X" and e["name"] == "codegen")))
PY
}
ran=0
for dev in portable oclgrind; do
    "$CLCONFORM" --list 2>/dev/null | grep -q "$dev" || continue
    ran=1
    traced_run "$dev" --device "$dev" --device-jobs 1 --probes "$TMP/probes"
    check "$dev: all twelve pass" python3 - "$TMP/$dev" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/*--*.json')[0]))
v = [p['verdict'] for p in r['probes']]
print(v)
sys.exit(0 if v == ['pass'] * 12 else 1)
PY
    spans "$dev" >"$TMP/$dev.spans"
    if [ "$dev" = portable ]; then
        want="6 probes 6 probes"
    else
        want="12 probes 12 probes"
    fi
    check "$dev: warm-ups ($want)" test "$(cat "$TMP/$dev.spans")" = "$want"
done
[ "$ran" = 1 ] || echo "ok - geometry groups skipped: neither PoCL nor Oclgrind (# SKIP)"
done_checks
