#!/usr/bin/env bash
# A compiler crash is remembered with the batching it led to (crash_memo.h):
# the next run forms the very programs the crashing run built, so every
# program that run kept is a cache hit, and only the crashers are built
# again (they crash again: their verdict is still what the driver does). Before,
# only the culprit was remembered; its batch-mates were batched anew and
# missed every cache (rusticl's first warm run generated their code again).
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
print(json.dumps({'crashes': sum(1 for _, x in v if x == 'crash'), 'verdicts': v,
                  'hits': c['hits'], 'stored': c['stored']}))
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
check "every program the cold run kept is a hit, nothing new is stored" python3 - "$TMP/cold.json" "$TMP/warm.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print('cold stored', a['stored'], 'warm hits', b['hits'], 'warm stored', b['stored'])
sys.exit(0 if b['hits'] == a['stored'] and b['stored'] == 0 else 1)
PY
done_checks
