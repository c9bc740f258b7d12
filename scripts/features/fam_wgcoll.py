"""The work-group collective function probes (OpenCL C, unified spec,
"Work-group Collective Functions"), written by gen_features.py: every
function the section lists (all, any, broadcast in 1, 2 and 3 dimensions,
reduce/scan_inclusive/scan_exclusive of add, min, max) over every type it
allows except half (int, uint, long, ulong, float, double), for work-group
sizes 1, 7 and 64, three work-groups each. Expected values come from
collref.py on the inputs written into the probe; float inputs are chosen so
that every order of additions is exact (collref.check_exact_any_order)."""
import random

# These kernels run a few hundred work-items through one collective each:
# milliseconds anywhere. A short watchdog bounds what a driver that
# deadlocks in them costs (PoCL 5 hung in sub-group kernels on the H100
# host; at the default 10 s each hang cost 40 s with its lone retry).
KERNEL_TIMEOUT = "2"

import collref

WGC = "work-group-collective-functions/"
HEADING = "OpenCL C: Work-group Collective Functions"
TYPES = ["int", "uint", "long", "ulong", "float", "double"]
GROUPS = 3  # work-groups per launch: more than one, so each group's result is its own


def rng(*key):
    return random.Random("wgcoll:" + ":".join(str(k) for k in key))


def add_inputs(t, n, r):
    """Values for add: signed types stay far from overflow in every partial
    sum; unsigned types use the whole range, so sums wrap (modulo 2^bits,
    defined); floats are small multiples of 1/4 (1/16 for double), exact in
    any order."""
    if t == "int":
        return [r.randint(-1000000, 1000000) for _ in range(n)]
    if t == "long":
        return [r.randint(-(1 << 40), 1 << 40) for _ in range(n)]
    if t in ("uint", "ulong"):
        top = collref.type_max(t)
        return [r.choice((r.randint(0, top), top - r.randint(0, 1000), r.randint(0, 1000))) for _ in range(n)]
    if t == "float":
        return [collref.Fraction(r.randint(-4000, 4000), 4) for _ in range(n)]
    if t == "half":
        return [collref.Fraction(r.randint(-16, 16), 2) for _ in range(n)]
    return [collref.Fraction(r.randint(-(1 << 30), 1 << 30), 16) for _ in range(n)]


def minmax_inputs(t, n, r):
    """Values for min/max and broadcast: the whole range, extremes included;
    floats of many magnitudes and both signs (no zeros, NaNs or subnormals,
    whose min/max the spec leaves open)."""
    if t in collref.INT_TYPES:
        lo, hi = collref.type_min(t), collref.type_max(t)
        return [r.choice((lo, hi, r.randint(lo, hi), r.randint(-50, 50) % (hi + 1) if lo == 0 else r.randint(-50, 50)))
                for _ in range(n)]
    emin, emax = {"float": (-60, 60), "double": (-500, 500), "half": (-14, 7)}[t]
    out = []
    for _ in range(n):
        v = collref.Fraction(r.randint(1, 255)) * collref.Fraction(2) ** r.randint(emin, emax)
        out.append(-v if r.random() < 0.5 else v)
    return out


def tokens(t, vals):
    """Probe tokens; halves as their bits (the probes read them through
    as_half from ushort buffers)."""
    if t == "half":
        return [collref.half_bits(v) for v in vals]
    return [collref.fmt(t, v) for v in vals]


def type_requires(t, std):
    if std == "3.0":
        base = "cl_std_3.0 __opencl_c_work_group_collective_functions"
        extra = {"long": "__opencl_c_int64", "ulong": "__opencl_c_int64", "double": "__opencl_c_fp64"}.get(t)
    else:
        base = "cl_std_2.0"
        extra = {"long": "full_profile", "ulong": "full_profile", "double": "cl_khr_fp64"}.get(t)
    return base + (" " + extra if extra else "")


def wg_requires(n):
    size = 1
    while size < n:
        size *= 2
    return "" if n == 1 else " wg_%d" % size


def prelude_for(t):
    return "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" if t == "double" else None


def why_std(std):
    if std == "3.0":
        return ("OpenCL C 3.0 with __opencl_c_work_group_collective_functions (-cl-std=CL3.0); the section "
                "\"requires support for OpenCL C 2.0, or OpenCL C 3.0 or newer and the "
                "__opencl_c_work_group_collective_functions feature\"")
    return "OpenCL C 2.0, where the functions are core (-cl-std=CL2.0)"


LINEAR = "size_t g = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0) + get_global_id(0);"


