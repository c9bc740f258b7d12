"""The sub-group probes (OpenCL C, unified spec: "Work-Item Functions" for the
sub-group queries, "Sub-Group Functions", and the cl_khr_subgroup_ballot and
cl_khr_subgroup_shuffle functions of that section), written by
gen_features.py.

How a work-group splits into sub-groups is implementation-defined, so no
expected value may depend on it. Each kernel records, per work-item, its
sub-group id and local id and its inputs in __local memory; after a barrier
each work-item recomputes what its sub-group's functions must return with a
plain loop over the work-items of its own sub-group (additions, comparisons,
nothing else) and writes a bit mask of the functions that disagreed: the
expected output is 0 for every work-item, on any layout. The inputs are the
work-group family's (fam_wgcoll): signed sums never overflow, float sums are
exact in every order (checked here per work-group, which covers every
sub-group), so the loop's order does not matter either. The layout probe
checks what the spec fixes about the layout itself."""
import re

import collref
import fam_wgcoll

# These kernels run a few hundred work-items through one collective each:
# milliseconds anywhere. A short watchdog bounds what a driver that
# deadlocks in them costs (PoCL 5 hung in sub-group kernels on the H100
# host; at the default 10 s each hang cost 40 s with its lone retry).
KERNEL_TIMEOUT = "2"

SGF = "sub-group-functions/"
HEADING = "OpenCL C: Sub-Group Functions"
CLAUSE_WI = "OpenCL C: Work-Item Functions"
GROUPS = 3

# Variants: (id suffix, -cl-std, requires, work-group sizes, why). The
# functions need "the cl_khr_subgroups extension, or OpenCL C 3.0 or newer and
# the __opencl_c_subgroups feature": the feature under 3.0 (every size), the
# extension under 3.0 on a device that lists it without the feature (the
# dependency probe flags that pairing, yet the functions must still work), and
# the extension under OpenCL C 2.0, the version it was written for.
VARIANTS = [
    ("cl3.0", "3.0", "cl_std_3.0 __opencl_c_subgroups", (1, 7, 64),
     "OpenCL C 3.0 with __opencl_c_subgroups (-cl-std=CL3.0)"),
    ("cl3.0-khr", "3.0", "cl_std_3.0 cl_khr_subgroups !__opencl_c_subgroups", (7,),
     "OpenCL C 3.0 with the cl_khr_subgroups extension but without the feature (-cl-std=CL3.0)"),
    ("cl2.0", "2.0", "cl_std_2.0 cl_khr_subgroups", (7,),
     "OpenCL C 2.0 with the cl_khr_subgroups extension (-cl-std=CL2.0)"),
]

IDENT = {  # the identities the spec names for min and max (collref.identity)
    "int": ("INT_MAX", "INT_MIN"), "uint": ("UINT_MAX", "0u"), "long": ("LONG_MAX", "LONG_MIN"),
    "ulong": ("ULONG_MAX", "0ul"), "float": ("INFINITY", "-INFINITY"),
    "double": ("(double)INFINITY", "-(double)INFINITY"), "half": ("(half)INFINITY", "-(half)INFINITY"),
}


def type_requires(t, std):
    if t == "half":
        return " cl_khr_fp16"
    if std == "3.0":
        return {"long": " __opencl_c_int64", "ulong": " __opencl_c_int64", "double": " __opencl_c_fp64"}.get(t, "")
    return {"long": " full_profile", "ulong": " full_profile", "double": " cl_khr_fp64"}.get(t, "")


def prelude_for(t, std):
    lines = []
    if std == "2.0":
        lines.append("#pragma OPENCL EXTENSION cl_khr_subgroups : enable")
    if t == "double":
        lines.append("#pragma OPENCL EXTENSION cl_khr_fp64 : enable")
    if t == "half":
        lines.append("#pragma OPENCL EXTENSION cl_khr_fp16 : enable")
    return "\n".join(lines) or None


# Halves travel as their bits in ushort buffers (the half family's habit).
def rd(t, expr):
    return "as_half(%s)" % expr if t == "half" else expr


def io_type(t):
    return "ushort" if t == "half" else t


RECORD = """uint l = (uint)get_local_id(0);
uint sid = get_sub_group_id();
uint slid = get_sub_group_local_id();
uint ssz = get_sub_group_size();"""


def layout_body(local):
    return "\n".join([
        RECORD,
        "uint msz = get_max_sub_group_size();",
        "uint n = get_num_sub_groups();",
        "uint en = get_enqueued_num_sub_groups();",
        "uint ones = sub_group_reduce_add(1u);",
        "local uint lsid[%d], lslid[%d], lsz[%d], ln[%d], lmsz[%d];" % ((local,) * 5),
        "lsid[l] = sid; lslid[l] = slid; lsz[l] = ssz; ln[l] = n; lmsz[l] = msz;",
        "barrier(CLK_LOCAL_MEM_FENCE);",
        "int bad = 0;",
        "if (!(ssz >= 1 && ssz <= msz)) bad |= 1;     /* 1 <= size <= max size */",
        "if (!(sid < n)) bad |= 2;                   /* id in 0 .. num - 1 */",
        "if (!(slid < ssz)) bad |= 4;                /* local id below the size */",
        "if (en != n) bad |= 8;                      /* uniform work-groups: enqueued = num */",
        "if (ones != ssz) bad |= 16;                 /* a reduce of 1 counts the sub-group */",
        "uint members = 0;",
        "for (uint j = 0; j < %du; j++) {" % local,
        "    if (ln[j] != n || lmsz[j] != msz) bad |= 32;  /* constant over the work-group */",
        "    if (lsid[j] == sid) {",
        "        members++;",
        "        if (lsz[j] != ssz) bad |= 64;            /* one size per sub-group */",
        "        if (lslid[j] == slid && j != l) bad |= 128;  /* local ids unique */",
        "    }",
        "}",
        "if (members != ssz) bad |= 256;  /* with unique ids below the size: exactly 0 .. size-1 */",
        "if (n > %du) bad |= 512;          /* no empty sub-group: at most one per work-item */" % local,
        "for (uint s = 0; s < n && s < %du; s++) {" % local,
        "    uint c = 0;",
        "    for (uint j = 0; j < %du; j++) c += lsid[j] == s;" % local,
        "    if (c == 0) bad |= 1024;     /* every sub-group id below num has work-items */",
        "}",
        "out[get_global_id(0)] = bad;",
    ])


