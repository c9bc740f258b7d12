"""docs/coverage.md: the figures, the largest gaps, and every overload of the
header with the probes that call it (and, given reports, the devices that
judged those probes)."""

import re

import figures as fig
import universe as universe_mod

SHOW_IDS = 3
UNCOVERED_NAMES = 40


def short_type(qual):
    """A signature without the `__private` clang writes on every parameter:
    `float (__private float, __global float *__private)` reads
    `float (float, __global float *)`; a pointee's address space stays."""
    m = re.match(r"^(.*?)\((.*)\)$", qual)
    if not m:
        return qual
    params, depth, cur = [], 0, ""
    for ch in m.group(2):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            params.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur.strip())
    out = []
    for p in params:
        if "*" in p:
            p = re.sub(r"\*\s*__private$", "*", p)
        else:
            p = re.sub(r"^__private ", "", p)
        out.append(p)
    return "%s(%s)" % (m.group(1), ", ".join(out))


def _ids(probes, who):
    ids = [probes[i]["id"] for i in who[:SHOW_IDS]]
    more = len(who) - len(ids)
    return "%d: %s%s" % (len(who), ", ".join("`%s`" % x for x in ids), ", …" if more else "")


def _row(name, f):
    return "| %s | %d / %d | %.1f%% | %d / %d | %.1f%% |" % (
        name, f["names_called"], f["names"], fig.pct(f["names_called"], f["names"]),
        f["overloads_called"], f["overloads"], fig.pct(f["overloads_called"], f["overloads"]))


