#!/usr/bin/env bash
# clconform explain, on the suite itself (no device): each fact it prints is
# checked against the files it comes from, and each expected value against
# the spec's rule computed here, in Python, from the operand explain names.
#   convert_int_sat_rte(NaN) is 0 ("Out-of-Range Behavior and Saturated
#   Conversions": under _sat, NaN is converted to zero);
#   convert_int_sat_rte(x) is x rounded to nearest even, clamped to int;
#   clamp(x, lo, hi) is min(max(x, lo), hi) ("Integer Functions").
. "$SRCDIR/tests/e2e/lib.sh"
cd "$SRCDIR" || exit 1
ID=conv.convert_int.float.runtime
FILE=probes/explicit-conversions/from_float.probe

"$CLCONFORM" explain --call 'convert_int_sat_rte(NaN)' >"$TMP/call.out"
check call_query_exits_0 test $? -eq 0
check call_query_finds_the_runtime_probe_element grep -q "^$ID:670 " "$TMP/call.out"

for e in 670 624 628 658; do
    "$CLCONFORM" explain "$ID:$e" --json >"$TMP/e$e.json" || echo "explain $ID:$e failed"
done
check explain_element_json_is_right python3 - "$TMP" "$ID" "$FILE" <<'PY'
import json, math, re, struct, sys
tmp, pid, path = sys.argv[1:]
lines = open(path).read().split("\n")
header = lines.index("[probe %s]" % pid) + 1  # 1-based line of the header

def operand(tok):
    """A float token of the probe format, as a Python float (NaN for bits() NaNs)."""
    m = re.fullmatch(r"bits\((0x[0-9a-f]+)\)", tok)
    if m:
        return struct.unpack("<f", struct.pack("<I", int(m.group(1), 16)))[0]
    return float.fromhex(tok) if "0x" in tok else float(tok)

def sat_rte_int(x):
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return 2**31 - 1 if x > 0 else -2**31
    return max(-2**31, min(2**31 - 1, round(x)))  # round(): ties to even, exact

# The `in` buffer as the probe file writes it (the 144 operands of the block).
i = header
while not lines[i].startswith("input in = <<END"):
    i += 1
toks = []
i += 2  # past the type line
while lines[i] != "END":
    toks += lines[i].split()
    i += 1
for e in (670, 624, 628, 658):
    d = json.load(open("%s/e%d.json" % (tmp, e)))
    assert d["id"] == pid and d["file"] == path and d["line"] == header, (d["file"], d["line"], header)
    assert d["generators"] == ["scripts/convert/gen_conversions.c"], d["generators"]
    assert d["spec"]["heading"].endswith("Out-of-Range Behavior and Saturated Conversions"), d["spec"]
    el = d["element"]
    assert el["function"] == "convert_int_sat_rte", el  # block 624..767 by the labels
    j = e - 624
    assert el["operands"][0]["name"] == "in" and el["operands"][0]["index"] == j, el["operands"]
    x = operand(toks[j])
    got = el["operands"][0]["value"]
    as_f32 = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]  # the shortest float token, read as float
    assert (math.isnan(x) and got in ("nan", "-nan")) or (not math.isnan(x) and as_f32(float(got)) == x), (got, toks[j])
    want = sat_rte_int(x)
    assert int(el["expected"]) == want, (e, el["expected"], want)
    if e == 670:
        assert math.isnan(x) and want == 0
        names = {l["name"]: l for l in d["ledger"]}
        assert names["conv-sat-nan"]["cited"], names
PY

# The register: every entry whose glob matches, found here with fnmatch.
check explain_lists_every_matching_register_entry python3 - "$TMP/e670.json" "$ID" <<'PY'
import fnmatch, json, os, sys
d = json.load(open(sys.argv[1]))
want = set()
for name in sorted(os.listdir("expected")):
    for n, line in enumerate(open(os.path.join("expected", name)), 1):
        f = line.split()
        if f and not line.startswith("#") and f[0] not in ("driver", "fuzz") and fnmatch.fnmatchcase(sys.argv[2], f[0]):
            want.add(("expected/" + name, n))
got = {(r["file"], r["line"]) for r in d["register"]}
assert got == want and want, (got, want)
PY

"$CLCONFORM" explain "$ID:670" >"$TMP/text.out"
LINE=$(grep -n "^\[probe $ID\]" "$FILE" | cut -d: -f1)
check text_names_file_and_line grep -q "probe      $FILE:$LINE\$" "$TMP/text.out"
check text_names_the_call grep -q "call       convert_int_sat_rte(nan)" "$TMP/text.out"
check text_names_the_expected_value grep -q "expected   0 (int)" "$TMP/text.out"

# A grid-stride loop's element: its operands, from the kernel's shape.
"$CLCONFORM" explain intfn.clamp.char2-char.runtime:1 --json >"$TMP/clamp.json"
check clamp_element_operands_and_expected python3 - "$TMP/clamp.json" <<'PY'
import json, sys
el = json.load(open(sys.argv[1]))["element"]
ops = {(o["name"], o["index"]): int(o["value"]) for o in el["operands"]}
assert ops == {("a", 0): -128, ("a", 1): -128, ("b", 0): -128, ("c", 0): -128}, ops
x, lo, hi = ops[("a", 1)], ops[("b", 0)], ops[("c", 0)]  # component 1 of the first call
assert int(el["expected"]) == min(max(x, lo), hi) == -128, el["expected"]
assert el["call"] == "vstore2(clamp((char2)(-128, -128), (char)-128, (char)-128), i, out);", el["call"]
PY

# A measurement: what it measures, where that is documented, how it is judged.
"$CLCONFORM" explain iwg.resident.wg64 --json >"$TMP/iwg.json"
MLINE=$(grep -n "^\[probe iwg.resident.wg64\]" probes/execution-model/iwg.probe | cut -d: -f1)
check measure_probe_explained python3 - "$TMP/iwg.json" "$MLINE" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kind"] == "measure" and d["line"] == int(sys.argv[2]), (d["kind"], d["line"])
assert "never pass or fail" in d["judged"], d["judged"]
m = d["measure"]
assert m["name"] == "iwg_resident_wg64", m
doc = open(m["doc"]["file"]).read().split("\n")
assert doc[m["doc"]["line"] - 1].startswith("## ") and "iwg.probe" in doc[m["doc"]["line"] - 1], m["doc"]
assert doc[m["row_line"] - 1] == m["row"] and "`iwg_resident_WG`" in m["row"], m
PY

"$CLCONFORM" explain no.such.probe >/dev/null 2>"$TMP/none.err"
check unknown_probe_exits_2 test $? -eq 2
"$CLCONFORM" explain "$ID:1440" >/dev/null 2>&1
check element_past_the_end_exits_2 test $? -eq 2
"$CLCONFORM" explain --help | grep -q "clconform explain ID"
check explain_has_help test $? -eq 0
done_checks
