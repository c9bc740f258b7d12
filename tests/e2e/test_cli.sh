#!/usr/bin/env bash
# The command line: exit codes (0 ok, 1 unexpected, 2 usage/input, 3
# infrastructure) and error messages that do not depend on what the devices
# do; --list and the report file names agree; the built-in suite loads and a
# short run of it on PoCL writes a report with the keys of
# docs/report-schema.md.
. "$SRCDIR/tests/e2e/lib.sh"
SELF="$SRCDIR/tests/selftest"

# expect_rc RC COMMAND...: COMMAND exits with RC; its stdout and stderr are
# kept in $TMP/out and $TMP/err for the checks that follow.
expect_rc() {
    local want=$1; shift
    "$@" >"$TMP/out" 2>"$TMP/err"
    local rc=$?
    cat "$TMP/out" "$TMP/err"
    [ "$rc" -eq "$want" ] || { echo "exit status $rc, wanted $want"; return 1; }
}
# has FILE TEXT: FILE contains TEXT (fixed string).
has() { grep -qF -- "$2" "$1" || { echo "'$2' not in $1:"; cat "$1"; return 1; }; }
# no_reports DIR: no JSON or HTML report under DIR (or DIR absent).
no_reports() {
    [ ! -d "$1" ] && return 0
    local found
    found=$(find "$1" -name '*.json' -o -name '*.html')
    [ -z "$found" ] || { echo "reports written: $found"; return 1; }
}

# --help, --version
check help_exits_0 expect_rc 0 "$CLCONFORM" --help
check help_on_stdout_documents_exit_codes \
    python3 -c 'import sys; t = open(sys.argv[1]).read(); sys.exit(not ("Exit codes" in t and all(("\n  %d " % c) in t for c in range(4))))' "$TMP/out"
check help_names_the_fixed_flags python3 -c '
import sys; t = open(sys.argv[1]).read()
missing = [f for f in ("--all-devices", "--list", "--device", "--probes", "--filter", "--out", "--baseline",
                       "--junit", "--timeout", "--repro") if f not in t]
sys.exit("missing: %s" % missing if missing else 0)' "$TMP/out"
check version_exits_0_and_prints_VERSION expect_rc 0 "$CLCONFORM" --version
check version_text has "$TMP/out" "clconform $(cat "$SRCDIR/VERSION")"

# Usage errors: 2, with a message, and nothing written.
check unknown_flag_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --bogus-flag --out "$TMP/u1"
check unknown_flag_named_in_error has "$TMP/err" "--bogus-flag"
check unknown_flag_writes_nothing no_reports "$TMP/u1"
check no_device_selection_exits_2 expect_rc 2 "$CLCONFORM" --probes "$SELF" --out "$TMP/u2"
check no_device_selection_says_so has "$TMP/err" "--all-devices"
check all_devices_and_device_together_exit_2 expect_rc 2 "$CLCONFORM" --all-devices --device pthread
check flag_missing_its_value_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --timeout
check zero_timeout_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --timeout 0
check flakes_without_baseline_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --flakes "$TMP/x"

# A malformed probe file: 2, FILE:LINE and the problem on stderr, nothing runs.
mkdir -p "$TMP/bad"
cat >"$TMP/bad/broken.probe" <<'EOF'
[probe cli.ok]
spec = OpenCL C (unified): Operators
kind = build-ok
body = int x;

[probe cli.broken]
spec = OpenCL C (unified): Operators
kind = run
out = int[2]
expect = 1 2 3
body = out[0] = 1;
EOF
check malformed_probe_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --probes "$TMP/bad/broken.probe" --out "$TMP/b1"
check malformed_probe_error_names_file_and_line has "$TMP/err" "$TMP/bad/broken.probe:10:"
check malformed_probe_error_names_the_problem has "$TMP/err" "3 expected values for an output of 2 elements"
check malformed_probe_writes_no_report no_reports "$TMP/b1"
check malformed_probe_in_a_folder_exits_2 expect_rc 2 "$CLCONFORM" --device pthread --probes "$SELF" --probes "$TMP/bad" --out "$TMP/b2"
check malformed_probe_in_a_folder_named has "$TMP/err" "broken.probe:10:"
check malformed_probe_in_a_folder_writes_no_report no_reports "$TMP/b2"
check missing_probe_path_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --probes "$TMP/no-such-dir" --out "$TMP/b3"
check missing_probe_path_named has "$TMP/err" "$TMP/no-such-dir"
# The same id in two places: 2, both places named.
mkdir -p "$TMP/dup"
printf '[probe selftest.pass.const]\nspec = OpenCL C (unified): Operators\nkind = build-ok\nbody = int x;\n' >"$TMP/dup/again.probe"
check duplicate_probe_id_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --probes "$SELF" --probes "$TMP/dup" --out "$TMP/b4"
check duplicate_probe_id_names_both_files \
    python3 -c 'import sys; t = open(sys.argv[1]).read(); sys.exit(not ("again.probe:1" in t and "pass.probe:8" in t))' "$TMP/err"