def collectives_body(t, local, vote):
    mx, mn = IDENT[t]
    fns = [("sub_group_reduce_add(x)", "e0"), ("sub_group_reduce_min(y)", "e1"), ("sub_group_reduce_max(y)", "e2"),
           ("sub_group_scan_inclusive_add(x)", "e3"), ("sub_group_scan_inclusive_min(y)", "e4"),
           ("sub_group_scan_inclusive_max(y)", "e5"), ("sub_group_scan_exclusive_add(x)", "e6"),
           ("sub_group_scan_exclusive_min(y)", "e7"), ("sub_group_scan_exclusive_max(y)", "e8"),
           ("sub_group_broadcast(y, 0u)", "e9"), ("sub_group_broadcast(y, ssz - 1u)", "e10")]
    lines = [RECORD, "size_t g = get_global_id(0);", "%s x = %s;" % (t, rd(t, "a[g]")), "%s y = %s;" % (t, rd(t, "m[g]"))]
    lines += ["%s r%d = %s;" % (t, k, f) for k, (f, _) in enumerate(fns)]
    if vote:
        lines += ["int v0 = sub_group_all(p[g]) != 0;", "int v1 = sub_group_any(p[g]) != 0;",
                  "int v2 = sub_group_all(q[g]) != 0;", "int v3 = sub_group_any(q[g]) != 0;"]
    lines += ["local %s lx[%d], ly[%d];" % (t, local, local), "local uint lsid[%d], lslid[%d];" % (local, local)]
    if vote:
        lines.append("local int lp[%d], lq[%d];" % (local, local))
    lines += ["lx[l] = x; ly[l] = y; lsid[l] = sid; lslid[l] = slid;"]
    if vote:
        lines.append("lp[l] = p[g]; lq[l] = q[g];")
    lines += ["barrier(CLK_LOCAL_MEM_FENCE);",
              "/* The reference: a plain loop over this sub-group's work-items, starting",
              "   from the identities (0 for add, %s for min, %s for max). */" % (mx, mn),
              "%s e0 = 0, e1 = %s, e2 = %s, e3 = 0, e4 = %s, e5 = %s, e6 = 0, e7 = %s, e8 = %s, e9 = 0, e10 = 0;"
              % (t, mx, mn, mx, mn, mx, mn)]
    if vote:
        lines.append("int w0 = 1, w1 = 0, w2 = 1, w3 = 0;")
    lines += ["for (uint j = 0; j < %du; j++) {" % local,
              "    if (lsid[j] != sid) continue;",
              "    %s vx = lx[j], vy = ly[j];" % t,
              "    e0 += vx; e1 = vy < e1 ? vy : e1; e2 = vy > e2 ? vy : e2;",
              "    if (lslid[j] <= slid) { e3 += vx; e4 = vy < e4 ? vy : e4; e5 = vy > e5 ? vy : e5; }",
              "    if (lslid[j] < slid) { e6 += vx; e7 = vy < e7 ? vy : e7; e8 = vy > e8 ? vy : e8; }",
              "    if (lslid[j] == 0u) e9 = vy;",
              "    if (lslid[j] == ssz - 1u) e10 = vy;"]
    if vote:
        lines += ["    w0 = w0 && lp[j] != 0; w1 = w1 || lp[j] != 0;", "    w2 = w2 && lq[j] != 0; w3 = w3 || lq[j] != 0;"]
    lines += ["}", "int bad = 0;"]
    lines += ["if (r%d != %s) bad |= %d;" % (k, e, 1 << k) for k, (_, e) in enumerate(fns)]
    if vote:
        lines += ["if (v%d != w%d) bad |= %d;" % (k, k, 1 << (11 + k)) for k in range(4)]
    lines.append("out[g] = bad;")
    return "\n".join(lines)


def ballot_body(local):
    return "\n".join([
        RECORD,
        "size_t g = get_global_id(0);",
        "int pr = p[g] & 1;",
        "uint4 b = sub_group_ballot(pr);",
        "/* a ballot with a bit surely set (the last work-item's) for find_lsb/msb */",
        "uint4 bl = sub_group_ballot(pr || slid == ssz - 1u);",
        "int inv = sub_group_inverse_ballot(b) != 0;",
        "int ext = sub_group_ballot_bit_extract(b, (slid + 1u) % ssz) != 0;",
        "uint cnt = sub_group_ballot_bit_count(b);",
        "uint inc = sub_group_ballot_inclusive_scan(b);",
        "uint exc = sub_group_ballot_exclusive_scan(b);",
        "uint lsb = sub_group_ballot_find_lsb(bl);",
        "uint msb = sub_group_ballot_find_msb(bl);",
        "uint4 eq = get_sub_group_eq_mask();",
        "int first = sub_group_broadcast_first(p[g]);",
        "int nub = sub_group_non_uniform_broadcast(p[g], ssz - 1u);",
        "local int lp[%d];" % local,
        "local uint lsid[%d], lslid[%d];" % (local, local),
        "lp[l] = p[g]; lsid[l] = sid; lslid[l] = slid;",
        "barrier(CLK_LOCAL_MEM_FENCE);",
        "uint ecnt = 0, einc = 0, eexc = 0, elsb = ssz - 1u, ext_want = 0;",
        "int efirst = 0, enub = 0, bits_ok = 1;",
        "for (uint j = 0; j < %du; j++) {" % local,
        "    if (lsid[j] != sid) continue;",
        "    uint k = lslid[j];",
        "    int pj = lp[j] & 1;",
        "    /* bit k of the ballot is work-item k's predicate */",
        "    uint word = k < 32u ? b.s0 : k < 64u ? b.s1 : k < 96u ? b.s2 : b.s3;",
        "    if ((((word >> (k % 32u)) & 1u) != 0u) != (pj != 0)) bits_ok = 0;",
        "    ecnt += pj;",
        "    if (k <= slid) einc += pj;",
        "    if (k < slid) eexc += pj;",
        "    if (pj && k < elsb) elsb = k;",
        "    if (k == (slid + 1u) % ssz) ext_want = pj;",
        "    if (k == 0u) efirst = lp[j];",
        "    if (k == ssz - 1u) enub = lp[j];",
        "}",
        "uint bit = 1u << (slid % 32u);",
        "uint4 eeq = (uint4)(slid / 32u == 0u ? bit : 0u, slid / 32u == 1u ? bit : 0u,",
        "                    slid / 32u == 2u ? bit : 0u, slid / 32u == 3u ? bit : 0u);",
        "int bad = 0;",
        "if (!bits_ok) bad |= 1;",
        "if (inv != (pr != 0)) bad |= 2;",
        "if (ext != (int)ext_want) bad |= 4;",
        "if (cnt != ecnt) bad |= 8;",
        "if (inc != einc) bad |= 16;",
        "if (exc != eexc) bad |= 32;",
        "if (lsb != elsb) bad |= 64;",
        "if (msb != ssz - 1u) bad |= 128;",
        "if (any(eq != eeq)) bad |= 256;   /* bit k set iff k is this local id */",
        "if (first != efirst) bad |= 512;",
        "if (nub != enub) bad |= 1024;",
        "out[g] = bad;",
    ])


def shuffle_body(t, local):
    return "\n".join([
        RECORD,
        "size_t g = get_global_id(0);",
        "%s y = m[g];" % t,
        "uint idx = (slid + 1u) % ssz;",
        "/* xor with 1 where the partner exists (an index at or past the size gives an",
        "   undefined value), with 0 (itself) where it does not */",
        "uint mask = (slid ^ 1u) < ssz ? 1u : 0u;",
        "%s s0 = sub_group_shuffle(y, idx);" % t,
        "%s s1 = sub_group_shuffle_xor(y, mask);" % t,
        "%s s2 = sub_group_shuffle(y, ssz - 1u - slid);" % t,
        "local %s ly[%d];" % (t, local),
        "local uint lsid[%d], lslid[%d];" % (local, local),
        "ly[l] = y; lsid[l] = sid; lslid[l] = slid;",
        "barrier(CLK_LOCAL_MEM_FENCE);",
        "%s e0 = 0, e1 = 0, e2 = 0;" % t,
        "for (uint j = 0; j < %du; j++) {" % local,
        "    if (lsid[j] != sid) continue;",
        "    if (lslid[j] == idx) e0 = ly[j];",
        "    if (lslid[j] == (slid ^ mask)) e1 = ly[j];",
        "    if (lslid[j] == ssz - 1u - slid) e2 = ly[j];",
        "}",
        "out[g] = (s0 != e0 ? 1 : 0) | (s1 != e1 ? 2 : 0) | (s2 != e2 ? 4 : 0);",
    ])


