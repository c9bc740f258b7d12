#!/usr/bin/env bash
# The HTML pages in a real browser (headless Chromium), and the other report
# writers on hand-written fixture reports: merge, the matrix JSON, JUnit XML.
# The browser part skips itself where Chromium is not installed.
source "$SRCDIR/tests/e2e/lib.sh"
fx="$SRCDIR/tests/fixtures/reports"

"$CLCONFORM" merge "$fx/pocl.json" "$fx/rusticl.json" "$fx/hostile.json" "$fx/pocl-farm-b.json" \
    --out "$TMP/m" --junit "$TMP/m.xml" >"$TMP/merge.out" 2>&1
check "merge of four reports exits 0" test $? -eq 0
check "merge --junit writes XML that python's parser accepts, one suite per device" python3 -c '
import sys, xml.etree.ElementTree as ET
t = ET.parse(sys.argv[1]).getroot()
assert t.tag == "testsuites" and len(t.findall("testsuite")) == 4
for s in t.findall("testsuite"):
    assert int(s.get("tests")) == len(s.findall("testcase"))' "$TMP/m.xml"
check "merge writes the index, matrix.json and a page per device" \
    test "$(ls "$TMP/m" | grep -c '\.html$')" -eq 5 -a -s "$TMP/m/matrix.json"
check "matrix.json lists four devices with distinct keys" json_get "$TMP/m/matrix.json" \
    "len(set(d['key'] for d in r['devices'])) == 4 or exit(1)"
check "matrix.json puts failures first" json_get "$TMP/m/matrix.json" \
    "all(v in ('pass','info','skip') for v in r['probes'][-1]['verdicts'].values()) and any(v not in ('pass','info','skip') for v in r['probes'][0]['verdicts'].values()) or exit(1)"
"$CLCONFORM" merge "$fx/bad/malformed.json" --out "$TMP/bad" >"$TMP/bad.out" 2>&1
check "a malformed report is an input error (exit 2)" test $? -eq 2
check "the error names the file" grep -q "malformed.json" "$TMP/bad.out"
"$CLCONFORM" merge "$fx/bad/not-a-report.json" --out "$TMP/bad2" >/dev/null 2>&1
check "JSON that is not a report is refused (exit 2)" test $? -eq 2

page="$TMP/m/evil-gpu.html"
check "no page pulls anything from the network" sh -c "! grep -Eq '(src|href)=\"(https?:)?//' $TMP/m/*.html"
check "driver markup is escaped in the device page" grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$page"
check "no live script element from driver text" sh -c "! grep -q '<script>alert' '$page'"

if ! command -v chromium >/dev/null 2>&1; then
    echo "# skip: chromium not installed (browser checks)"
    done_checks
fi
browse() {
    timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$TMP/chrome" "$@" 2>/dev/null
}
browse --dump-dom "file://$page" >"$TMP/dom.html"
check "the device page loads in Chromium" grep -q "</html>" "$TMP/dom.html"
check "the page shows the summary" grep -qi "summary" "$TMP/dom.html"
check "the page shows the failing probe" grep -q "hostile.build" "$TMP/dom.html"
check "driver markup is text in the DOM, not an element" grep -q '&lt;script&gt;alert(1)' "$TMP/dom.html"
check "no script element came from the report" sh -c "! grep -q '<script>alert' '$TMP/dom.html'"
check "no img element came from the report" sh -c "! grep -q '<img src=\"x\"' '$TMP/dom.html'"
# The DOM Chromium built: no element that loads anything (a driver string
# that escaped its escaping would show here), and every link stays local.
no_resources() {
    python3 -c '
import sys
from html.parser import HTMLParser
LOADERS = {"script", "img", "link", "iframe", "object", "embed", "video", "audio", "source", "frame", "base"}
class P(HTMLParser):
    bad = []
    def handle_starttag(self, tag, attrs):
        if tag in LOADERS:
            self.bad.append(tag)
        for k, v in attrs:
            v = (v or "").strip().lower()
            if k in ("src", "srcset", "action", "poster", "data", "formaction") or \
               (k == "href" and ":" in v.split("#")[0]) or (k == "style" and "url(" in v):
                self.bad.append("%s=%s" % (k, v))
p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read())
css = open(sys.argv[1], encoding="utf-8").read().lower()
assert "url(" not in css and "@import" not in css, "a style sheet loads something"
assert not p.bad, p.bad' "$1"
}
check "the device page DOM has no element or link that loads a resource" no_resources "$TMP/dom.html"
browse --dump-dom "file://$TMP/m/pocl--pthread-skylake-avx512.html" >"$TMP/pocl.html"
check "a device page shows its failing probes" \
    grep -q 'id="probe-conv.convert_int_sat_rte.float4.nan"' "$TMP/pocl.html"
check "a device page marks the first mismatch" grep -q 'class="first-mismatch"' "$TMP/pocl.html"
browse --dump-dom "file://$TMP/m/rusticl--llvmpipe.html" >"$TMP/rusticl.html"
check "an incomplete run is shown as INCOMPLETE" grep -q 'INCOMPLETE RUN' "$TMP/rusticl.html"
browse --dump-dom "file://$TMP/m/index.html" >"$TMP/idx.html"
check "the index DOM has no element or link that loads a resource" no_resources "$TMP/idx.html"
check "the index lists the failing probes" grep -q 'bool.int2.implicit.runtime' "$TMP/idx.html"
check "the matrix page loads and links to device pages" grep -q 'href="evil-gpu.html#probe-' "$TMP/idx.html"
(cd "$TMP" && browse --screenshot="$TMP/shot.png" --window-size=1280,1600 "file://$TMP/m/index.html" >/dev/null)
check "the matrix page renders (screenshot taken)" test -s "$TMP/shot.png"
done_checks
