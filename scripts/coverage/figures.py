"""Coverage figures from the universe (universe.py) and the calls each probe
makes (probe_calls.py): per group, names and overloads called; per overload,
its callers; and the floor check against committed figures."""

import json

import universe as universe_mod


def callers(universe, probes, calls):
    """({overload key: [probe index]}, {outside key: [probe index]}): who calls
    each overload of the universe, and the functions called that the header
    does not declare overloadable (clang's own built-ins: pipes, enqueue_kernel,
    to_global...; printf)."""
    inside, outside = {}, {}
    for i in sorted(calls):
        for key in calls[i]:
            (inside if key in universe else outside).setdefault(key, []).append(i)
    return inside, outside


def group_figures(universe, inside):
    """{group: {"names", "names_called", "overloads", "overloads_called",
    "excluded"}}, and the same for "core" (1.2, 2.0 and 3.0 together). An
    excluded overload (excluded.py) counts in "excluded" alone."""
    out = {}
    for key, o in universe.items():
        for g in (o["group"], "core") if o["group"] in universe_mod.CORE_GROUPS else (o["group"],):
            f = out.setdefault(g, {"names": set(), "names_called": set(), "overloads": 0, "overloads_called": 0,
                                   "excluded": 0})
            if o.get("excluded"):
                f["excluded"] += 1
                continue
            f["names"].add(o["name"])
            f["overloads"] += 1
            if key in inside:
                f["names_called"].add(o["name"])
                f["overloads_called"] += 1
    return {g: {"names": len(f["names"]), "names_called": len(f["names_called"]), "overloads": f["overloads"],
                "overloads_called": f["overloads_called"], "excluded": f["excluded"]} for g, f in out.items()}


def pct(part, whole):
    return 100.0 * part / whole if whole else 0.0


def uncovered_names(universe, inside, limit):
    """[(uncalled overloads, overloads, group, name)], most uncalled first."""
    by = {}
    for key, o in universe.items():
        if o.get("excluded"):
            continue
        n = by.setdefault((o["group"], o["name"]), [0, 0])
        n[1] += 1
        n[0] += key not in inside
    rows = [(u, t, g, name) for (g, name), (u, t) in by.items() if u]
    rows.sort(key=lambda r: (-r[0], r[2], r[3]))
    return rows[:limit]


def uncovered_groups(figures):
    """[(uncalled overloads, group)], most first."""
    rows = [(f["overloads"] - f["overloads_called"], g) for g, f in figures.items() if g != "core"]
    return sorted((r for r in rows if r[0]), key=lambda r: (-r[0], r[1]))


def floor_of(figures, clang_version):
    """The committed floor: called names and overloads per group."""
    return {"clang": clang_version,
            "groups": {g: {"names_called": f["names_called"], "overloads_called": f["overloads_called"]}
                       for g, f in sorted(figures.items())}}


def floor_text(floor):
    """The floor as committed: one group a line, so a rise reads as a diff."""
    lines = ['{"clang": %s,' % json.dumps(floor["clang"]), ' "groups": {']
    items = sorted(floor["groups"].items())
    for n, (g, f) in enumerate(items):
        lines.append("  %s: %s%s" % (json.dumps(g), json.dumps(f, sort_keys=True), "," if n + 1 < len(items) else ""))
    lines.append("}}")
    return "\n".join(lines) + "\n"


def check_floor(figures, floor, clang_version):
    """Lines saying where coverage fell below the floor (empty: it did not).
    With another clang than the floor's, the header's overloads differ, so
    nothing is compared and the one line says so."""
    if floor.get("clang") != clang_version:
        return ["floor was measured with %s, this is %s: regenerate it (make coverage-floor)"
                % (floor.get("clang"), clang_version)]
    bad = []
    for g, want in sorted(floor["groups"].items()):
        have = figures.get(g, {"names_called": 0, "overloads_called": 0})
        for what in ("names_called", "overloads_called"):
            if have[what] < want[what]:
                bad.append("%s: %s %d, below the floor's %d" % (g, what.replace("_", " "), have[what], want[what]))
    return bad


def load_reports(folder):
    """[(device key, {probe id: verdict})] from a folder of clconform JSON
    reports (index.json and other documents without probes are skipped)."""
    import glob
    import os
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as f:
            try:
                doc = json.load(f)
            except ValueError:
                continue
        if not isinstance(doc, dict) or "probes" not in doc or "device" not in doc:
            continue
        out.append((doc["device"].get("key", os.path.basename(path)[:-5]),
                    {p["id"]: p.get("verdict") for p in doc["probes"]}))
    return out


def judged_by(inside, probes, reports):
    """{overload key: [device key]}: the devices on which a probe calling it
    was judged (verdict pass or fail)."""
    out = {}
    for key, who in inside.items():
        devs = [dev for dev, verdicts in reports
                if any(verdicts.get(probes[i]["id"]) in ("pass", "fail") for i in who)]
        if devs:
            out[key] = devs
    return out
