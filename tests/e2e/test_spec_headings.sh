#!/usr/bin/env bash
# Every probe cites the unified specification: its `spec` (its own or its
# file's [defaults]) is `OpenCL C (unified): HEADING` (or `OpenCL API`) with
# HEADING a section heading of KhronosGroup/OpenCL-Docs, as listed in
# docs/unified-spec-headings.txt; the checker catches a wrong heading and a
# spec not citing the unified spec, naming the file and line.
. "$(dirname "$0")/lib.sh"
H=$SRCDIR/docs/unified-spec-headings.txt
CHK="python3 $SRCDIR/scripts/spec_headings.py check $H"

check "every probe names a heading of the unified spec" $CHK "$SRCDIR/probes"
check "the headings list has the sections the issue names" \
    grep -qx 'OpenCL C: Math Functions' "$H"
check "and the flush-to-zero edge cases" grep -qx 'OpenCL C: Edge Case Behavior in Flush to Zero Mode' "$H"
check "a heading under two parents is named with its parent" \
    grep -qx 'OpenCL C: Explicit Conversions > Rounding Modes' "$H"
check "a heading written with two spaces after its = signs is listed" \
    grep -qx 'OpenCL API: Creating Buffer Objects' "$H"
check "the generators cite a listed heading and refuse a number or an unlisted one" python3 - "$SRCDIR" <<'PY'
import sys
sys.path.insert(0, sys.argv[1] + "/scripts/builtins")
import speccite
assert speccite.spec_for("OpenCL C: Math Functions") == "OpenCL C (unified): Math Functions"
assert speccite.spec_for("OpenCL API: Executing Kernels") == "OpenCL API (unified): Executing Kernels"
for bad in ("6.12.2", "OpenCL C: Maths Functions", "Math Functions"):
    try:
        speccite.spec_for(bad)
    except KeyError:
        continue
    raise SystemExit("accepted %r" % bad)
PY

mkdir -p "$TMP/p"
cat > "$TMP/p/bad.probe" <<'P'
[defaults]
spec = OpenCL C (unified): Math Functions

[probe t.ok]
kind = build-ok
body = x

[probe t.wrong-heading]
spec = OpenCL C (unified): Maths Functions
kind = build-ok
body = x

[probe t.old-style]
spec = OpenCL C 1.2
kind = build-ok
body = <<END
spec = OpenCL C (unified): not a key, inside a heredoc
END

[probe t.other-heading]
spec = OpenCL C (unified): Common Functions
kind = build-ok
body = x
P
$CHK "$TMP/p" >"$TMP/bad.out" 2>&1
check "a bad spec fails the check" test $? -eq 1
check "a heading not in the list is named with file and line" grep -q "bad.probe:8: probe t.wrong-heading: 'Maths Functions'" "$TMP/bad.out"
check "a spec not citing the unified spec is named" grep -q "bad.probe:13: probe t.old-style: spec = 'OpenCL C 1.2'" "$TMP/bad.out"
check "the good probe and the heredoc are not reported" \
    bash -c '! grep -q "t.ok\|not a key" "$1"' _ "$TMP/bad.out"

done_checks