def write(path, ctx):
    """ctx: universe, probes, inside, outside, figures, errors, clang, header,
    parsed (probe indices parsed), left_out (build-fail count), reports
    ([(device, verdicts)] or None), judged ({key: [device]})."""
    u, probes, inside, figs = ctx["universe"], ctx["probes"], ctx["inside"], ctx["figures"]
    reports, judged = ctx["reports"], ctx["judged"]
    labels = {d: str(n + 1) for n, (d, _) in enumerate(reports or [])}
    w = []
    w.append("# Built-in function coverage\n")
    w.append("Written by `make coverage` (scripts/coverage/coverage.py); do not edit. Which overloads of the "
             "built-in functions the probes call, as clang resolves each call: every probe's program as the "
             "harness builds it (build/rel/probe_sources, through the harness's probe loader and its build "
             "options), parsed by %s against its `%s` for SPIR with every extension and feature on "
             "(`-cl-ext=+all`), each call's overload read from the AST. The universe is every function the "
             "header declares `overloadable` under OpenCL C 1.2, 2.0 and 3.0, grouped by the `#if` guards "
             "around it (scripts/coverage/universe.py): what each version adds to the core, the image, "
             "sub-group, pipe and device-enqueue functions apart, and each extension by its macro. An "
             "overload is its name and its full type as clang prints it (below without the `__private` "
             "of by-value parameters).\n" % (ctx["clang"], ctx["header"]))
    w.append("%d probes parsed (kinds run, impl-defined, build-ok, measure); %d `build-fail` probes left out "
             "(what they call is meant not to compile). `make check-coverage` fails when a group's called "
             "names or overloads fall below scripts/coverage/floor.json.\n"
             % (len(ctx["parsed"]), ctx["left_out"]))
    w.append("## Totals\n")
    w.append("| group | names called | names % | overloads called | overloads % |")
    w.append("| --- | --- | --- | --- | --- |")
    order = universe_mod.group_order(figs)
    for g in universe_mod.CORE_GROUPS:
        if g in figs:
            w.append(_row(g, figs[g]))
    w.append(_row("**core (1.2 + 2.0 + 3.0)**", figs["core"]))
    for g in order:
        if g not in universe_mod.CORE_GROUPS:
            w.append(_row(g, figs[g]))
    w.append("")
    excl = {}
    for key, o in u.items():
        if o.get("excluded"):
            excl.setdefault(o["excluded"], []).append(key)
    if excl:
        w.append("## Excluded overloads\n")
        w.append("Overloads no probe may call, counted in no figure above (scripts/coverage/excluded.py), by "
                 "reason:\n")
        for why in sorted(excl):
            keys = sorted(excl[why], key=lambda k: (u[k]["group"], u[k]["name"], u[k]["line"]))
            groups = sorted({u[k]["group"] for k in keys})
            w.append("- %s (%s): %d overloads, %s" % (", ".join(groups), why, len(keys), ", ".join(
                sorted({"`%s`" % u[k]["name"] for k in keys}))))
            hit = [k for k in keys if k in inside]
            if hit:
                w.append("  - called all the same: " + "; ".join(
                    "`%s` `%s` — %s" % (u[k]["name"], short_type(u[k]["type"]), _ids(probes, inside[k])) for k in hit))
        w.append("")
    left = {}
    for key, o in u.items():
        if o.get("left") and key not in inside:
            left.setdefault(o["left"], []).append(key)
    if left:
        w.append("## Left uncalled on purpose\n")
        w.append("Uncalled overloads counted as such above, left so for the reason given "
                 "(scripts/coverage/excluded.py, LEFT):\n")
        for why in sorted(left):
            keys = left[why]
            groups = sorted({u[k]["group"] for k in keys})
            w.append("- %s (%s): %d overloads, %s" % (", ".join(groups), why, len(keys), ", ".join(
                sorted({"`%s`" % u[k]["name"] for k in keys}))))
        w.append("")
    if reports:
        w.append("## Judged per device\n")
        w.append("Overloads called by at least one probe the device judged (verdict pass or fail), from the "
                 "reports given to `make coverage REPORTS=...`; extensions the device does not list are "
                 "mostly `skip`. Devices by number:\n")
        for d, _ in reports:
            w.append("- [%s] `%s`" % (labels[d], d))
        w.append("")
        w.append("| group | " + " | ".join("[%s]" % labels[d] for d, _ in reports) + " |")
        w.append("| --- |" + " --- |" * len(reports))
        for g in universe_mod.CORE_GROUPS + [x for x in order if x not in universe_mod.CORE_GROUPS]:
            if g not in figs:
                continue
            cells = []
            for d, _ in reports:
                n = sum(1 for k, o in u.items() if o["group"] == g and not o.get("excluded") and d in judged.get(k, ()))
                cells.append("%d (%.1f%%)" % (n, fig.pct(n, figs[g]["overloads"])))
            w.append("| %s | %s |" % (g, " | ".join(cells)))
        w.append("")
    w.append("## Largest gaps\n")
    w.append("Groups by overloads no probe calls:\n")
    w.append("| group | uncalled overloads |")
    w.append("| --- | --- |")
    for n, g in fig.uncovered_groups(figs):
        w.append("| %s | %d |" % (g, n))
    w.append("")
    w.append("Names with the most uncalled overloads:\n")
    w.append("| name | group | uncalled / overloads |")
    w.append("| --- | --- | --- |")
    for un, tot, g, name in fig.uncovered_names(u, inside, UNCOVERED_NAMES):
        w.append("| `%s` | %s | %d / %d |" % (name, g, un, tot))
    w.append("")
    if ctx["outside"]:
        w.append("## Calls outside the header's overloads\n")
        w.append("Functions the probes call that opencl-c.h does not declare `overloadable` (clang's own "
                 "built-ins: pipes, `enqueue_kernel`, `to_global`...; `printf`):\n")
        for key in sorted(ctx["outside"]):
            name, qual = key.split(" :: ", 1)
            w.append("- `%s` `%s` — %s" % (name, short_type(qual), _ids(probes, ctx["outside"][key])))
        w.append("")
    if ctx["errors"]:
        w.append("## Probes clang reports errors in\n")
        w.append("Parsed alone, each still has an error; the calls clang resolved in it are counted. Most are "
                 "measurements whose macros the harness supplies at run time.\n")
        for i in sorted(ctx["errors"], key=lambda i: probes[i]["id"]):
            w.append("- `%s`: %s" % (probes[i]["id"], ctx["errors"][i][0]))
        w.append("")
    w.append("## Every overload\n")
    w.append("Per group and name: each called overload with how many probes call it and the first few; %s"
             "then the uncalled ones.\n" % ("the devices that judged a caller in brackets, by their number above; "
                                          if reports else ""))
    by_group = {}
    for key, o in u.items():
        by_group.setdefault(o["group"], {}).setdefault(o["name"], []).append(key)
    for g in order:
        if g == "core":
            continue
        f = figs[g]
        w.append("### %s\n" % g)
        w.append("%d of %d names, %d of %d overloads called%s.\n"
                 % (f["names_called"], f["names"], f["overloads_called"], f["overloads"],
                    "; %d excluded" % f["excluded"] if f["excluded"] else ""))
        for name in sorted(by_group[g]):
            every = sorted(by_group[g][name], key=lambda k: u[k]["line"])
            keys = [k for k in every if not u[k].get("excluded")]
            out_of = [k for k in every if u[k].get("excluded")]
            called = [k for k in keys if k in inside]
            w.append("- **%s** (%d / %d)" % (name, len(called), len(keys)))
            for k in called:
                devs = " [%s]" % ",".join(labels[d] for d in judged[k]) if reports and k in judged else ""
                w.append("  - `%s` — %s%s" % (short_type(u[k]["type"]), _ids(probes, inside[k]), devs))
            rest = [k for k in keys if k not in inside]
            if rest and called:
                w.append("  - uncalled: " + "; ".join("`%s`" % short_type(u[k]["type"]) for k in rest))
            elif rest:
                w.append("  - none called: " + "; ".join("`%s`" % short_type(u[k]["type"]) for k in rest))
            if out_of:
                w.append("  - excluded: " + "; ".join("`%s`" % short_type(u[k]["type"]) for k in out_of))
        w.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(w))
