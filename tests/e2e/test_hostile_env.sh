#!/usr/bin/env bash
# A hostile environment around a run, with the adversarial driver
# (tests/fixtures/hostile_icd) standing in for a device, since it can be made
# slow or chatty on demand:
#   - --out on a file system that is full before the run, or fills during it
#   - --out on a read-only file system
#   - two runs sharing one --out
#   - a build log of 64 MB
#   - SIGKILL of a worker mid-batch, of a worker building one probe, of a
#     device process, and of clconform itself
# Each must give a clear message and the documented exit code, keep every
# report that was complete, and never leave a half-written JSON file.
# The full and read-only file systems are real: a small tmpfs, mounted in a
# private mount namespace (unshare -m), so this part needs root (CI runs as
# root) and skips itself without it.
source "$SRCDIR/tests/e2e/lib.sh"
mkdir -p "$TMP/vendors"
cc -shared -fPIC -o "$TMP/libhostile.so" "$SRCDIR/tests/fixtures/hostile_icd/hostile_icd.c"
echo "$TMP/libhostile.so" > "$TMP/vendors/hostile.icd"
export OCL_ICD_VENDORS="$TMP/vendors"
export HOSTILE_BIG_BYTES=2000   # small reports, unless a case says otherwise
probes="$SRCDIR/tests/fixtures/hostile_icd/hostile.probe"
run() { "$CLCONFORM" --all-devices --probes "$probes" --quiet "$@"; }
# Background runs start clconform itself (not a subshell), so $! is its pid.

# all_json_whole DIR: every *.json under DIR parses (none is half-written).
all_json_whole() {
    python3 -c '
import glob, json, sys
files = glob.glob(sys.argv[1] + "/**/*.json", recursive=True)
for p in files:
    json.load(open(p))
print(len(files), "JSON files, all whole")' "$1"
}
no_tmp_left() { test -z "$(find "$1" -name '*.tmp.*')"; }
# children PID: the direct children of PID.
children() { pgrep -P "$1" || true; }
# wait_for_grandchild PID: waits (up to 10 s) until PID's child (the device
# process) has a child (the worker), then 0.5 s more, so that the worker is
# inside its first 1.5 s clBuildProgram (opening the device takes
# milliseconds), and prints the worker's pid.
wait_for_grandchild() {
    local i c w
    for i in $(seq 100); do
        for c in $(children "$1"); do
            w=$(children "$c" | head -n 1)
            [ -n "$w" ] && { sleep 0.5; echo "$w"; return 0; }
        done
        sleep 0.1
    done
    return 1
}

# --- inputs that never end or loop ------------------------------------------
run_in() { "$CLCONFORM" --all-devices --quiet --out "$TMP/in" "$@" >"$TMP/in.out" 2>&1; }
run_in --probes /dev/zero
check "--probes /dev/zero: exit 2 at once" test $? -eq 2
check "...named as not a regular file" grep -q "/dev/zero: not a regular file" "$TMP/in.out"
mkdir -p "$TMP/loop/a"
cp "$probes" "$TMP/loop/a/"
ln -s .. "$TMP/loop/a/up"
run_in --probes "$TMP/loop"
check "a probe folder with a symlink back up: exit 2" test $? -eq 2
check "...naming the link" grep -q "loop/a/up: a link back to a folder above it" "$TMP/in.out"
echo '{"reports": ["/dev/zero"]}' >"$TMP/endless-index.json"
run_in --probes "$probes" --baseline "$TMP/endless-index.json"
check "a baseline index naming /dev/zero: exit 2" test $? -eq 2
check "...naming the file" grep -q "/dev/zero: not a regular file" "$TMP/in.out"