def gen_family(w, std, t, local):
    n = local * GROUPS
    a = add_inputs(t, n, rng(t, local, "add"))
    m = minmax_inputs(t, n, rng(t, local, "minmax"))
    sid = "cl" + std
    req = type_requires(t, std) + wg_requires(local)
    common = dict(requires=req, options="-cl-std=CL" + std, timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                  prelude=prelude_for(t), inputs=[("a", t, tokens(t, a)), ("m", t, tokens(t, m))])
    where = "work-group size %d, %d groups, %s" % (local, GROUPS, why_std(std))
    path = WGC + "%s.probe" % t

    def expect(cols):
        rows = zip(*cols)
        return " ".join(collref.fmt(t, v) for row in rows for v in row)

    red = [collref.per_item(lambda g, op=op, xs=xs: collref.reduce(op, t, g), xs, local)
           for op, xs in (("add", a), ("min", m), ("max", m))]
    body = "\n".join([LINEAR, "out[3 * g + 0] = work_group_reduce_add(a[g]);",
                      "out[3 * g + 1] = work_group_reduce_min(m[g]);",
                      "out[3 * g + 2] = work_group_reduce_max(m[g]);"])
    w.probe(path, "wg-collective.reduce.%s.wg%d.%s" % (t, local, sid), HEADING, "run",
            "work_group_reduce_add/min/max on %s return the reduction of the group's values to every work-item "
            "(out[3g..3g+2]); %s add %s (%s)." % (t, t, "wraps modulo 2^n" if t in ("uint", "ulong") else
                                                  "inputs are exact in any order" if t in ("float", "double")
                                                  else "never overflows", where),
            body=body, out="%s[%d]" % (t, 3 * n), expect=expect(red), **common)

    for kind, fn in (("inclusive", collref.scan_inclusive), ("exclusive", collref.scan_exclusive)):
        cols = [collref.per_item(lambda g, op=op, fn=fn: fn(op, t, g), xs, local)
                for op, xs in (("add", a), ("min", m), ("max", m))]
        body = "\n".join([LINEAR] + ["out[3 * g + %d] = work_group_scan_%s_%s(%s[g]);" % (k, kind, op, src)
                                     for k, (op, src) in enumerate((("add", "a"), ("min", "m"), ("max", "m")))])
        ident = ("the first work-item gets the identity: 0 for add, %s for min, %s for max; "
                 % (collref.fmt(t, collref.identity("min", t)), collref.fmt(t, collref.identity("max", t)))
                 if kind == "exclusive" else "")
        w.probe(path, "wg-collective.scan-%s.%s.wg%d.%s" % (kind, t, local, sid), HEADING, "run",
                "work_group_scan_%s_add/min/max on %s: in increasing linear id within the group, item i gets "
                "the %s of items 0..%s (out[3g..3g+2]); %s%s." % (kind, t, "add/min/max",
                                                                  "i" if kind == "inclusive" else "i-1", ident, where),
                body=body, out="%s[%d]" % (t, 3 * n), expect=expect(cols), **common)

    ids = (local - 1, local // 2)
    cols = [collref.broadcast_nd(m, (n,), (local,), (i,)) for i in ids]
    body = "\n".join([LINEAR] + ["out[2 * g + %d] = work_group_broadcast(m[g], (size_t)%d);" % (k, i)
                                 for k, i in enumerate(ids)])
    w.probe(path, "wg-collective.broadcast.%s.wg%d.%s" % (t, local, sid), HEADING, "run",
            "work_group_broadcast(%s, local_id) gives every work-item of the group the value of the item with "
            "that local id, here %d and %d (the same for all items, below the group size) (%s)."
            % (t, ids[0], ids[1], where),
            body=body, out="%s[%d]" % (t, 2 * n), expect=expect(cols), **common)


def vote_inputs(local, r):
    """Predicates p (group 0 all non-zero, group 1 all zero, group 2 one
    non-zero item) and q (all non-zero but one zero item in group 2);
    non-zero values of either sign, INT_MIN included: only zero is false."""
    nz = [-(1 << 31), -1, 1, 2, 1 << 30, 7]
    p, q = [], []
    for grp in range(GROUPS):
        one = r.randrange(local)
        for i in range(local):
            p.append(r.choice(nz) if grp == 0 or (grp == 2 and i == one) else 0)
            q.append(0 if grp == 2 and i == one else r.choice(nz))
    return p, q


def gen_vote(w, std, local):
    n = local * GROUPS
    p, q = vote_inputs(local, rng("vote", local))
    cols = []
    for xs in (p, q):
        cols.append(collref.per_item(lambda g: int(all(v != 0 for v in g)), xs, local))
        cols.append(collref.per_item(lambda g: int(any(v != 0 for v in g)), xs, local))
    body = "\n".join([LINEAR, "out[4 * g + 0] = work_group_all(p[g]) != 0;", "out[4 * g + 1] = work_group_any(p[g]) != 0;",
                      "out[4 * g + 2] = work_group_all(q[g]) != 0;", "out[4 * g + 3] = work_group_any(q[g]) != 0;"])
    w.probe(WGC + "vote.probe", "wg-collective.all-any.wg%d.cl%s" % (local, std), HEADING, "run",
            "work_group_all/any return \"a non-zero value\" if the predicate is non-zero for all / any work-item "
            "of the group (compared with != 0 here): one group all true, one all false, one mixed (work-group "
            "size %d, %d groups, %s)." % (local, GROUPS, why_std(std)),
            body=body, out="int[%d]" % (4 * n), expect=" ".join(str(v) for row in zip(*cols) for v in row),
            requires="cl_std_3.0 __opencl_c_work_group_collective_functions" + wg_requires(local)
            if std == "3.0" else "cl_std_2.0" + wg_requires(local),
            options="-cl-std=CL" + std, timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
            inputs=[("p", "int", [str(v) for v in p]), ("q", "int", [str(v) for v in q])])


ND = {  # dims: (global, local, two broadcast ids)
    2: ((8, 6), (4, 3), ((3, 2), (1, 0))),
    3: ((4, 3, 4), (2, 3, 2), ((1, 2, 1), (0, 1, 1))),
}


def gen_nd(w, std, t, dims):
    gsize, lsize, bids = ND[dims]
    n = 1
    for v in gsize:
        n *= v
    lcount = 1
    for v in lsize:
        lcount *= v
    a = add_inputs(t, n, rng(t, dims, "nd-add"))
    m = minmax_inputs(t, n, rng(t, dims, "nd-minmax"))
    cols = [collref.broadcast_nd(m, gsize, lsize, b) for b in bids]
    cols.append(collref.per_item_nd(lambda g: collref.reduce("add", t, g), a, gsize, lsize))
    cols.append(collref.per_item_nd(lambda g: collref.scan_inclusive("add", t, g), a, gsize, lsize))
    cols.append(collref.per_item_nd(lambda g: collref.scan_exclusive("max", t, g), m, gsize, lsize))
    body = [LINEAR]
    for k, b in enumerate(bids):
        body.append("out[5 * g + %d] = work_group_broadcast(m[g], %s);" % (k, ", ".join("(size_t)%d" % v for v in b)))
    body += ["out[5 * g + 2] = work_group_reduce_add(a[g]);", "out[5 * g + 3] = work_group_scan_inclusive_add(a[g]);",
             "out[5 * g + 4] = work_group_scan_exclusive_max(m[g]);"]
    sid = "cl" + std
    w.probe(WGC + "%s.probe" % t, "wg-collective.%dd.%s.%s" % (dims, t, sid), HEADING, "run",
            "In a %d-D work-group of %s (global %s): the %d-argument work_group_broadcast picks the item at local "
            "ids %s and %s; reduce_add covers the whole group; the scans follow \"increasing 1D linear global ID "
            "within the work-group\" (x fastest) (%s)."
            % (dims, "x".join(map(str, lsize)), "x".join(map(str, gsize)), dims + 1, bids[0], bids[1], why_std(std)),
            body="\n".join(body), out="%s[%d]" % (t, 5 * n),
            expect=" ".join(collref.fmt(t, v) for row in zip(*cols) for v in row),
            requires=type_requires(t, std) + wg_requires(lcount), options="-cl-std=CL" + std, timeout=KERNEL_TIMEOUT,
            global_=" ".join(map(str, gsize)), local=" ".join(map(str, lsize)), prelude=prelude_for(t),
            inputs=[("a", t, tokens(t, a)), ("m", t, tokens(t, m))])


def gen_work_group_collectives(w):
    """OpenCL C 3.0 with the feature: every type at sizes 1, 7 and 64, votes,
    2-D and 3-D launches for the 32- and 64-bit integer types and float. OpenCL C 2.0: the same at size 7
    only (where a device lists 2.0, it differs only in how it is enabled)."""
    for std, sizes in (("3.0", (1, 7, 64)), ("2.0", (7,))):
        for t in TYPES:
            for local in sizes:
                gen_family(w, std, t, local)
        for local in sizes:
            gen_vote(w, std, local)
        for t in ("int", "uint", "long", "ulong", "float"):
            for dims in (2, 3):
                gen_nd(w, std, t, dims)
