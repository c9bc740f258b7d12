#!/usr/bin/env bash
# Failure groups and human times in a real browser (headless Chromium), on
# the fixture reports merged into pages: the device page and the cross-device
# page have a "Failures by rule" table whose rows unfold (<details>) to links
# to the probes; the wall time reads in seconds. The fixtures predate the
# "groups" field, so this also shows groups are computed for old reports.
source "$SRCDIR/tests/e2e/lib.sh"
fx="$SRCDIR/tests/fixtures/reports"

"$CLCONFORM" merge "$fx/pocl.json" "$fx/rusticl.json" "$fx/pocl-farm-b.json" --out "$TMP/m" >"$TMP/merge.out" 2>&1
check "merge exits 0" test $? -eq 0
if ! command -v chromium >/dev/null 2>&1; then
    echo "# skip: chromium not installed (browser checks)"
    done_checks
fi
browse() {
    timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$TMP/chrome" "$@" 2>/dev/null
}
# groups_ok DOM MULTI: the groups table parses out of the DOM, each row has a
# count, a <details> whose links go to probe anchors, and (MULTI=1) devices.
groups_ok() {
    python3 - "$1" "$2" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.in_groups = False; s.rows = []; s.cell = None; s.links = []
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("id") == "groups": s.in_groups = True
        if not s.in_groups: return
        if tag == "tr" and a.get("class") == "group": s.rows.append({"cells": [], "links": [], "details": False})
        if tag == "td" and s.rows: s.rows[-1]["cells"].append(""); s.cell = True
        if tag == "details" and s.rows: s.rows[-1]["details"] = True
        if tag == "a" and s.rows: s.rows[-1]["links"].append(a.get("href", ""))
    def handle_endtag(s, tag):
        if tag == "section": s.in_groups = False
    def handle_data(s, d):
        if s.in_groups and s.rows and s.rows[-1]["cells"]: s.rows[-1]["cells"][-1] += d
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
multi = sys.argv[2] == "1"
assert p.rows, "no group rows"
for r in p.rows:
    assert r["details"] and r["links"], r
    assert int(r["cells"][0]) == len(r["links"]), r
    assert all("#probe-" in h for h in r["links"]), r
    if multi: assert r["cells"][-1].strip(), r
counts = [int(r["cells"][0]) for r in p.rows]
assert counts == sorted(counts, reverse=True), counts
print(len(p.rows), "rows")
PY
}
browse --dump-dom "file://$TMP/m/pocl--pthread-skylake-avx512.html" >"$TMP/dev.html"
check "device page: failures by rule, rows unfold to probe links" groups_ok "$TMP/dev.html" 0
check "device page: a NaN made INT_MIN reads as the type's minimum" \
    grep -q "<summary>the type's minimum</summary>" "$TMP/dev.html"
check "device page: a true bool made 1, not -1, reads as sign flipped" \
    grep -q "<summary>sign flipped</summary>" "$TMP/dev.html"
check "device page: wall time in seconds" grep -q '<th>wall time</th><td>3.10 s</td>' "$TMP/dev.html"
browse --dump-dom "file://$TMP/m/index.html" >"$TMP/idx.html"
check "cross-device page: failures by rule with devices" groups_ok "$TMP/idx.html" 1
check "cross-device page: group links go to device pages" grep -q 'href="pocl--pthread-skylake-avx512.html#probe-' "$TMP/idx.html"
done_checks