# --- full and read-only file systems -------------------------------------------
if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
    export CLCONFORM probes TMP
    unshare -m bash -c '
        set -u
        run() { "$CLCONFORM" --all-devices --probes "$probes" --quiet "$@"; }
        mkdir -p "$TMP/fs" "$TMP/res"
        mount -t tmpfs -o size=1m tmpfs "$TMP/fs" || exit 97
        # 1. a complete run, then the disk fills, then a second run.
        run --out "$TMP/fs/r" >"$TMP/res/run1.out" 2>&1; echo $? >"$TMP/res/run1.rc"
        cp "$TMP/fs/r/index.json" "$TMP/res/index1.json"
        dd if=/dev/zero of="$TMP/fs/filler" bs=4k >/dev/null 2>&1
        run --out "$TMP/fs/r" >"$TMP/res/run2.out" 2>&1; echo $? >"$TMP/res/run2.rc"
        cp -r "$TMP/fs/r" "$TMP/res/after-full"
        # 2. full before the run: a fresh --out cannot even be claimed.
        run --out "$TMP/fs/fresh" >"$TMP/res/run3.out" 2>&1; echo $? >"$TMP/res/run3.rc"
        # 3. read-only: the same folder, the file system remounted read-only.
        rm -f "$TMP/fs/filler"
        run --out "$TMP/fs/r" >/dev/null 2>&1
        cp "$TMP/fs/r/index.json" "$TMP/res/index4.json"
        mount -o remount,ro "$TMP/fs"
        run --out "$TMP/fs/r" >"$TMP/res/run5.out" 2>&1; echo $? >"$TMP/res/run5.rc"
        run --out "$TMP/fs/new/deeper" >"$TMP/res/run6.out" 2>&1; echo $? >"$TMP/res/run6.rc"
        cp -r "$TMP/fs/r" "$TMP/res/after-ro"
        # 4. --out writable, but --junit or --repro on the read-only disk.
        run --out "$TMP/res/out7" --junit "$TMP/fs/junit.xml" >"$TMP/res/run7.out" 2>&1; echo $? >"$TMP/res/run7.rc"
        run --out "$TMP/res/out8" --repro "$TMP/fs/repro" >"$TMP/res/run8.out" 2>&1; echo $? >"$TMP/res/run8.rc"
    '
    res="$TMP/res"
    if [ -f "$res/run1.rc" ]; then
        check "full disk: the first run writes its reports (exit 1: the driver's verdicts)" test "$(cat "$res/run1.rc")" -eq 1
        check "full disk mid-run: exit 3, as documented (got $(cat "$res/run2.rc"))" test "$(cat "$res/run2.rc")" -eq 3
        check "full disk mid-run: the message names a file and the reason" \
            grep -q "write failed: No space left on device" "$res/run2.out"
        check "full disk mid-run: the closing line says reports could not be written" \
            grep -q "some reports could not be written" "$res/run2.out"
        check "full disk: every JSON file left is whole" all_json_whole "$res/after-full"
        check "full disk: the previous run's index.json is kept, unchanged" cmp "$res/index1.json" "$res/after-full/index.json"
        check "full disk: the previous run's index page is whole" grep -q "</html>" "$res/after-full/index.html"
        check "full disk: no temporary file is left" no_tmp_left "$res/after-full"
        check "full before the run: exit 3 before anything runs" test "$(cat "$res/run3.rc")" -eq 3
        check "full before the run: the message says why" grep -q "cannot write here: No space left on device" "$res/run3.out"
        check "read-only: exit 3 (got $(cat "$res/run5.rc"))" test "$(cat "$res/run5.rc")" -eq 3
        check "read-only: the message names the folder and the reason" \
            grep -q "fs/r: cannot write here: Read-only file system" "$res/run5.out"
        check "read-only: a folder that cannot be created is exit 3 too" test "$(cat "$res/run6.rc")" -eq 3
        check "read-only: ...with its reason" grep -q "cannot create the output folder: .*fs/new: Read-only file system" "$res/run6.out"
        check "read-only: the reports already there are untouched" cmp "$res/index4.json" "$res/after-ro/index.json"
        check "--junit on a read-only disk: exit 3 (got $(cat "$res/run7.rc"))" test "$(cat "$res/run7.rc")" -eq 3
        check "...naming the file and the reason" grep -q "junit.xml: cannot write here: Read-only file system" "$res/run7.out"
        check "...the reports in --out are written all the same" json_get "$res/out7/index.json" "r['complete'] or exit(1)"
        check "--repro on a read-only disk: exit 3 (got $(cat "$res/run8.rc"))" test "$(cat "$res/run8.rc")" -eq 3
        check "...with its reason" grep -q "Read-only file system" "$res/run8.out"
    else
        echo "# skip: full and read-only file systems: could not mount a tmpfs in a private mount namespace here"
    fi
elif [ "$(id -u)" -eq 0 ]; then
    # Root in a container without a mount namespace of its own (common in CI
    # runners): no tmpfs to fill, and file permissions do not stop root.
    echo "# skip: full and read-only file systems: root without unshare -m (no private mount namespace), and permissions do not stop root"
else
    echo "# skip: full and read-only file systems need root and unshare -m; checking a read-only folder by its permissions instead"
    mkdir -p "$TMP/ro"
    chmod a-w "$TMP/ro"
    run --out "$TMP/ro" >"$TMP/ro.out" 2>&1
    check "read-only folder (permissions): exit 3" test $? -eq 3
    check "read-only folder (permissions): the message says why" grep -q "cannot write here" "$TMP/ro.out"
fi

# --- two runs sharing --out ---------------------------------------------------
HOSTILE_BUILD_SLEEP_MS=1500 "$CLCONFORM" --all-devices --probes "$probes" --quiet --out "$TMP/shared" >"$TMP/a.out" 2>&1 &
a=$!
sleep 0.5
run --out "$TMP/shared" >"$TMP/b.out" 2>&1
b_rc=$?
wait $a
a_rc=$?
check "a second run on a busy --out exits 3 at once" test "$b_rc" -eq 3
check "...saying which run holds it" grep -q "in use by another clconform run (pid $a)" "$TMP/b.out"
check "the first run finishes normally (exit 1: the driver's verdicts)" test "$a_rc" -eq 1
check "the first run's reports are whole and complete" json_get "$TMP/shared/index.json" \
    "r['complete'] and len(r['reports']) == 1 or exit(1)"