# Work-groups of two and three dimensions (OpenCL C 3.0 with the feature): the
# same kernels over get_local_linear_id() and get_global_linear_id(); the
# groups are stacked along the last dimension, so each work-group's global
# linear ids are contiguous and the 1-D input checks cover them. The spec
# fixes no mapping from work-items to sub-groups in any dimension: the
# kernels judge only the rules that hold on every layout.
MULTI_DIM = [((7, 3), "7x3"), ((3, 2, 2), "3x2x2")]


def linearized(body):
    return body.replace("(uint)get_local_id(0)", "(uint)get_local_linear_id()").replace(
        "get_global_id(0)", "get_global_linear_id()")


def gen_sub_groups_multi_dim(w):
    suffix, std, req, _, why_std = VARIANTS[0]
    opts = "-cl-std=CL" + std
    for local_dims, name in MULTI_DIM:
        local = 1
        for d in local_dims:
            local *= d
        global_dims = list(local_dims[:-1]) + [local_dims[-1] * GROUPS]
        n = local * GROUPS
        wg = fam_wgcoll.wg_requires(local)
        where = ("work-groups of %s (%d work-items), %d groups along the last dimension, indexed by "
                 "get_local_linear_id(), %s" % (name, local, GROUPS, why_std))
        dims = dict(global_=" ".join(map(str, global_dims)), local=" ".join(map(str, local_dims)))
        w.probe(SGF + "layout.probe", "sub-group.layout.wg%s.%s" % (name, suffix), CLAUSE_WI, "run",
                "What the spec fixes about the (implementation-defined) sub-group layout in a work-group of %d "
                "dimensions, the rules of the 1-D layout probes, a bit per rule: size between 1 and the max size, "
                "ids below num, local ids unique and exactly 0 .. size-1 per sub-group, num and max size constant, "
                "every id below num used, sub_group_reduce_add(1) = the size (%s)." % (len(local_dims), where),
                body=linearized(layout_body(local)), out="int[%d]" % n, expect=zeros(n), requires=req + wg,
                options=opts, timeout=KERNEL_TIMEOUT, prelude=prelude_for("int", std), **dims)
        t = "int"
        a = fam_wgcoll.add_inputs(t, n, fam_wgcoll.rng("sg-md", t, name, "add"))
        mm = fam_wgcoll.minmax_inputs(t, n, fam_wgcoll.rng("sg-md", t, name, "minmax"))
        p, q = fam_wgcoll.vote_inputs(local, fam_wgcoll.rng("sg-md-vote", name))
        inputs = [("a", t, fam_wgcoll.tokens(t, a)), ("m", t, fam_wgcoll.tokens(t, mm)),
                  ("p", "int", [str(v) for v in p]), ("q", "int", [str(v) for v in q])]
        w.probe(SGF + "collectives-%s.probe" % t, "sub-group.collectives.%s.wg%s.%s" % (t, name, suffix), HEADING,
                "run",
                "sub_group_reduce/scan_inclusive/scan_exclusive of add, min, max, sub_group_broadcast and "
                "sub_group_all/any on int in a work-group of %d dimensions, each compared in the kernel with a "
                "plain loop over the work-item's own sub-group, as in the 1-D probes: out is a bit mask of "
                "mismatches, 0 on any layout (%s)." % (len(local_dims), where),
                body=linearized(collectives_body(t, local, True)), out="int[%d]" % n, expect=zeros(n),
                requires=req + type_requires(t, std) + wg, options=opts, timeout=KERNEL_TIMEOUT,
                prelude=prelude_for(t, std), inputs=inputs, **dims)


def zeros(n):
    return " ".join(["0"] * n)


def gen_sub_groups(w):
    for suffix, std, req, sizes, why_std in VARIANTS:
        opts = "-cl-std=CL" + std
        for local in sizes:
            n = local * GROUPS
            wg = fam_wgcoll.wg_requires(local)
            where = "work-group size %d, %d groups, %s" % (local, GROUPS, why_std)
            w.probe(SGF + "layout.probe", "sub-group.layout.wg%d.%s" % (local, suffix), CLAUSE_WI, "run",
                    "What the spec fixes about the (implementation-defined) sub-group layout, checked by each "
                    "work-item against its work-group's records, a bit per rule: 1 <= get_sub_group_size() <= "
                    "get_max_sub_group_size(); get_sub_group_id() in 0 .. get_num_sub_groups()-1; "
                    "get_sub_group_local_id() below the size; get_enqueued_num_sub_groups() = get_num_sub_groups() "
                    "(uniform work-groups); sub_group_reduce_add(1) = the size; num and max size constant over the "
                    "work-group; one size per sub-group; local ids unique and exactly 0 .. size-1; every id below "
                    "num used (%s)." % where,
                    body=layout_body(local), out="int[%d]" % n, expect=zeros(n), requires=req + wg, options=opts, timeout=KERNEL_TIMEOUT,
                    global_=str(n), local=str(local), prelude=prelude_for("int", std))
            # half on the OpenCL C 3.0 variant alone: the same functions, one more type
            for t in fam_wgcoll.TYPES + (["half"] if suffix == "cl3.0" else []):
                a = fam_wgcoll.add_inputs(t, n, fam_wgcoll.rng("sg", t, local, "add"))
                mm = fam_wgcoll.minmax_inputs(t, n, fam_wgcoll.rng("sg", t, local, "minmax"))
                if t in collref.FLOAT_TYPES:
                    for grp in collref.groups_1d(a, local):
                        collref.check_exact_any_order(t, grp)
                inputs = [("a", io_type(t), fam_wgcoll.tokens(t, a)), ("m", io_type(t), fam_wgcoll.tokens(t, mm))]
                vote = t == "int"
                if vote:
                    p, q = fam_wgcoll.vote_inputs(local, fam_wgcoll.rng("sg-vote", local))
                    inputs += [("p", "int", [str(v) for v in p]), ("q", "int", [str(v) for v in q])]
                w.probe(SGF + "collectives-%s.probe" % t, "sub-group.collectives.%s.wg%d.%s" % (t, local, suffix),
                        HEADING, "run",
                        "sub_group_reduce/scan_inclusive/scan_exclusive of add, min, max and sub_group_broadcast "
                        "(from local id 0 and size-1)%s on %s, each compared in the kernel with a plain loop over the "
                        "work-item's own sub-group (exclusive scans start from the spec's identities: 0, %s, %s; "
                        "scan order by sub-group local id): out is a bit mask of mismatches, 0 on any layout (%s%s)."
                        % (", sub_group_all/any (compared != 0)" if vote else "", t, IDENT[t][0], IDENT[t][1], where,
                           "; halves as their bits, sums exact in any order" if t == "half" else ""),
                        body=collectives_body(t, local, vote), out="int[%d]" % n, expect=zeros(n),
                        requires=req + type_requires(t, std) + wg, options=opts, timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                        prelude=prelude_for(t, std), inputs=inputs)
            p, _ = fam_wgcoll.vote_inputs(local, fam_wgcoll.rng("sg-ballot", local))
            w.probe(SGF + "ballot.probe", "sub-group.ballot.wg%d.%s" % (local, suffix), HEADING, "run",
                    "cl_khr_subgroup_ballot (Built-in Sub-Group Ballot Functions): sub_group_ballot's bit k is work-item "
                    "k's predicate; inverse_ballot, bit_extract, bit_count, inclusive/exclusive_scan, find_lsb/msb "
                    "(on a ballot with the last bit surely set: with no bit set they are undefined), "
                    "get_sub_group_eq_mask, broadcast_first and non_uniform_broadcast with every work-item active, "
                    "each against a loop over the sub-group: a bit mask of mismatches, 0 on any layout (%s)." % where,
                    body=ballot_body(local), out="int[%d]" % n, expect=zeros(n),
                    requires=req + " cl_khr_subgroup_ballot" + wg, options=opts, timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                    prelude=prelude_for("int", std), inputs=[("p", "int", [str(v) for v in p])])
            for t in ("int", "float", "double"):
                mm = fam_wgcoll.minmax_inputs(t, n, fam_wgcoll.rng("sg-shuffle", t, local))
                w.probe(SGF + "shuffle.probe", "sub-group.shuffle.%s.wg%d.%s" % (t, local, suffix), HEADING, "run",
                        "cl_khr_subgroup_shuffle (Built-in Sub-Group General Purpose Shuffle Functions) on %s: "
                        "sub_group_shuffle from local id (id+1) mod size and from size-1-id, sub_group_shuffle_xor "
                        "with mask 1 where the partner exists (0 elsewhere; masks need not be uniform), against a "
                        "loop over the sub-group: a bit mask of mismatches, 0 on any layout (%s)." % (t, where),
                        body=shuffle_body(t, local), out="int[%d]" % n, expect=zeros(n),
                        requires=req + " cl_khr_subgroup_shuffle" + type_requires(t, std) + wg, options=opts, timeout=KERNEL_TIMEOUT,
                        global_=str(n), local=str(local), prelude=prelude_for(t, std),
                        inputs=[("m", t, fam_wgcoll.tokens(t, mm))])


