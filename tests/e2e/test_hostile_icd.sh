#!/usr/bin/env bash
# An adversarial driver (tests/fixtures/hostile_icd): its names, versions,
# extensions and build logs hold markup, quotes, ../ paths, control
# characters, invalid UTF-8 and 100 KB strings, and its calls fail with codes
# no spec defines. Every report must stay inside --out, keep the strings as
# text (checked in the DOM Chromium builds), stay valid JSON and JUnit, give
# reproducers that still compile, and the run must end with the documented
# exit code (1: an `error` and a `build-fail` verdict).
source "$SRCDIR/tests/e2e/lib.sh"
mkdir -p "$TMP/vendors" "$TMP/out"
cc -shared -fPIC -o "$TMP/libhostile.so" "$SRCDIR/tests/fixtures/hostile_icd/hostile_icd.c"
echo "$TMP/libhostile.so" > "$TMP/vendors/hostile.icd"
export OCL_ICD_VENDORS="$TMP/vendors"
probes="$SRCDIR/tests/fixtures/hostile_icd/hostile.probe"

"$CLCONFORM" --list >"$TMP/list.out" 2>"$TMP/list.err"
check "--list exits 0 on the hostile driver" test $? -eq 0
check "--list names the platform" grep -q "Hostile <script>" "$TMP/list.out"
# No byte below 0x20 but newline, and no DEL: an ESC from a driver would
# recolour or retitle the user's terminal.
no_control() { ! LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$@"; }
check "--list prints no control characters from driver strings" no_control "$TMP/list.out" "$TMP/list.err"

touch "$TMP/stamp"
sleep 1
"$CLCONFORM" --all-devices --probes "$probes" --out "$TMP/out/r" --junit "$TMP/out/r/junit.xml" \
    --repro "$TMP/out/repro" >"$TMP/run.out" 2>&1
rc=$?
check "the run ends with exit 1 (an error and a build-fail verdict), as documented (got $rc)" test "$rc" -eq 1
check "progress lines carry no control characters" no_control "$TMP/run.out"
check "nothing was written outside --out and --repro" \
    sh -c "test -z \"\$(find '$TMP' -newer '$TMP/stamp' -not -path '$TMP/out*' -not -path '$TMP/last.out' -not -path '$TMP/run.out' -not -path '$TMP')\""
check "every name under --out is plain ([A-Za-z0-9._-])" \
    sh -c "test -z \"\$(cd '$TMP/out' && find . -mindepth 1 | grep -v '^\./[A-Za-z0-9._/-]*$')\""
check "no temporary file is left behind" sh -c "test -z \"\$(find '$TMP/out' -name '*.tmp.*')\""

R=$(ls "$TMP"/out/r/hostile-*.json 2>/dev/null | head -n 1)
check "the device report exists" test -n "$R"
check "every JSON file parses" python3 -c '
import json, sys
for p in sys.argv[1:]:
    json.load(open(p, encoding="utf-8"))' "$TMP"/out/r/*.json
check "the device name is kept as text, markup and ESC included" json_get "$R" \
    "('<script>alert(\"x\")</script>' in r['device']['name'] and '\x1b[31m' in r['device']['name']) or exit(1)"
check "invalid UTF-8 became '?', so the JSON is valid UTF-8" json_get "$R" \
    "('\ufffd' not in r['device']['name'] and '???(' in r['device']['name']) or exit(1)"
check "the 100 KB device version is kept whole" json_get "$R" "len(r['device']['version']) > 100000 or exit(1)"
check "an unknown error code is reported with the call's name" json_get "$R" \
    "[p for p in r['probes'] if p['id'] == 'hostile.run' and p['verdict'] == 'error' and 'clCreateKernel' in p['detail'] and '-9999' in p['detail']] or exit(1)"
check "the 100 KB hostile build log is in the build-fail record" json_get "$R" \
    "[p for p in r['probes'] if p['id'] == 'hostile.buildfail' and p['verdict'] == 'build-fail' and len(r['build_logs'][p['build_log_ref']]) > 100000] or exit(1)"
check "the run index is valid and complete" json_get "$TMP/out/r/index.json" "r['complete'] and len(r['reports']) == 1 or exit(1)"

check "the JUnit file parses and keeps the build log as text" python3 -c '
import sys, xml.etree.ElementTree as ET
t = ET.parse(sys.argv[1]).getroot()
s = t.findall("testsuite")
assert len(s) == 1 and int(s[0].get("tests")) == len(s[0].findall("testcase")) == 3
body = "".join("".join(c.itertext()) for c in s[0].iter("testcase"))
assert "<script>alert(" in body, "markup not kept as text"' "$TMP/out/r/junit.xml"

for page in "$TMP"/out/r/*.html; do
    check "$(basename "$page" | cut -c1-40): no live markup from the driver in the file" \
        sh -c "! grep -q -e '<script>alert' -e '<img src=x' -e 'href=\"http://evil' '$page'"
done
n_repro=0
for c in "$TMP"/out/repro/*/*/repro.c; do
    [ -f "$c" ] || continue
    n_repro=$((n_repro + 1))
    check "reproducer $(basename "$(dirname "$c")") compiles despite the driver's strings" cc -fsyntax-only -w "$c"
done
check "two reproducers written (error, build-fail)" test "$n_repro" -eq 2

# A context that cannot be made, with a positive code no spec defines.
HOSTILE_CONTEXT_ERR=12345 HOSTILE_BIG_BYTES=100 "$CLCONFORM" --all-devices --probes "$probes" \
    --out "$TMP/out/ctx" --quiet >"$TMP/ctx.out" 2>&1
check "clCreateContext failing with 12345: exit 1" test $? -eq 1
check "...every probe is an error naming the call and the code" json_get "$(ls "$TMP"/out/ctx/hostile-*.json | head -n 1)" \
    "all(p['verdict'] == 'error' and 'clCreateContext' in p['detail'] and '12345' in p['detail'] for p in r['probes']) and len(r['probes']) == 3 or exit(1)"

if ! command -v chromium >/dev/null 2>&1; then
    echo "# skip: chromium not installed (browser checks)"
    done_checks
fi
browse() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$TMP/chrome" "$@" 2>/dev/null
}
browse --dump-dom "file://${R%.json}.html" >"$TMP/dev-dom.html"
check "the device page loads in Chromium" grep -q "</html>" "$TMP/dev-dom.html"
check "the page shows the driver's markup as text" grep -qF '&lt;script&gt;alert("x")&lt;/script&gt;' "$TMP/dev-dom.html"
check "the page shows the build log's markup as text" grep -qF '&lt;img src=x onerror=alert(1)&gt;' "$TMP/dev-dom.html"
check "the device page DOM has no element, handler or link that loads or runs anything" \
    python3 "$SRCDIR/tests/e2e/dom_check.py" "$TMP/dev-dom.html"
browse --dump-dom "file://$TMP/out/r/index.html" >"$TMP/idx-dom.html"
check "the index page loads in Chromium" grep -q "</html>" "$TMP/idx-dom.html"
check "the index page DOM has no element, handler or link that loads or runs anything" \
    python3 "$SRCDIR/tests/e2e/dom_check.py" "$TMP/idx-dom.html"
done_checks
