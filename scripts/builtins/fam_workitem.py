"""Work-item functions (OpenCL C 1.2 6.12.1) in 1, 2 and 3 dimensions with
and without a global work offset: every work-item writes what each function
returns for dimindx 0..3 (3 is out of range: sizes 1, ids 0); the expected
records follow from the NDRange the probe asks the harness to launch."""

HEADING = "OpenCL C: Work-Item Functions"
PATH = "work-item-functions/ndrange.probe"
DIMS = 3           # dimindx 0..2 in the records; out-of-range ones in their own probe
FIELDS = ["get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size",
          "get_num_groups", "get_global_offset"]
REC = 1 + DIMS * len(FIELDS)

# (name, global, local, offset or None)
CONFIGS = [
    ("1d", [16], [4], None),
    ("1d-offset", [12], [3], [5]),
    ("1d-one-group", [8], [8], [1000]),
    ("2d", [8, 6], [4, 3], None),
    ("2d-offset", [4, 6], [2, 2], [3, 7]),
    ("2d-column-groups", [2, 8], [1, 8], None),
    ("3d", [4, 4, 2], [2, 2, 1], None),
    ("3d-offset", [6, 2, 4], [3, 1, 2], [1, 2, 3]),
    ("3d-unit-groups", [2, 3, 4], [1, 1, 1], [0, 0, 9]),
    ("3d-one-group", [2, 3, 4], [2, 3, 4], None),
]


def expected(glob, loc, off):
    """The record of every work-item, in the order of its linear index (x fastest)."""
    dim = len(glob)
    g = glob + [1] * (DIMS - dim)
    l = loc + [1] * (DIMS - dim)
    o = (off or [0] * dim) + [0] * (DIMS - dim)
    out = []
    for z in range(g[2]):
        for y in range(g[1]):
            for x in range(g[0]):
                pos = [x, y, z]
                rec = [dim]
                for d in range(DIMS):
                    rec += [pos[d] + o[d], pos[d] % l[d], pos[d] // l[d], g[d], l[d], g[d] // l[d], o[d]]
                out += rec
    return out


# Straight-line calls with constant dimindx: PoCL compiles this 2-3x faster than a loop over
# dimindx (measured), and constant arguments are the common use.
BODY = "\n".join(
    ["size_t lin = 0;",
     "for (int d = (int)get_work_dim() - 1; d >= 0; d--)",
     "    lin = lin * get_global_size(d) + (get_global_id(d) - get_global_offset(d));",
     "__global uint *o = out + lin * %d;" % REC,
     "o[0] = get_work_dim();"] +
    ["o[%d] = (uint)%s(%d);" % (1 + d * len(FIELDS) + k, f, d) for d in range(DIMS) for k, f in enumerate(FIELDS)])


def generate(w):
    for name, glob, loc, off in CONFIGS:
        exp = expected(glob, loc, off)
        sizes = " ".join(map(str, glob))
        w.probe(PATH, "workitem.%s" % name, HEADING, "run",
                "Each work-item records get_work_dim and, for dimindx 0..3, its global and local id, group id, "
                "global and local size, number of groups and global offset; they follow from the launched NDRange "
                "(global %s, local %s, offset %s); for dimindx >= get_work_dim() sizes are 1 and ids and offsets 0."
                % (sizes, " ".join(map(str, loc)), " ".join(map(str, off)) if off else "none"),
                body=BODY, global_=sizes, local=" ".join(map(str, loc)),
                offset=" ".join(map(str, off)) if off else None,
                out="uint[%d]" % len(exp), expect=" ".join(map(str, exp)), requires="opencl_c_1.1")
    # dimindx outside 0..2, read at run time: sizes and counts 1, ids and offsets 0
    bad = [3, 4, 1000]
    body = ("size_t lin = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
            "for (uint k = 0; k < %d; k++)\n    for (uint f = 0; f < 7; f++) {\n"
            "        uint d = dims[k], r;\n        switch (f) {\n%s\n        }\n"
            "        out[(lin * %d + k) * 7 + f] = r;\n    }"
            % (len(bad), "\n".join("        case %d: r = (uint)%s(d); break;" % (k, f) for k, f in enumerate(FIELDS[:-1]))
               + "\n        default: r = (uint)get_global_offset(d);", len(bad)))
    per = [0, 0, 0, 1, 1, 1, 0]
    exp = per * (len(bad) * 8)
    w.probe(PATH, "workitem.dimindx-out-of-range", HEADING, "run",
            "For a dimindx outside 0..get_work_dim()-1 (here 3, 4 and 1000, read from a buffer) get_global_size, "
            "get_local_size and get_num_groups return 1 and get_global_id, get_local_id, get_group_id and "
            "get_global_offset return 0 [ledger: builtins-work-item-functions].",
            body=body, inputs=[("dims", "uint", [str(d) for d in bad])], global_="4 2", local="2 1",
            out="uint[%d]" % len(exp), expect=" ".join(map(str, exp)), requires="opencl_c_1.1")
