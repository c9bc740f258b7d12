#!/usr/bin/env bash
# A supervisor that loses its worker gives the rest of its chunk back
# (chunk_pool.h, supervise.c give_back_rest): the next worker meets the
# culprit again alone while idle supervisors take the rest, instead of one
# supervisor running it all after its watchdogs (PoCL 5's cold run: four
# float-atomic hangs, then 16 s of that chunk's code generation, after the
# other 15 supervisors had ended). On Oclgrind, with two supervisors: a
# kernel that never ends opens the first chunk, 400 small probes follow
# (each body carries a 4 KB comment, so the chunks, cut by weight, are
# large enough to be worth giving back).
. "$(dirname "$0")/lib.sh"
if ! "$CLCONFORM" --list 2>/dev/null | grep -q oclgrind; then
    echo "ok - give-back skipped: no Oclgrind device (# SKIP)"
    done_checks
fi
mkdir -p "$TMP/probes"
python3 - "$TMP/probes/give_back.probe" <<'PY'
import sys
pad = "/* " + "weight " * 585 + "*/"
out = ["[defaults]", "spec = OpenCL 1.2", "kind = run", "",
       "[probe gb.spin]", "why = A kernel that never ends: its worker is lost.",
       "input z = int: 0", "out = int[1]", "expect = 2", "body = <<END",
       "    volatile __global const int *zero = z;", "    while (zero[0] == 0)", "        ;",
       "    out[0] = 2;", "END", ""]
for i in range(400):
    out += ["[probe gb.ok.%03d]" % i, "why = A probe after the hang.", "out = int[1]",
            "expect = %d" % i, "body = <<END", "    " + pad, "    out[0] = %d;" % i, "END", ""]
open(sys.argv[1], "w").write("\n".join(out))
PY
run() {
    local name=$1; shift
    traced_run "$name" --device oclgrind --device-jobs 2 --batch 8 --timeout 1 --no-cache \
        --probes "$TMP/probes" "$@"
}
run hang
run calm --filter 'gb.ok.*'
check "every probe has its verdict: the hang a timeout, the 400 others pass" python3 - "$TMP/hang" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/oclgrind*.json')[0]))
v = {p['id']: p['verdict'] for p in r['probes']}
assert v.pop('gb.spin') == 'timeout', r['run']
assert len(v) == 400 and set(v.values()) == {'pass'}, sorted(set(v.values()))
assert r['run']['complete'], r['run']
PY
check "the rest of the hung chunk went back to the pool as parts of its own" python3 - "$TMP/hang" "$TMP/calm" <<'PY'
import glob, json, sys
hang, calm = (json.load(open(glob.glob(d + '/oclgrind*.json')[0]))['run'] for d in sys.argv[1:3])
print('chunks with the hang', hang['chunks'], 'without', calm['chunks'])
assert hang['chunks'] >= calm['chunks'] + 1, (hang['chunks'], calm['chunks'])
PY

# Three kernels that never end, each with a timeout of its own, in one
# batch: after the first hang, each of the other two begins a part of its
# own (give_back_rest), so that idle supervisors can meet them side by side,
# not one after the other (PoCL 5's float-atomic hangs: 12.8 -> 33.7 s).
# Whether they do meet them at once is the schedule's (a loaded machine
# starts supervisors late), so what is checked is the cut: the run has two
# parts more than the same probes without the hangs. The timeline's overlap
# is printed, not judged.
mkdir -p "$TMP/probes3"
python3 - "$TMP/probes3/hangs.probe" <<'PY'
import sys
out = ["[defaults]", "spec = OpenCL 1.2", "kind = run", ""]
for i in range(3):
    out += ["[probe gb3.spin%d]" % i, "why = A kernel that never ends.", "timeout = 1", "input z = int: 0",
            "out = int[1]", "expect = 2", "body = <<END", "    volatile __global const int *zero = z;",
            "    while (zero[0] == 0)", "        ;", "    out[0] = 2;", "END", ""]
for i in range(200):
    out += ["[probe gb3.ok.%03d]" % i, "why = A probe after the hangs.", "out = int[1]",
            "expect = %d" % i, "body = <<END", "    out[0] = %d;" % i, "END", ""]
