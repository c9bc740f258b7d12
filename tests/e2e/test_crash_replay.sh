#!/usr/bin/env bash
# A compiler crash is remembered with the batching it led to (crash_memo.h):
# the next run forms the very programs the crashing run built, so every
# program it forms is a cache hit (the crashers too, below). The cold run
# also kept the programs whose kernels then crashed (a program is kept at
# its build, runner_build.c); the next run no longer forms those. Before,
# only the culprit was remembered; its batch-mates were batched anew and
# missed every cache (rusticl's first warm run generated their code again).
# The crash itself is kept in the binary cache as the lone program's build
# outcome (bincache.h, BINCACHE_CRASHED): the warm run records the same
# crash, says it is remembered, and loses no worker to it.
# Needs rusticl, whose compiler dies on folded char operators (Mesa 22.3;
# skipped where it does not).
. "$(dirname "$0")/lib.sh"
unset CLCONFORM_NO_CACHE
export RUSTICL_ENABLE=${RUSTICL_ENABLE:-swrast}
if ! "$CLCONFORM" --list 2>/dev/null | grep -q rusticl; then
    echo "ok - crash replay skipped: no rusticl device (# SKIP)"
    done_checks
fi
export XDG_CACHE_HOME=$TMP/xdg
run() { "$CLCONFORM" --device rusticl --filter 'op.*.char.folded' --filter 'op.*.int.folded' \
    --quiet --out "$TMP/$1" >"$TMP/$1.out" 2>&1; }
run cold
run warm
# facts DIR: crash count, sorted verdicts, cache hits and stores.
facts() {
    python3 - "$1" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/rusticl*.json')[0]))
v = sorted((p['id'], p['verdict']) for p in r['probes'])
c = r['run']['cache']
crash = [p for p in r['probes'] if p['verdict'] == 'crash']
print(json.dumps({'crashes': len(crash), 'verdicts': v, 'hits': c['hits'], 'stored': c['stored'],
                  'builds': r['run']['builds'], 'source': r['run']['profile']['build']['count'],
                  'workers': r['run']['workers'],
                  'remembered': sum('(remembered:' in p['detail'] for p in crash),
                  'signals': sorted(set(p.get('signal', '') for p in crash))}))
PY
}
facts "$TMP/cold" >"$TMP/cold.json"
facts "$TMP/warm" >"$TMP/warm.json"
crashes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["crashes"])' "$TMP/cold.json" 2>/dev/null)
if [ "${crashes:-0}" -eq 0 ]; then
    echo "ok - crash replay skipped: this rusticl does not crash on folded char operators (# SKIP)"
    done_checks
fi
check "the cold run stored programs" python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["stored"] == 0)' "$TMP/cold.json"
check "the warm run gives the same verdicts, crashes included" python3 - "$TMP/cold.json" "$TMP/warm.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
sys.exit(0 if a['verdicts'] == b['verdicts'] else (print(a['verdicts'], b['verdicts']) or 1))
PY
check "every program the warm run forms is a hit, each crash too, nothing new is stored" python3 - "$TMP/cold.json" "$TMP/warm.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print('cold stored', a['stored'], 'crashes', a['crashes'], '| warm builds', b['builds'], 'hits', b['hits'],
      'from source', b['source'], 'stored', b['stored'])
sys.exit(0 if b['hits'] == b['builds'] > a['crashes'] and b['source'] == 0 and b['stored'] == 0
         and a['stored'] + a['crashes'] >= b['hits'] else 1)
PY
check "the cold run met each crash (none remembered); the warm run remembers every one, same signal" python3 - "$TMP/cold.json" "$TMP/warm.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print('remembered', a['remembered'], b['remembered'], 'signals', a['signals'], b['signals'])
sys.exit(0 if a['remembered'] == 0 and b['remembered'] == b['crashes'] == a['crashes'] and a['signals'] == b['signals'] else 1)
PY
check "the warm run loses no worker to a crash (one worker; the cold run more)" python3 - "$TMP/cold.json" "$TMP/warm.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print('workers cold', a['workers'], 'warm', b['workers'])
sys.exit(0 if b['workers'] == 1 and a['workers'] > a['crashes'] else 1)
PY
# --no-cache meets the crash again: the memory is the cache's, not a verdict kept elsewhere.
"$CLCONFORM" --device rusticl --filter 'op.*.char.folded' --no-cache --quiet --out "$TMP/nocache" >/dev/null 2>&1
check "with --no-cache the crashes are met again, not remembered" python3 - "$TMP/nocache" "$TMP/cold.json" <<'PY'
import glob, json, sys
r = json.load(open(glob.glob(sys.argv[1] + '/rusticl*.json')[0]))
a = json.load(open(sys.argv[2]))
crash = [p for p in r['probes'] if p['verdict'] == 'crash']
print('crashes', len(crash), 'workers', r['run']['workers'])
sys.exit(0 if len(crash) == a['crashes'] and not any('(remembered:' in p['detail'] for p in crash)
         and r['run']['workers'] > len(crash) else 1)
PY
done_checks