# cl_intel_subgroups (OpenCL-Docs extensions/cl_intel_subgroups.asciidoc,
# "Sub-group Shuffle Functions"). Its shuffle_down/up index past the
# *maximum* sub-group size into `next`/`previous`, and an index naming no
# work-item of the sub-group is undefined ("no defined behavior for
# out-of-range indices"; a partial sub-group has fewer work-items than the
# maximum). So each work-item picks its own delta (it "need not be the same
# value for all work items") to land on a work-item that exists: in the
# current source (delta 1 where a neighbour exists, else 0), and in the
# next/previous source (index max + k or k - max, k an existing local id).
# The extension is written for OpenCL 1.2: built with -cl-std=CL1.2 on any
# device that lists it.
INTEL_TYPES = ("int", "float", "double", "half")


# Per function group: (id part, [(result, call, reference source, reference
# index, bit)], what it checks). The relative shuffles (down/up) and the
# indexed ones (shuffle/xor) are separate probes, so a driver that lacks one
# group still has the other judged.
INTEL_SHUFFLES = {
    "indexed": ([("s0", "intel_sub_group_shuffle(c, ix)", "lc", "ix", 1),
                 ("s5", "intel_sub_group_shuffle_xor(c, xv)", "lc", "(slid ^ xv)", 2)],
                "intel_sub_group_shuffle from local id (id+3) mod size, and intel_sub_group_shuffle_xor with 1 "
                "where the partner exists (0 elsewhere)"),
    "relative": ([("s1", "intel_sub_group_shuffle_down(c, d, dn)", "lc", "slid + dn", 1),
                  ("s2", "intel_sub_group_shuffle_down(c, d, msz - slid + k)", "ld", "k", 2),
                  ("s3", "intel_sub_group_shuffle_up(d, c, up)", "lc", "slid - up", 4),
                  ("s4", "intel_sub_group_shuffle_up(d, c, slid + msz - k)", "ld", "k", 8)],
                 "intel_sub_group_shuffle_down with an index below the size (from current, delta 1 where a "
                 "neighbour exists) and with index max size + k (from next of work-item k), and "
                 "intel_sub_group_shuffle_up with an index at or above 0 (from current) and with index k - max "
                 "size (from previous of work-item k), k = (id+2) mod size"),
}


def intel_shuffle_body(t, local, group):
    calls = INTEL_SHUFFLES[group][0]
    lines = [
        RECORD,
        "uint msz = get_max_sub_group_size();",
        "size_t g = get_global_id(0);",
        "%s c = %s, d = %s;" % (t, rd(t, "a[g]"), rd(t, "b[g]")),
        "uint k = (slid + 2u) % ssz;      /* an existing local id of this sub-group */",
        "uint ix = (slid + 3u) % ssz;",
        "uint dn = slid + 1u < ssz ? 1u : 0u;",
        "uint up = slid >= 1u ? 1u : 0u;",
        "uint xv = (slid ^ 1u) < ssz ? 1u : 0u;",
    ]
    lines += ["%s %s = %s;" % (t, r, call) for r, call, _, _, _ in calls]
    lines += [
        "local %s lc[%d], ld[%d];" % (t, local, local),
        "local uint lsid[%d], lslid[%d];" % (local, local),
        "lc[l] = c; ld[l] = d; lsid[l] = sid; lslid[l] = slid;",
        "barrier(CLK_LOCAL_MEM_FENCE);",
        "%s %s;" % (t, ", ".join("e%s = 0" % r[1:] for r, _, _, _, _ in calls)),
        "for (uint j = 0; j < %du; j++) {" % local,
        "    if (lsid[j] != sid) continue;",
    ]
    lines += ["    if (lslid[j] == %s) e%s = %s[j];" % (ix, r[1:], src) for r, _, src, ix, _ in calls]
    lines += ["}", "out[g] = %s;" % " | ".join("(%s != e%s ? %d : 0)" % (r, r[1:], bit) for r, _, _, _, bit in calls)]
    return "\n".join(lines)


def gen_intel_subgroups(w):
    for local in (7, 64):
        n = local * GROUPS
        wg = fam_wgcoll.wg_requires(local)
        for group, (_, what) in INTEL_SHUFFLES.items():
            for t in INTEL_TYPES:
                a = fam_wgcoll.minmax_inputs(t, n, fam_wgcoll.rng("intel-sg", t, local, "a"))
                b = fam_wgcoll.minmax_inputs(t, n, fam_wgcoll.rng("intel-sg", t, local, "b"))
                req = "cl_intel_subgroups" + {"double": " cl_khr_fp64", "half": " cl_khr_fp16"}.get(t, "") + wg
                w.probe(SGF + "intel-shuffle.probe", "sub-group.intel-shuffle.%s.%s.wg%d" % (group, t, local), HEADING,
                        "run",
                        "cl_intel_subgroups' shuffles on %s (the extension's \"Sub-group Shuffle Functions\"): %s. "
                        "Each work-item's index lands on a work-item that exists (out-of-range indices are "
                        "undefined), each result against a loop over the sub-group: a bit mask of mismatches, 0 on "
                        "any layout (work-group size %d, %d groups, -cl-std=CL1.2, the version the extension is "
                        "written for)." % (t, what, local, GROUPS),
                        body=intel_shuffle_body(t, local, group), out="int[%d]" % n, expect=zeros(n), requires=req,
                        options="-cl-std=CL1.2", timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                        prelude=prelude_for(t, "1.2"),
                        inputs=[("a", io_type(t), fam_wgcoll.tokens(t, a)), ("b", io_type(t), fam_wgcoll.tokens(t, b))])