open(sys.argv[1], "w").write("\n".join(out))
PY
traced_run three --device oclgrind --device-jobs 3 --no-cache --probes "$TMP/probes3"
traced_run three-calm --device oclgrind --device-jobs 3 --no-cache --probes "$TMP/probes3" --filter 'gb3.ok.*'
check "after the first hang, each of the next two begins a part of its own" python3 - "$TMP/three" "$TMP/three.trace.json" "$TMP/three-calm" <<'PY'
import glob, json, sys
from trace_spans import spans
r, calm = (json.load(open(glob.glob(d + '/oclgrind*.json')[0])) for d in (sys.argv[1], sys.argv[3]))
v = {p['id']: p['verdict'] for p in r['probes']}
assert [v.pop('gb3.spin%d' % i) for i in range(3)] == ['timeout'] * 3, v
assert set(v.values()) == {'pass'}, set(v.values())
first = {}
for s in sorted(spans(sys.argv[2], 'lost'), key=lambda s: s['ts']):
    first.setdefault(s['args']['detail'], s)
print('first hangs (ts, dur, lane):', {k: (s['ts'], s['dur'], s['tid']) for k, s in first.items()})
print('chunks with the hangs', r['run']['chunks'], 'without', calm['run']['chunks'])
assert r['run']['chunks'] >= calm['run']['chunks'] + 2, (r['run']['chunks'], calm['run']['chunks'])
PY
# Probes built alone that crash one after another (PoCL 5 crashes at the
# first launch of each of its 32 async-copy kernels): after each crash the
# supervisor keeps only the next probe and gives the rest back in parts
# (supervise.c chain_cut), so that idle supervisors meet the crashes side
# by side. Sixteen whole programs whose kernel writes through a wild pointer
# (PoCL's CPU device dies of it), then 300 weighty probes. What is checked
# is the cut: the chain leaves more parts than the same run without it (with
# no such cut it leaves none: every crash went to one supervisor). Which
# lanes meet the crashes is the schedule's: printed, not judged.
if "$CLCONFORM" --list 2>/dev/null | grep -q pthread; then
    mkdir -p "$TMP/chain"
    python3 - "$TMP/chain/chain.probe" <<'PY'
import sys
pad = "/* " + "weight " * 585 + "*/"
out = ["[defaults]", "spec = OpenCL 1.2", "kind = run", ""]
for i in range(16):
    out += ["[probe chain.crash.%02d]" % i, "why = A crash in a program of its own.", "input a = ulong: 0x10",
            "out = int[1]", "expect = 2", "source = <<END",
            "__kernel void probe(__global const ulong *a, __global int *out)", "{",
            "    volatile __global int *wild = (volatile __global int *)(uintptr_t)a[0];",
            "    *wild = %d;" % (i + 1), "    out[0] = 2;", "}", "END", ""]
for i in range(300):
    out += ["[probe chain.ok.%03d]" % i, "why = A probe after the chain.", "out = int[1]",
            "expect = %d" % i, "body = <<END", "    " + pad, "    out[0] = %d;" % i, "END", ""]
open(sys.argv[1], "w").write("\n".join(out))
PY
    traced_run chain --device pthread --device-jobs 4 --no-cache --probes "$TMP/chain"
    traced_run chain-calm --device pthread --device-jobs 4 --no-cache --probes "$TMP/chain" --filter 'chain.ok.*'
    check "a chain of crashes built alone is given back in parts" python3 - "$TMP/chain" "$TMP/chain.trace.json" "$TMP/chain-calm" <<'PY'
import collections, glob, json, sys
from trace_spans import spans
r, calm = (json.load(open(glob.glob(d + '/portable*.json')[0])) for d in (sys.argv[1], sys.argv[3]))
v = collections.Counter(p['verdict'] for p in r['probes'])
assert v == {'crash': 16, 'pass': 300}, v
print('crashes by lane:', collections.Counter(s['tid'] for s in spans(sys.argv[2], 'lost')))
print('chunks with the chain', r['run']['chunks'], 'without', calm['run']['chunks'])
assert r['run']['chunks'] >= calm['run']['chunks'] + 4, (r['run']['chunks'], calm['run']['chunks'])
PY
else
    echo "ok - crash chain skipped: no PoCL device (# SKIP)"
fi
done_checks
