#!/usr/bin/env bash
# The conventions people expect: `--list --json` parses and names what
# `--list` names; the CTS variables choose the device when no --device is
# given; `--shard I/N` (and CI_NODE_INDEX/CI_NODE_TOTAL) split the probes and
# `merge` puts the shards back into the report one job would have written;
# `make install DESTDIR=... PREFIX=/usr` installs binary, probes and man page,
# and the installed binary runs the installed suite from anywhere.
. "$SRCDIR/tests/e2e/lib.sh"
SELF="$SRCDIR/tests/selftest"
# exits RC COMMAND...: COMMAND exits with status RC.
exits() { local want=$1; shift; "$@" >/dev/null 2>&1; local rc=$?; [ "$rc" -eq "$want" ] || { echo "exit $rc, wanted $want"; return 1; }; }

"$CLCONFORM" --list --json >"$TMP/list.json" 2>"$TMP/list.err"
check list_json_exits_0 test $? -eq 0
check list_json_parses_with_platforms_devices_keys python3 - "$TMP/list.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema_version"] == 1 and isinstance(d["platforms"], list) and isinstance(d["problems"], list)
for p in d["platforms"]:
    assert "name" in p and "version" in p and isinstance(p["devices"], list), p
    for dev in p["devices"]:
        assert dev["key"] and dev["index"].startswith("%d:" % p["index"]), dev
        assert "version" in dev and isinstance(dev.get("extensions"), list), dev
PY
"$CLCONFORM" --list >"$TMP/list.txt" 2>/dev/null
check list_json_has_the_keys_of_list python3 - "$TMP/list.json" "$TMP/list.txt" <<'PY'
import json, sys
keys = {dev["key"] for p in json.load(open(sys.argv[1]))["platforms"] for dev in p["devices"]}
text = open(sys.argv[2]).read()
assert all(k in text for k in keys), keys
assert len(keys) == sum(1 for l in text.splitlines() if l.startswith("  ") and ":" in l.split()[0]), (keys, text)
PY
check json_without_list_exits_2 exits 2 "$CLCONFORM" --all-devices --json