check duplicate_probe_id_writes_no_report no_reports "$TMP/b4"

# Filters that match nothing: 2.
check filter_matching_nothing_exits_2 expect_rc 2 "$CLCONFORM" --all-devices --probes "$SELF" --filter 'no.such.*' --out "$TMP/f1"
check filter_matching_nothing_says_so has "$TMP/err" "no probe matches"
check filter_matching_nothing_writes_no_report no_reports "$TMP/f1"
# The built-in suite (probes/ of the source tree) loads: the same error
# reports how many probes it loaded.
check builtin_suite_loads bash -c 'cd "$1" && "$2" --all-devices --filter "no.such.*" --out "$3" 2>&1 |
    python3 -c "import re, sys; m = re.search(r\"no probe matches \((\d+) loaded\)\", sys.stdin.read()); sys.exit(not (m and int(m.group(1)) >= 100))"' \
    _ "$SRCDIR" "$CLCONFORM" "$TMP/f2"

# An unknown device: 3 (infrastructure), nothing written.
check unknown_device_exits_3 expect_rc 3 "$CLCONFORM" --device no-such-device-xyz --probes "$SELF" --out "$TMP/d1"
check unknown_device_message has "$TMP/err" "no device"
check unknown_device_writes_no_report no_reports "$TMP/d1"

# --list: 0, one line per device with its key; the keys are the report names.
check list_exits_0 expect_rc 0 "$CLCONFORM" --list
cp "$TMP/out" "$TMP/list"
awk '/^  [0-9]+:[0-9]+  / { print $2 }' "$TMP/list" | sort >"$TMP/list-keys"
check list_shows_at_least_one_device test -s "$TMP/list-keys"
if command -v clinfo >/dev/null; then
    check list_shows_as_many_devices_as_clinfo \
        test "$(wc -l <"$TMP/list-keys")" -eq "$(clinfo -l 2>/dev/null | grep -c 'Device #')"
fi
check list_keys_are_unique test "$(sort -u "$TMP/list-keys" | wc -l)" -eq "$(wc -l <"$TMP/list-keys")"
"$CLCONFORM" --all-devices --probes "$SELF" --filter selftest.pass.const --out "$TMP/l" --quiet >/dev/null 2>&1
(cd "$TMP/l" && ls *.json 2>/dev/null | grep -v '^index\.json$' | sed 's/\.json$//' | sort) >"$TMP/report-keys"
check list_keys_equal_report_file_names bash -c 'test -s "$1" && diff "$1" "$2"' _ "$TMP/report-keys" "$TMP/list-keys"

