"""json_get of tests/e2e/lib.sh: prints eval(EXPR) with `r` the JSON document
at FILE, a device report's pooled arrays put back in their records as
clconform's readers do (harness/report/report_arrays.c, docs/report-schema.md), so a
test reads r["probes"][i]["expected"] whether the array was shared or not.

Usage: report_get.py FILE EXPR
"""
import json
import sys

POOLED = ("expected", "actual", "values", "references")


def resolve(holder, arrays):
    """Replaces holder's FIELD_ref members by the arrays they name."""
    if not isinstance(holder, dict):
        return
    for field in POOLED:
        ref = holder.pop(field + "_ref", None)
        if ref is not None:
            holder[field] = arrays[ref]  # a dangling reference is the test's failure


def load(path):
    with open(path) as f:
        doc = json.load(f)
    if isinstance(doc, dict):
        arrays = doc.pop("arrays", {})
        for rec in doc.get("probes", []) if isinstance(doc.get("probes"), list) else []:
            resolve(rec, arrays)
            for inp in rec.get("inputs", []) if isinstance(rec, dict) else []:
                resolve(inp, arrays)
            resolve(rec.get("ulp") if isinstance(rec, dict) else None, arrays)
    return doc


if __name__ == "__main__":
    r = load(sys.argv[1])
    print(eval(sys.argv[2]))