# cl_intel_subgroups' buffer block reads and writes (the extension's
# "Sub-group Read and Write Functions" and its "Restrictions"): the value k
# of work-item i is p[i + k * max_sub_group_size]; every work-item of the
# sub-group must reach the call with the same p; a partial sub-group is
# undefined ("if the sub-group size is smaller than the maximum sub-group
# size"), so only full sub-groups call them (the test is uniform within a
# sub-group, so a full one reaches the call whole); reads need p 4-byte
# aligned, writes 16-byte aligned: each sub-group's block starts at a
# multiple of 4 uints of a buffer whose base the driver aligns
# (CL_DEVICE_MEM_BASE_ADDR_ALIGN). A work-group's blocks take at most
# BLOCK_ROOM * local uints for every sub-group size from 1 to local
# (ceil(local / msz) blocks of msz * 8 uints, each rounded up to 4).
BLOCK_WIDTHS = (1, 2, 4, 8)
BLOCK_ROOM = 16
BLOCK_LOCAL = 64

BLOCK_START = """uint msz = get_max_sub_group_size();
uint span = (msz * %du + 3u) & ~3u;   /* one sub-group's block, in uints, a multiple of 4 */
uint base = (uint)get_group_id(0) * %du + sid * span;
int full = ssz == msz;                /* the same for every work-item of a sub-group */"""


def intel_block_read_body(local):
    lines = [RECORD, BLOCK_START % (max(BLOCK_WIDTHS), BLOCK_ROOM * local), "int bad = 0;", "if (full) {",
             "    const __global uint *p = a + base;"]
    for bit, w in enumerate(BLOCK_WIDTHS):
        fn = "intel_sub_group_block_read" + ("" if w == 1 else str(w))
        vt = "uint" if w == 1 else "uint%d" % w
        lines.append("    %s r%d = %s(p);" % (vt, w, fn))
        if w == 1:
            lines.append("    bad |= r1 != p[slid] ? 1 : 0;")
        else:
            comps = "0123456789abcdef"
            lines += ["    bad |= r%d.s%s != p[slid + %du * msz] ? %d : 0;" % (w, comps[k], k, 1 << bit)
                      for k in range(w)]
    lines += ["}", "out[get_global_id(0)] = bad;"]
    return "\n".join(lines)


def intel_block_write_body(local):
    """Each full sub-group writes its data with one block write per width
    into a zeroed region of out (after the masks), each work-item reads its
    own values back where the extension puts them, then zeroes them: a
    value written anywhere else stays and fails the all-zero region."""
    n = local * GROUPS
    room = BLOCK_ROOM * local * GROUPS
    lines = [RECORD, BLOCK_START % (max(BLOCK_WIDTHS), BLOCK_ROOM * local), "size_t g = get_global_id(0);",
             "int bad = 0;"]
    for bit, w in enumerate(BLOCK_WIDTHS):
        vt = "uint" if w == 1 else "uint%d" % w
        fn = "intel_sub_group_block_write" + ("" if w == 1 else str(w))
        region = n + bit * room
        data = "a[g]" if w == 1 else "(%s)(%s)" % (vt, ", ".join("a[g] + %du" % (k * 0x01000193) for k in range(w)))
        lines += ["{",
                  "    __global uint *p = out + %du + base;" % region,
                  "    %s v = %s;" % (vt, data),
                  "    if (full)",
                  "        %s(p, v);" % fn,
                  "    barrier(CLK_GLOBAL_MEM_FENCE);",
                  "    if (full) {"]
        for k in range(w):
            comp = "v" if w == 1 else "v.s%s" % "01234567"[k]
            lines.append("        bad |= p[slid + %du * msz] != %s ? %d : 0;" % (k, comp, 1 << bit))
            lines.append("        p[slid + %du * msz] = 0u;" % k)
        lines += ["    }", "    barrier(CLK_GLOBAL_MEM_FENCE);", "}"]
    lines.append("out[g] = (uint)bad;")
    return "\n".join(lines)


def gen_intel_block(w):
    local = BLOCK_LOCAL
    n = local * GROUPS
    room = BLOCK_ROOM * local * GROUPS
    r = fam_wgcoll.rng("intel-sg-block", local)
    src = [r.randint(1, 0xFFFFFFFF) for _ in range(room)]
    common = ("Only full sub-groups call them (a partial one is undefined), each at a block start 16-byte "
              "aligned; a bit mask of mismatches per work-item, 0 on any layout (work-group size %d, %d groups, "
              "-cl-std=CL1.2, the version the extension is written for)." % (local, GROUPS))
    w.probe(SGF + "intel-block.probe", "sub-group.intel-block.read.uint.wg%d" % local, HEADING, "run",
            "cl_intel_subgroups' buffer block reads (\"Sub-group Read and Write Functions\"): "
            "intel_sub_group_block_read, read2, read4 and read8 give work-item i the values p[i + k * "
            "max_sub_group_size], k = 0..width-1, checked against plain loads. " + common,
            body=intel_block_read_body(local), out="int[%d]" % n, expect=zeros(n),
            requires="cl_intel_subgroups" + fam_wgcoll.wg_requires(local), options="-cl-std=CL1.2",
            timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
            inputs=[("a", "uint", [str(v) for v in src])])
    w.probe(SGF + "intel-block.probe", "sub-group.intel-block.write.uint.wg%d" % local, HEADING, "run",
            "cl_intel_subgroups' buffer block writes (\"Sub-group Read and Write Functions\"): "
            "intel_sub_group_block_write, write2, write4 and write8 put work-item i's value k at p[i + k * "
            "max_sub_group_size]; each work-item reads its values back there (after a barrier) and zeroes "
            "them, so the four regions written must end all zero (out[%d..]) and the masks 0 (out[0..%d)). "
            % (n, n) + common,
            body=intel_block_write_body(local), out="uint[%d]" % (n + len(BLOCK_WIDTHS) * room),
            expect=zeros(n + len(BLOCK_WIDTHS) * room),
            requires="cl_intel_subgroups" + fam_wgcoll.wg_requires(local), options="-cl-std=CL1.2",
            timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
            inputs=[("a", "uint", [str(v) for v in src[:n]])])


# cl_intel_subgroups' image block reads and writes (the extension's
# "Sub-group Read and Write Functions"): a block is read or written "row-by-
# row" (value k from row y + k), each work-item's uint at byte x + 4 * its
# sub-group local id, without format conversion. The image is CL_R
# CL_UNSIGNED_INT32, whose element is one uint (the extension bounds-checks
# such an image correctly, and leaves elements over four bytes undefined),
# 64 pixels wide: only full sub-groups whose block fits the width call them,
# at x a multiple of four bytes (required of writes). Pixel (x, y) holds
# 1000 * y + x + 1.
IMG_W = 64
IMG_ROWS = {1: 0, 2: 1, 4: 3, 8: 7}   # the write probe's first row per width


def img_value(x, y):
    return 1000 * y + x + 1


def intel_image_read_body():
    lines = [RECORD, "uint msz = get_max_sub_group_size();",
             "int full = ssz == msz && msz <= %du;   /* the same for a whole sub-group */" % IMG_W,
             "int bad = 0;", "if (full) {"]
    for bit, w in enumerate(BLOCK_WIDTHS):
        fn = "intel_sub_group_block_read" + ("" if w == 1 else str(w))
        vt = "uint" if w == 1 else "uint%d" % w
        lines.append("    %s r%d = %s(img, (int2)(0, 0));" % (vt, w, fn))
        for k in range(w):
            comp = "r1" if w == 1 else "r%d.s%s" % (w, "01234567"[k])
            lines.append("    bad |= %s != %du + slid ? %d : 0;" % (comp, img_value(0, k), 1 << bit))
    lines += ["}", "out[get_global_id(0)] = bad;"]
    return "\n".join(lines)