POCL=$(python3 -c '
import json, sys
for p in json.load(open(sys.argv[1]))["platforms"]:
    for d in p["devices"]:
        if "pthread" in d["key"]: print(p["index"], d["key"]); sys.exit()' "$TMP/list.json")
if [ -z "$POCL" ]; then
    echo "ok - conventions_device_part # SKIP no PoCL device"
else
    PIDX=${POCL%% *}; PKEY=${POCL#* }
    CL_PLATFORM_INDEX=$PIDX CL_DEVICE_TYPE=cpu CL_DEVICE_INDEX=0 \
        "$CLCONFORM" --probes "$SELF" --out "$TMP/env" --quiet
    check cts_variables_choose_the_device test -s "$TMP/env/$PKEY.json" -a "$(ls "$TMP/env"/*.json | wc -l)" -eq 2
    CL_PLATFORM_INDEX=$PIDX CL_DEVICE_TYPE=CL_DEVICE_TYPE_ACCELERATOR \
        "$CLCONFORM" --probes "$SELF" --out "$TMP/env2" >"$TMP/env2.out" 2>&1
    check cts_type_without_such_device_exits_3 test $? -eq 3
    check cts_type_without_such_device_explained grep -q "CL_DEVICE_TYPE" "$TMP/env2.out"
    CL_DEVICE_TYPE=fpga "$CLCONFORM" --probes "$SELF" --out "$TMP/env3" >"$TMP/env3.out" 2>&1
    check cts_bad_type_named grep -q "CL_DEVICE_TYPE='fpga'" "$TMP/env3.out"

    # Shards: three jobs, one of them through the CI variables, then merge.
    "$CLCONFORM" --device "$PKEY" --probes "$SELF" --shard 1/3 --out "$TMP/s1" --quiet
    CI_NODE_INDEX=2 CI_NODE_TOTAL=3 "$CLCONFORM" --device "$PKEY" --probes "$SELF" --out "$TMP/s2" --quiet
    "$CLCONFORM" --device "$PKEY" --probes "$SELF" --shard 3/3 --out "$TMP/s3" --quiet
    "$CLCONFORM" --device "$PKEY" --probes "$SELF" --out "$TMP/whole" --quiet
    check shard_reports_named_by_shard test -s "$TMP/s2/$PKEY.shard-2-of-3.json"
    check shards_split_the_probes python3 - "$TMP" "$PKEY" <<'PY'
import json, sys
t, k = sys.argv[1], sys.argv[2]
ids = [[p["id"] for p in json.load(open("%s/s%d/%s.shard-%d-of-3.json" % (t, i, k, i)))["probes"]] for i in (1, 2, 3)]
whole = [p["id"] for p in json.load(open("%s/whole/%s.json" % (t, k)))["probes"]]
assert all(ids) and sum(ids, []) == whole, (ids, whole)
PY
    "$CLCONFORM" merge "$TMP"/s3/*.shard-*.json "$TMP"/s1/*.shard-*.json "$TMP"/s2/*.shard-*.json --out "$TMP/m" >/dev/null 2>&1
    check merge_of_shards_exits_0 test $? -eq 0
    check merge_reassembles_the_device_report python3 - "$TMP/m/$PKEY.json" "$TMP/whole/$PKEY.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert [(p["id"], p["verdict"]) for p in a["probes"]] == [(p["id"], p["verdict"]) for p in b["probes"]]
strip = lambda s: {k: v for k, v in s.items() if k not in ("families", "groups")}
assert strip(a["summary"]) == strip(b["summary"]), (a["summary"], b["summary"])
assert a["run"]["complete"] is True and [s["index"] for s in a["run"]["shards"]] == [1, 2, 3]
assert "shard" not in a["run"]
PY
    check merge_of_shards_one_device_page test "$(ls "$TMP/m"/*.html | wc -l)" -eq 2
    "$CLCONFORM" merge "$TMP"/s1/*.shard-*.json "$TMP"/s3/*.shard-*.json --out "$TMP/m2" >/dev/null 2>&1
    check merge_with_a_missing_shard_is_incomplete json_get "$TMP/m2/$PKEY.json" \
        "r['run']['complete'] is False and '2 of 3 missing' in r['run']['incomplete_reason'] or exit(1)"
    check bad_shard_exits_2 exits 2 "$CLCONFORM" --device "$PKEY" --shard 4/3
fi

# make install into a staging root; the installed binary runs its own suite.
if command -v make >/dev/null && [ -w "$SRCDIR" ]; then
    make -C "$SRCDIR" install DESTDIR="$TMP/root" PREFIX=/usr >"$TMP/install.out" 2>&1
    check make_install_exits_0 test $? -eq 0
    check install_puts_binary_probes_and_man_page test -x "$TMP/root/usr/bin/clconform" \
        -a -d "$TMP/root/usr/share/clconform/probes" -a -s "$TMP/root/usr/share/man/man1/clconform.1"
    if command -v man >/dev/null; then
        check man_page_renders bash -c "MANWIDTH=80 man -l '$TMP/root/usr/share/man/man1/clconform.1' 2>/dev/null | grep -q 'clconform reduce'"
    elif command -v groff >/dev/null; then
        check man_page_renders bash -c "groff -man -Tutf8 '$TMP/root/usr/share/man/man1/clconform.1' | grep -q 'clconform reduce'"
    else
        echo "ok - man_page_renders # SKIP neither man nor groff"
    fi
    if [ -n "${PKEY:-}" ]; then
        # pp.opencl-version.1.0 skips on every device of ours, so a record
        # keeps its file (a pass leaves it to its id in the report file).
        (cd "$TMP" && "$TMP/root/usr/bin/clconform" --device "$PKEY" --filter 'vlit.*' --filter pp.opencl-version.1.0 \
            --out "$TMP/inst" --quiet)
        check installed_binary_runs_the_installed_suite json_get "$TMP/inst/$PKEY.json" \
            "len(r['probes']) > 1 and any('file' in p for p in r['probes']) and all(p['file'].startswith('$TMP/root/usr/share/clconform/probes/') for p in r['probes'] if 'file' in p) or exit(1)"
    fi
fi
done_checks
