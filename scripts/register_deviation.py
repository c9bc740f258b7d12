"""A probe's deviation, as a register entry names it (docs/register-format.md,
"Deviations"); mirrors harness/judge/register_dev.c, and the two must agree.

A record's deviation has two parts, both read from the report alone:

  values  the set of "E -> G" texts of its failing elements: for a record
          judged in ulp (with `ulp.failures`) the elements its judge listed
          (their `expected` and `actual` as written there); else each element
          whose actual text is neither its expected text nor one of the
          expected's `|` alternatives (`*` never fails);
  kinds   the deviation classes of its failure groups (the fourth field of
          each key of `groups`: "the sign of a zero: +0 for -0", "crash
          SIGSEGV", "builds though the spec forbids it", ...).

An entry's `deviation E -> G` lines bound the values, its `deviation kind
CLASS` lines the kinds: a matched probe whose values (or kinds) are not all
among the entry's has a changed deviation.
"""

POOLED = ("expected", "actual")


def resolve(rec, arrays):
    """Puts the report's pooled arrays back into rec (expected_ref -> expected)."""
    for field in POOLED:
        ref = rec.get(field + "_ref")
        if isinstance(ref, str) and ref in arrays:
            rec[field] = arrays[ref]


def pair(e, g):
    """ "E -> G", every run of blanks one blank (as a register line reads)."""
    return " ".join(("%s -> %s" % (e, g)).split())


def values(rec):
    """The "E -> G" texts of rec's failing elements (a set)."""
    ulp = rec.get("ulp")
    if isinstance(ulp, dict) and isinstance(ulp.get("failures"), list) and ulp["failures"]:
        return {pair(f["expected"], f["actual"]) for f in ulp["failures"]
                if isinstance(f, dict) and isinstance(f.get("expected"), str) and isinstance(f.get("actual"), str)}
    exp, act = rec.get("expected"), rec.get("actual")
    if not isinstance(exp, list) or not isinstance(act, list):
        return set()
    out = set()
    for e, a in zip(exp, act):
        if isinstance(e, str) and isinstance(a, str) and e != "*" and a not in e.split("|"):
            out.add(pair(e, a))
    return out


def kinds(rec):
    """The deviation classes of rec's failure groups (a set)."""
    return {k.split("|", 3)[3] for k in rec.get("groups") or [] if isinstance(k, str) and k.count("|") >= 3}


def parse_line(text):
    """('value', "E -> G") or ('kind', CLASS) for the text after `deviation`,
    or None when it is neither."""
    text = " ".join(text.split())
    if text.startswith("kind "):
        return ("kind", text[5:].strip()) if text[5:].strip() else None
    e, sep, g = text.partition(" -> ")
    return ("value", pair(e.strip(), g.strip())) if sep and e.strip() and g.strip() else None


def changed(entry, rec):
    """What of rec's deviation the entry does not name ("" when it names it all)."""
    want_v, want_k = entry.get("values") or set(), entry.get("kinds") or set()
    new = []
    if want_v:
        new += sorted(values(rec) - want_v)
    if want_k:
        new += ["kind " + k for k in sorted(kinds(rec) - want_k)]
    # an outcome that changes with the code around the call is part of the
    # deviation: an entry says so with a `context` line
    ctx = rec.get("context") or {}
    if ctx.get("same") is False and "context" not in entry and isinstance(ctx.get("alone"), str):
        new.append("context: another outcome alone (%s)" % ctx["alone"])
    return "; ".join(new)