def intel_image_write_body():
    rows = max(IMG_ROWS[w] + w for w in BLOCK_WIDTHS)
    lines = [RECORD, "uint msz = get_max_sub_group_size();",
             "uint x = sid * msz + slid;              /* this work-item's column */",
             "int block = ssz == msz && sid * msz + msz <= %du;   /* the same for a whole sub-group */" % IMG_W,
             "local uint covered[%d];" % IMG_W,
             "covered[l] = 0u;",
             "barrier(CLK_LOCAL_MEM_FENCE);",
             "if (block) {",
             "    int2 at = (int2)(4 * (int)(sid * msz), 0);   /* a byte coordinate */"]
    for w in BLOCK_WIDTHS:
        fn = "intel_sub_group_block_write" + ("" if w == 1 else str(w))
        r0 = IMG_ROWS[w]
        vals = ["%du + x" % img_value(0, r0 + k) for k in range(w)]
        data = vals[0] if w == 1 else "(uint%d)(%s)" % (w, ", ".join(vals))
        lines.append("    %s(img, at + (int2)(0, %d), %s);" % (fn, r0, data))
    lines += ["    covered[x] = 1u;", "}", "barrier(CLK_LOCAL_MEM_FENCE);",
              "/* Columns no block covered (a partial sub-group's) are written pixel by pixel: the image's",
              "   every value then depends on its place alone, whatever the sub-group layout. */",
              "if (l == 0u)",
              "    for (int c = 0; c < %d; c++)" % IMG_W,
              "        if (!covered[c])",
              "            for (int y = 0; y < %d; y++)" % rows,
              "                write_imageui(img, (int2)(c, y), (uint4)(1000u * (uint)y + (uint)c + 1u, 0u, 0u, 0u));"]
    return "\n".join(lines), rows


def gen_intel_image_block(w):
    n = IMG_W
    rows = 8
    stored = [img_value(x, y) for y in range(rows) for x in range(IMG_W)]
    common = ("a CL_R CL_UNSIGNED_INT32 image %d pixels wide (an element of one uint); only full sub-groups whose "
              "block fits call them (one work-group of %d, -cl-std=CL3.0: clang declares the image forms where "
              "__opencl_c_images is, which OpenCL C 1.2 does not define)" % (IMG_W, n))
    w.probe(SGF + "intel-block.probe", "sub-group.intel-block.read.image.wg%d" % n, HEADING, "run",
            "cl_intel_subgroups' image block reads (\"Sub-group Read and Write Functions\"): "
            "intel_sub_group_block_read, read2, read4 and read8 at byte coordinate (0, 0) give work-item i the "
            "uint at column i of rows 0..width-1, row by row, with no format conversion, checked against the "
            "image's values (pixel (x, y) holds 1000y + x + 1): a bit mask of mismatches per work-item, 0 on any "
            "layout; " + common + ".",
            body=intel_image_read_body(), out="int[%d]" % n, expect=zeros(n),
            requires="images cl_std_3.0 __opencl_c_images cl_intel_subgroups" + fam_wgcoll.wg_requires(n),
            options="-cl-std=CL3.0",
            timeout=KERNEL_TIMEOUT, global_=str(n), local=str(n),
            images=["img = image2d_t CL_R CL_UNSIGNED_INT32 %dx%d read_only: %s"
                    % (IMG_W, rows, " ".join(str(v) for v in stored))])
    body, wrows = intel_image_write_body()
    exp = [str(img_value(x, y)) for y in range(wrows) for x in range(IMG_W)]
    w.probe(SGF + "intel-block.probe", "sub-group.intel-block.write.image.wg%d" % n, HEADING, "run",
            "cl_intel_subgroups' image block writes (\"Sub-group Read and Write Functions\"): each full sub-group "
            "writes its columns with intel_sub_group_block_write (row 0), write2 (rows 1-2), write4 (rows 3-6) "
            "and write8 (rows 7-14) at byte x = 4 * its first column, value k row by row; columns no block "
            "covered are written pixel by pixel; the image read back must hold 1000y + x + 1 at every pixel "
            "(no format conversion); " + common + ".",
            body=body, out="uint[%d]" % len(exp), expect=" ".join(exp),
            requires="images cl_std_3.0 __opencl_c_images cl_intel_subgroups" + fam_wgcoll.wg_requires(n),
            options="-cl-std=CL3.0",
            timeout=KERNEL_TIMEOUT, global_=str(n), local=str(n),
            images=["img = image2d_t CL_R CL_UNSIGNED_INT32 %dx%d write_only: %s"
                    % (IMG_W, wrows, " ".join(["0"] * len(exp)))])


# The type variants of the data-moving functions (cl_khr_subgroup_shuffle's
# shuffles on every scalar type it lists, cl_khr_subgroup_ballot's
# sub_group_non_uniform_broadcast on every scalar and vector type and
# sub_group_broadcast_first on every scalar type, cl_intel_subgroups'
# shuffles on its vector types): each function returns the value of one
# work-item of the sub-group, so one kernel checks all of a probe's types.
# A work-item's value of width w is its window of the input, vloadw(0, a +
# g): no two work-items share one. Each work-item finds, with a loop over
# its sub-group's records, the local index p of the work-item each call
# reads from, and compares the result with that work-item's window a + g0 +
# p: a bit per (call, type), 0 on any layout. half is left out (the probes
# of this family have no half inputs).
VEC_WIDTHS = (1, 2, 3, 4, 8, 16)
WINDOW = 15  # the inputs run 15 values past the last work-item's first


def vtype(base, width):
    return base if width == 1 else "%s%d" % (base, width)


def window(base, width, buf, at):
    """The width-wide value of the work-item whose global id is `at`."""
    return "%s[%s]" % (buf, at) if width == 1 else "vload%d(0, %s + %s)" % (width, buf, at)


def differs(width, x, y):
    return "%s != %s" % (x, y) if width == 1 else "any(%s != %s)" % (x, y)


def moves_body(local, setup, partners, checks):
    """setup: kernel lines (indices); partners: [(p name, the local id it
    holds, as a C expression)]; checks: [(type, call, partner, base, width,
    buffer)], each call's result compared with the window of `buffer` at
    the partner. out is a uint mask of mismatches."""
    if len(checks) > 32:
        raise ValueError("%d checks do not fit a 32-bit mask" % len(checks))
    lines = [RECORD, "size_t g = get_global_id(0);",
             "size_t g0 = g - l;   /* the work-group's first global id (1-D, no offset) */"] + setup
    lines += ["%s r%d = %s;" % (t, k, call) for k, (t, call, _, _, _, _) in enumerate(checks)]
    lines += ["local uint lsid[%d], lslid[%d];" % (local, local),
              "lsid[l] = sid; lslid[l] = slid;",
              "barrier(CLK_LOCAL_MEM_FENCE);",
              "uint %s;" % ", ".join("%s = l" % p for p, _ in partners),
              "for (uint j = 0; j < %du; j++) {" % local,
              "    if (lsid[j] != sid) continue;"]
    lines += ["    if (lslid[j] == %s) %s = j;" % (want, p) for p, want in partners]
    lines += ["}", "uint bad = 0;"]
    for k, (_, _, p, base, width, buf) in enumerate(checks):
        lines.append("if (%s) bad |= 0x%xu;" % (differs(width, "r%d" % k, window(base, width, buf, "g0 + " + p)),
                                               1 << k))
    lines.append("out[g] = bad;")
    return "\n".join(lines)