# A short run of the built-in suite on PoCL: the report's shape (the int
# probes pass; bool.int2.literal-operands is an info).
if grep -q 'pthread' "$TMP/list"; then
    check builtin_bool_int_on_pocl_runs bash -c 'cd "$1" && "$2" --device pthread --filter "bool.int.*" --filter bool.int2.literal-operands --out "$3" --quiet; test $? -le 1' \
        _ "$SRCDIR" "$CLCONFORM" "$TMP/x"
    report=$(ls "$TMP"/x/*.json 2>/dev/null | grep -v '/index\.json$' | head -n 1)
    check builtin_run_wrote_one_report test -n "$report" -a "$(ls "$TMP"/x/*.json | grep -vc '/index\.json$')" -eq 1
    check report_schema python3 - "${report:-/nonexistent}" <<'EOF'
import json, os, re, sys
path = sys.argv[1]
r = json.load(open(path))
bad = []
def need(cond, what):
    if not cond:
        bad.append(what)
need(r.get("schema_version") == 2, "schema_version 2")
for k in ("tool", "run", "platform", "device", "summary", "probes"):
    need(k in r, "top-level key " + k)
need(r["tool"].get("name") == "clconform", "tool.name")
run = r["run"]
iso = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
need(iso.match(run.get("started", "")) and iso.match(run.get("finished", "")), "run.started/finished ISO 8601")
need(run.get("complete") is True, "run.complete")
need(isinstance(run.get("argv"), list) and "--filter" in run["argv"] and "bool.int.*" in run["argv"], "run.argv")
need(isinstance(run.get("env"), dict), "run.env")
need(isinstance(run.get("host"), str), "run.host")
for k in ("name", "vendor", "version"):
    need(isinstance(r["platform"].get(k), str) and r["platform"][k], "platform." + k)
dev = r["device"]
need(dev.get("key") == os.path.basename(path)[:-5], "device.key == file name")
for k in ("name", "vendor", "version", "driver_version", "opencl_c_version"):
    need(isinstance(dev.get(k), str) and dev[k], "device." + k)
need(isinstance(dev.get("extensions"), list), "device.extensions")
need("pthread" in dev["name"], "device is PoCL's pthread")
probes = r["probes"]
need(len(probes) >= 2 and all(p["id"].startswith("bool.int.") or p["id"] == "bool.int2.literal-operands" for p in probes),
     "only bool.int.* probes and bool.int2.literal-operands")
need(sum(p["verdict"] == "info" for p in probes) == 1, "one info (bool.int2.literal-operands)")
verdicts = ("pass", "fail", "build-fail", "unexpected-build-ok", "info", "skip", "timeout", "crash", "error")
for p in probes:
    for k, t in (("id", str), ("clause", str), ("kind", str), ("verdict", str), ("time_ms", (int, float))):
        need(isinstance(p.get(k), t), "%s: %s" % (p.get("id"), k))
    # A pass leaves where its probe lives to its id; every other verdict says.
    if p.get("verdict") == "pass":
        need("file" not in p and "line" not in p, "%s: no file/line on a pass in the file" % p.get("id"))
    else:
        need(isinstance(p.get("file"), str) and isinstance(p.get("line"), int), "%s: file and line" % p.get("id"))
    # The file leaves a pass's, skip's or info's rule and heading to its probe
    # file, an info's source and inputs too, and a pass's or skip's program
    # build time (docs/report-schema.md); every other verdict carries them.
    if p.get("verdict") in ("pass", "skip", "info"):
        need("spec" not in p and "why" not in p, "%s: no spec/why on a %s in the file" % (p.get("id"), p["verdict"]))
    else:
        need(isinstance(p.get("spec"), str) and p["spec"], "%s: spec" % p.get("id"))
    if p.get("verdict") == "info":
        need("source" not in p and "inputs" not in p, "%s: no source/inputs on an info in the file" % p.get("id"))
        need("actual" in p or "measure" in p or "ulp" in p, "%s: an info keeps what it recorded" % p.get("id"))
    if p.get("verdict") in ("pass", "skip"):
        need("build_ms" not in p and "batch_size" not in p, "%s: no build_ms/batch_size on a %s" % (p.get("id"), p["verdict"]))
    else:
        need(isinstance(p.get("build_ms"), (int, float)) and isinstance(p.get("batch_size"), int),
             "%s: build_ms and batch_size" % p.get("id"))
    need(p.get("clause"), "%s: clause non-empty" % p.get("id"))
    need(p.get("verdict") in verdicts, "%s: known verdict" % p.get("id"))
    need(p.get("verdict") == "pass" or p.get("detail"), "%s: detail on non-pass" % p.get("id"))
s = r["summary"]
need(s.get("total") == len(probes), "summary.total")
for v in verdicts:
    need(s.get(v) == sum(p["verdict"] == v for p in probes), "summary." + v)
need(s.get("families", {}).get("bool", {}).get("total") == len(probes), "summary.families.bool")
if bad:
    sys.exit("report %s lacks: %s" % (path, "; ".join(bad)))
EOF
    check builtin_run_html_written test -s "${report%.json}.html"
    # A skip reproduces nothing: no source, inputs or expected values.
    "$CLCONFORM" --device pthread --filter 'sub-group.ballot.wg7.cl2.0' --filter 'pp.opencl-version.1.0' \
        --out "$TMP/skips" --quiet >/dev/null 2>&1
    check skips_carry_no_reproducer python3 - "$(ls "$TMP"/skips/*.json | grep -v '/index\.json$' | head -n 1)" <<'EOF'
import json, sys
probes = json.load(open(sys.argv[1]))["probes"]
skips = [p for p in probes if p["verdict"] == "skip"]
print(len(skips), "skips", [sorted(p) for p in skips][:1])
sys.exit(0 if skips and not any(k in p for p in skips for k in ("source", "inputs", "expected", "actual")) else 1)
EOF
else
    echo "ok - builtin_bool_int_on_pocl # SKIP no PoCL pthread device"
fi

done_checks