run --out "$TMP/shared" >/dev/null 2>&1
check "after the first run, the folder is free again" test $? -eq 1

# --- a 64 MB build log ----------------------------------------------------------
HOSTILE_LOG_BYTES=64000000 run --out "$TMP/huge" --repro "$TMP/huge-repro" >"$TMP/huge.out" 2>&1
check "a 64 MB build log: the run ends with exit 1" test $? -eq 1
R=$(ls "$TMP"/huge/hostile-*.json | head -n 1)
check "the report stays small (under 2 MB)" test "$(stat -c %s "$R")" -lt 2000000
check "the record keeps the log's head and tail and says how much was cut" json_get "$R" \
    "[p for p in r['probes'] if p['id'] == 'hostile.buildfail' and 'bytes of this build log left out]' in r['build_logs'][p['build_log_ref']] and r['build_logs'][p['build_log_ref']].startswith('clcprobe1:1:1: error:') and len(r['build_logs'][p['build_log_ref']]) < 300000] or exit(1)"
check "the page stays small (under 2 MB)" test "$(stat -c %s "${R%.json}.html")" -lt 2000000

# --- SIGKILL --------------------------------------------------------------------
# These find the processes to kill with pgrep (procps, which
# scripts/setup-debian.sh installs by name).
if ! command -v pgrep >/dev/null; then
    echo "# skip: SIGKILL of a worker, a device process and clconform: no pgrep (procps) to find them"
    done_checks
fi
# A worker killed while it builds a batch: nobody is blamed, the probes are
# built again in smaller groups, and the device process says so.
HOSTILE_BUILD_SLEEP_MS=1500 "$CLCONFORM" --all-devices --probes "$probes" --quiet --out "$TMP/k1" >"$TMP/k1.out" 2>&1 &
main=$!
w=$(wait_for_grandchild $main) && kill -9 "$w"
wait $main
check "worker killed mid-batch: exit 1 (the driver's verdicts)" test $? -eq 1
check "...a message names the death and the signal" grep -q "the worker died while building 2 probes together (signal SIGKILL)" "$TMP/k1.out"
R=$(ls "$TMP"/k1/hostile-*.json | head -n 1)
check "...the report is complete, every probe judged as without the kill" json_get "$R" \
    "r['run']['complete'] and sorted(p['verdict'] for p in r['probes']) == ['build-fail', 'error', 'pass'] or exit(1)"
# A worker killed while it builds one probe: that probe is the crash.
HOSTILE_BUILD_SLEEP_MS=1500 "$CLCONFORM" --all-devices --probes "$probes" --quiet --batch 1 --out "$TMP/k2" >"$TMP/k2.out" 2>&1 &
main=$!
w=$(wait_for_grandchild $main) && kill -9 "$w"
wait $main
check "worker killed building one probe: exit 1" test $? -eq 1
R=$(ls "$TMP"/k2/hostile-*.json | head -n 1)
check "...that probe is a crash naming SIGKILL, the others run" json_get "$R" \
    "r['run']['complete'] and [p['verdict'] for p in r['probes']].count('crash') == 1 and any(p.get('signal') == 'SIGKILL' for p in r['probes']) or exit(1)"
# The device process killed: no report for it, said so, exit 1, index whole.
HOSTILE_BUILD_SLEEP_MS=1500 "$CLCONFORM" --all-devices --probes "$probes" --quiet --out "$TMP/k3" >"$TMP/k3.out" 2>&1 &
main=$!
wait_for_grandchild $main >/dev/null && kill -9 "$(children $main | head -n 1)"
wait $main
check "device process killed: exit 1" test $? -eq 1
check "...the message says its report is missing because it died" grep -q "no report was written (its process died)" "$TMP/k3.out"
check "...index.json is whole and lists no report" json_get "$TMP/k3/index.json" "r['reports'] == [] or exit(1)"
# clconform itself killed: its children follow, whatever is in --out is
# whole, and the next run can use the folder (the lock dies with them).
HOSTILE_BUILD_SLEEP_MS=1500 "$CLCONFORM" --all-devices --probes "$probes" --quiet --out "$TMP/k4" >/dev/null 2>&1 &
main=$!
wait_for_grandchild $main >/dev/null
kids=$(children $main)
{ kill -9 $main; wait $main; } 2>/dev/null
sleep 0.5 # its device process and worker die with it (PR_SET_PDEATHSIG), releasing the lock
alive=""
# (a zombie is dead: some containers' init never reaps what it inherits)
for k in $kids; do
    [ -e "/proc/$k" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$k/status" 2>/dev/null && alive="$alive $k"
done
for k in $alive; do echo "# still alive: $k $(grep -E "^(Name|State|PPid)" /proc/$k/status | tr "\n" " ")"; done
check "clconform killed: its children die with it" test -z "$alive"
for k in $alive; do kill -9 "$k" 2>/dev/null; done
check "clconform killed: no half-written JSON in --out" all_json_whole "$TMP/k4"
run --out "$TMP/k4" >/dev/null 2>&1
check "clconform killed: the next run can claim the folder" test $? -eq 1
done_checks