def move_inputs(t, n, key):
    """n + WINDOW values of type t over its whole range (no zeros or NaNs
    in the floats), for the windows of n work-items."""
    return fam_wgcoll.tokens(t, fam_wgcoll.minmax_inputs(t, n + WINDOW, fam_wgcoll.rng(*key)))


def bit_names(checks):
    """'bit k TYPE CALL' per check, the work-item's value written v (d
    for the second source of cl_intel_subgroups' shuffle_down/up)."""
    def short(call):
        call = re.sub(r"vload\d+\(0, b_\w+ \+ g\)|b_\w+\[g\]", "d", call)
        return re.sub(r"vload\d+\(0, \w+ \+ g\)|\w+\[g\]", "v", call)
    return "; ".join("bit %d %s %s" % (k, c[0], short(c[1])) for k, c in enumerate(checks))


def type_list_requires(types, std):
    return "".join(sorted({type_requires(t, std) for t in types}))


def list_prelude(types, std):
    return prelude_for("double" if "double" in types else "int", std)


# cl_khr_subgroup_shuffle's types beyond int, float and double (shuffle.probe).
SHUFFLE_TYPE_SETS = [("char", "uchar", "short", "ushort", "uint"), ("long", "ulong")]
NEW_TYPE_SIZES = (7, 64)  # the type variants under OpenCL C 3.0 with the feature


def gen_sub_group_type_variants(w):
    suffix, std, req, _, why_std = VARIANTS[0]
    opts = "-cl-std=CL" + std
    for local in NEW_TYPE_SIZES:
        n = local * GROUPS
        wg = fam_wgcoll.wg_requires(local)
        where = "work-group size %d, %d groups, %s" % (local, GROUPS, why_std)
        for types in SHUFFLE_TYPE_SETS:
            setup = ["uint idx = (slid + 1u) % ssz;",
                     "uint mask = (slid ^ 1u) < ssz ? 1u : 0u;   /* xor 1 where the partner exists */"]
            partners = [("p0", "idx"), ("p1", "(slid ^ mask)"), ("p2", "ssz - 1u - slid")]
            checks = []
            for t in types:
                v = "m_%s[g]" % t
                checks += [(t, "sub_group_shuffle(%s, idx)" % v, "p0", t, 1, "m_" + t),
                           (t, "sub_group_shuffle_xor(%s, mask)" % v, "p1", t, 1, "m_" + t),
                           (t, "sub_group_shuffle(%s, ssz - 1u - slid)" % v, "p2", t, 1, "m_" + t)]
            w.probe(SGF + "shuffle.probe", "sub-group.shuffle.%s.wg%d.%s" % ("-".join(types), local, suffix),
                    HEADING, "run",
                    "cl_khr_subgroup_shuffle (Built-in Sub-Group General Purpose Shuffle Functions) on %s, as the "
                    "int/float/double probes: sub_group_shuffle from local id (id+1) mod size and from size-1-id, "
                    "sub_group_shuffle_xor with mask 1 where the partner exists (0 elsewhere), each against the value "
                    "of the work-item a loop over the sub-group finds: a uint mask of mismatches (%s), 0 on any "
                    "layout (%s)." % (", ".join(types), bit_names(checks), where),
                    body=moves_body(local, setup, partners, checks), out="uint[%d]" % n, expect=zeros(n),
                    requires=req + " cl_khr_subgroup_shuffle" + type_list_requires(types, std) + wg, options=opts,
                    timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local), prelude=list_prelude(types, std),
                    inputs=[("m_" + t, t, move_inputs(t, n, ("sg-shuffle-types", t, local))) for t in types])
        for types in BALLOT_TYPE_SETS:
            checks = []
            for t in types:
                checks.append((t, "sub_group_broadcast_first(m_%s[g])" % t, "pf", t, 1, "m_" + t))
                checks += [(vtype(t, wd),
                            "sub_group_non_uniform_broadcast(%s, ssz - 1u)" % window(t, wd, "m_" + t, "g"),
                            "pl", t, wd, "m_" + t) for wd in VEC_WIDTHS]
            w.probe(SGF + "ballot.probe", "sub-group.ballot.broadcast.%s.wg%d.%s" % ("-".join(types), local, suffix),
                    HEADING, "run",
                    "cl_khr_subgroup_ballot (Built-in Sub-Group Ballot Functions) on %s: sub_group_broadcast_first "
                    "gives the value of local id 0 (every work-item active: the smallest), "
                    "sub_group_non_uniform_broadcast from local id size-1 on the scalar and every vector width "
                    "(a work-item's width-n value is its n inputs from its global id on), each against the value of "
                    "the work-item a loop over the sub-group finds: a uint mask of mismatches (%s), 0 on any layout "
                    "(%s)." % (", ".join(types), bit_names(checks), where),
                    body=moves_body(local, [], [("pf", "0u"), ("pl", "ssz - 1u")], checks), out="uint[%d]" % n,
                    expect=zeros(n),
                    requires=req + " cl_khr_subgroup_ballot" + type_list_requires(types, std) + wg, options=opts,
                    timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local), prelude=list_prelude(types, std),
                    inputs=[("m_" + t, t, move_inputs(t, n, ("sg-ballot-types", t, local))) for t in types])
        w.probe(SGF + "ballot.probe", "sub-group.ballot.masks.wg%d.%s" % (local, suffix), HEADING, "run",
                "cl_khr_subgroup_ballot's masks (Built-in Sub-Group Ballot Functions): get_sub_group_ge_mask sets "
                "bit k iff id <= k < max sub-group size, get_sub_group_gt_mask iff id < k < max size, "
                "get_sub_group_le_mask iff k <= id, get_sub_group_lt_mask iff k < id (bit k: component k/32, bit k "
                "mod 32), each against a loop over the 128 bits: bits 1 ge, 2 gt, 4 le, 8 lt; 0 on any layout "
                "(%s)." % where,
                body=masks_body(), out="uint[%d]" % n, expect=zeros(n),
                requires=req + " cl_khr_subgroup_ballot" + wg, options=opts, timeout=KERNEL_TIMEOUT, global_=str(n),
                local=str(local), prelude=prelude_for("int", std))


# sub_group_non_uniform_broadcast and sub_group_broadcast_first, per type
# set (ballot.probe): at most 32 checks (7 a type) per probe.
BALLOT_TYPE_SETS = [("char", "uchar", "short", "ushort"), ("int", "uint", "float"), ("long", "ulong"), ("double",)]


def masks_body():
    return "\n".join([
        "uint slid = get_sub_group_local_id();",
        "uint msz = get_max_sub_group_size();",
        "uint4 rge = get_sub_group_ge_mask(), rgt = get_sub_group_gt_mask();",
        "uint4 rle = get_sub_group_le_mask(), rlt = get_sub_group_lt_mask();",
        "uint ge[4] = {0u, 0u, 0u, 0u}, gt[4] = {0u, 0u, 0u, 0u}, le[4] = {0u, 0u, 0u, 0u}, lt[4] = {0u, 0u, 0u, 0u};",
        "for (uint k = 0; k < 128u; k++) {",
        "    uint c = k / 32u, bit = 1u << (k % 32u);",
        "    if (k >= slid && k < msz) ge[c] |= bit;",
        "    if (k > slid && k < msz) gt[c] |= bit;",
        "    if (k <= slid) le[c] |= bit;",
        "    if (k < slid) lt[c] |= bit;",
        "}",
        "uint bad = 0;",
        "if (any(rge != (uint4)(ge[0], ge[1], ge[2], ge[3]))) bad |= 1u;",
        "if (any(rgt != (uint4)(gt[0], gt[1], gt[2], gt[3]))) bad |= 2u;",
        "if (any(rle != (uint4)(le[0], le[1], le[2], le[3]))) bad |= 4u;",
        "if (any(rlt != (uint4)(lt[0], lt[1], lt[2], lt[3]))) bad |= 8u;",
        "out[get_global_id(0)] = bad;",
    ])


def barrier_body(local):
    """Three rounds through __local memory, each read of the partner's
    (local id (id+1) mod size) slot after a sub_group_barrier that follows
    its write, and a sub_group_barrier before the next write: without the
    barrier the read races with the write."""
    return "\n".join([
        RECORD,
        "size_t g = get_global_id(0);",
        "size_t g0 = g - l;",
        "local uint lsid[%d], lslid[%d];" % (local, local),
        "local int lv[%d];" % local,
        "lsid[l] = sid; lslid[l] = slid;",
        "barrier(CLK_LOCAL_MEM_FENCE);",
        "uint pn = l;   /* the work-item of this sub-group with local id (id+1) mod size */",
        "for (uint j = 0; j < %du; j++)" % local,
        "    if (lsid[j] == sid && lslid[j] == (slid + 1u) % ssz) pn = j;",
        "uint bad = 0;",
        "lv[l] = a[g];",
        "sub_group_barrier(CLK_LOCAL_MEM_FENCE);",
        "if (lv[pn] != a[g0 + pn]) bad |= 1u;",
        "sub_group_barrier(CLK_LOCAL_MEM_FENCE);",
        "lv[l] = b[g];",
        "sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);",
        "if (lv[pn] != b[g0 + pn]) bad |= 2u;",
        "sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_sub_group);",
        "lv[l] = a[g] ^ b[g];",
        "sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
        "if (lv[pn] != (a[g0 + pn] ^ b[g0 + pn])) bad |= 4u;",
        "out[g] = bad;",
    ])


def gen_sub_group_barrier(w):
    for suffix, std, req, sizes, why_std in VARIANTS:
        for local in sizes:
            if local == 1:
                continue
            n = local * GROUPS
            wg = fam_wgcoll.wg_requires(local)
            r = fam_wgcoll.rng("sg-barrier", local, suffix)
            w.probe(SGF + "barrier.probe", "sub-group.barrier.wg%d.%s" % (local, suffix), HEADING, "run",
                    "sub_group_barrier (Built-in Sub-Group Synchronization Functions), both forms: each work-item "
                    "writes its value to __local memory, a sub_group_barrier(CLK_LOCAL_MEM_FENCE[, "
                    "memory_scope_sub_group]), then reads the slot of the work-item of its sub-group with local id "
                    "(id+1) mod size, and a second barrier before the next round's write; three rounds (bits 1, 2, "
                    "4: flags local; local with the sub-group scope; local|global, with and without the scope). "
                    "0 on any layout (work-group size %d, %d groups, %s)." % (local, GROUPS, why_std),
                    body=barrier_body(local), out="uint[%d]" % n, expect=zeros(n), requires=req + wg,
                    options="-cl-std=CL" + std, timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                    prelude=prelude_for("int", std),
                    inputs=[("a", "int", [str(r.randint(-2 ** 31, 2 ** 31 - 1)) for _ in range(n)]),
                            ("b", "int", [str(r.randint(-2 ** 31, 2 ** 31 - 1)) for _ in range(n)])])


# cl_intel_subgroups' shuffles on the types beyond int, float and double
# (intel-shuffle.probe): the vector widths of int and float, uint in every
# width, long and ulong. The calls and indices are INTEL_SHUFFLES'.
INTEL_TYPE_SETS = [("int", (2, 3, 4, 8, 16)), ("uint", VEC_WIDTHS), ("float", (2, 3, 4, 8, 16)),
                   ("long", (1,)), ("ulong", (1,))]
INTEL_SETUP = ["uint msz = get_max_sub_group_size();",
               "uint k = (slid + 2u) % ssz;      /* an existing local id of this sub-group */",
               "uint ix = (slid + 3u) % ssz;",
               "uint dn = slid + 1u < ssz ? 1u : 0u;",
               "uint up = slid >= 1u ? 1u : 0u;",
               "uint xv = (slid ^ 1u) < ssz ? 1u : 0u;"]


def intel_vector_checks(sets, group):
    calls = INTEL_SHUFFLES[group][0]
    checks, partners = [], []
    for r, call, src, ix, _ in calls:
        partners.append(("p" + r[1:], ix))
    for base, widths in sets:
        for wd in widths:
            c, d = window(base, wd, "a_" + base, "g"), window(base, wd, "b_" + base, "g")
            for r, call, src, _, _ in calls:
                text = re.sub(r"\bd\b", d, re.sub(r"\bc\b", c, call))
                checks.append((vtype(base, wd), text, "p" + r[1:], base, wd,
                               ("a_" if src == "lc" else "b_") + base))
    return partners, checks


def gen_intel_type_variants(w):
    for local in (7, 64):
        n = local * GROUPS
        wg = fam_wgcoll.wg_requires(local)
        for group, (_, what) in INTEL_SHUFFLES.items():
            for sets in ([INTEL_TYPE_SETS[0]], [INTEL_TYPE_SETS[1]], [INTEL_TYPE_SETS[2]], INTEL_TYPE_SETS[3:]):
                types = [b for b, _ in sets]
                partners, checks = intel_vector_checks(sets, group)
                names = ", ".join(vtype(b, wd) for b, wds in sets for wd in wds)
                inputs = []
                for b in types:
                    inputs += [("a_" + b, b, move_inputs(b, n, ("intel-sg-types", b, local, "a"))),
                               ("b_" + b, b, move_inputs(b, n, ("intel-sg-types", b, local, "b")))]
                name = "-".join(types) + ("-vec" if types[0] in ("int", "float") else "")
                w.probe(SGF + "intel-shuffle.probe", "sub-group.intel-shuffle.%s.%s.wg%d" % (group, name, local),
                        HEADING, "run",
                        "cl_intel_subgroups' shuffles on %s (the extension's \"Sub-group Shuffle Functions\"; a "
                        "work-item's width-n value is its n inputs from its global id on): %s. Each work-item's "
                        "index lands on a work-item that exists, each result against the value of the work-item a loop "
                        "over the sub-group finds: a uint mask of mismatches (%s), 0 on any layout (work-group size "
                        "%d, %d groups, -cl-std=CL1.2, the version the extension is written for)."
                        % (names, what, bit_names(checks), local, GROUPS),
                        body=moves_body(local, INTEL_SETUP, partners, checks), out="uint[%d]" % n, expect=zeros(n),
                        requires="cl_intel_subgroups" + type_list_requires(types, "1.2") + wg,
                        options="-cl-std=CL1.2", timeout=KERNEL_TIMEOUT, global_=str(n), local=str(local),
                        inputs=inputs)
