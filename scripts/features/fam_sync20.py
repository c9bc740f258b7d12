"""The OpenCL C 2.0 synchronisation and work-item built-ins, written by
gen_features.py, each under -cl-std=CL2.0 and CL3.0:

  work_group_barrier (with and without a scope) and atomic_work_item_fence
      ("Synchronization Functions", "Fences"): work-items exchange values
      through local and global memory across the barrier, fences before and
      after; the values read are exact.
  get_fence ("Address Space Qualifier Functions", generic address space):
      the flags it returns for a generic pointer to global / local memory
      include that space's fence flag, and serve a barrier.
  get_global_linear_id, get_local_linear_id, get_enqueued_local_size
      ("Work-Item Functions"): a 3-D launch with an offset, every work-item
      writing its linear ids at its global linear id; the values are the
      spec's formulas.

Features (OpenCL C 3.0): memory_scope_device needs
__opencl_c_atomic_scope_device, memory_order_seq_cst
__opencl_c_atomic_order_seq_cst; the acquire/release orders need no feature
in atomic_work_item_fence ("except atomic_work_item_fence", Atomic
Functions > Restrictions); get_fence the generic address space."""

SYNC = "OpenCL C: Synchronization Functions"
ASQ = "OpenCL C: Address Space Qualifier Functions"
WI = "OpenCL C: Work-Item Functions"

N = 16
VERSIONS = {"3.0": "cl_std_3.0", "2.0": "cl_std_2.0"}


def exchange_body(gscope, fence_orders, fence_scope):
    """Work-item i writes i*7+1 to local l[i] and 1000+i to out[N+i]; fences
    (release kind) and a barrier; fences (acquire kind); it reads l[N-1-i]
    and out[N+(i+1)%N] into out[i] and out[2N+i]."""
    rel, acq = fence_orders
    fl = "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"
    return "\n".join([
        "local int l[%d];" % N,
        "size_t i = get_local_id(0);",
        "l[i] = (int)i * 7 + 1;",
        "out[%d + i] = 1000 + (int)i;" % N,
        "atomic_work_item_fence(%s, %s, %s);" % (fl, rel, fence_scope),
        "work_group_barrier(CLK_LOCAL_MEM_FENCE);",
        "work_group_barrier(CLK_GLOBAL_MEM_FENCE, %s);" % gscope,
        "atomic_work_item_fence(%s, %s, %s);" % (fl, acq, fence_scope),
        "int a = l[%d - i];" % (N - 1),
        "int b = out[%d + (i + 1) %% %d];" % (N, N),
        "work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, %s);" % gscope,
        "out[i] = a;",
        "out[%d + i] = b;" % (2 * N),
    ])


def exchange_expect():
    a = [(N - 1 - i) * 7 + 1 for i in range(N)]
    g = [1000 + i for i in range(N)]
    b = [1000 + (i + 1) % N for i in range(N)]
    return a + g + b


def gen_barriers(w, path):
    variants = [
        ("work-group", "memory_scope_work_group", ("memory_order_release", "memory_order_acquire"),
         "memory_scope_work_group", ""),
        ("acq-rel", "memory_scope_work_group", ("memory_order_acq_rel", "memory_order_acq_rel"),
         "memory_scope_work_group", ""),
        ("relaxed", "memory_scope_work_group", ("memory_order_relaxed", "memory_order_relaxed"),
         "memory_scope_work_group", ""),
        ("device", "memory_scope_device", ("memory_order_seq_cst", "memory_order_seq_cst"), "memory_scope_device",
         "__opencl_c_atomic_scope_device __opencl_c_atomic_order_seq_cst"),
    ]
    expect = " ".join(str(v) for v in exchange_expect())
    for v, vreq in VERSIONS.items():
        for name, gscope, orders, fscope, feats in variants:
            req = " ".join(x for x in (vreq, feats if v == "3.0" else "", "wg_%d" % N) if x)
            w.probe(path, "sync20.barrier-fence.%s.cl%s" % (name, v), SYNC, "run",
                    "%d work-items of one work-group write local and global memory, call atomic_work_item_fence("
                    "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, %s, %s), work_group_barrier(CLK_LOCAL_MEM_FENCE) "
                    "and work_group_barrier(CLK_GLOBAL_MEM_FENCE, %s), a fence with %s, then read what other "
                    "work-items wrote: \"all work-items in the work-group\" see it (OpenCL C %s): out = l reversed, "
                    "the global values, the global values rotated by one." % (N, orders[0], fscope, gscope, orders[1], v),
                    body=exchange_body(gscope, orders, fscope), out="int[%d]" % (3 * N), expect=expect,
                    requires=req, options="-cl-std=CL" + v, global_=str(N), local=str(N))


def gen_get_fence(w, path):
    body = "\n".join([
        "local int l[4];",
        "int pv = 1;",
        "size_t i = get_local_id(0);",
        "int *g = out + 4;",
        "int *lp = l;",
        "const int *cg = out + 4;",
        "const int *cl = l;",
        "/* Each result must include its space's flag: a barrier with it orders that space. */",
        "if (i == 0) {",
        "    out[0] = (get_fence(g) & CLK_GLOBAL_MEM_FENCE) != 0;",
        "    out[1] = (get_fence(lp) & CLK_LOCAL_MEM_FENCE) != 0;",
        "    out[2] = (get_fence(cg) & CLK_GLOBAL_MEM_FENCE) != 0;",
        "    out[3] = (get_fence(cl) & CLK_LOCAL_MEM_FENCE) != 0;",
        "}",
        "lp[i] = (int)i + 5;",
        "work_group_barrier(get_fence(lp));",
        "g[i] = lp[3 - i] + pv;",
    ])
    for v, vreq in VERSIONS.items():
        req = vreq + (" __opencl_c_generic_address_space" if v == "3.0" else "") + " wg_4"
        w.probe(path, "generic-as.get-fence.cl%s" % v, ASQ, "run",
                "get_fence returns \"a valid memory fence value for ptr\" (OpenCL C %s): for generic pointers (and "
                "const ones) to global and to local memory it includes CLK_GLOBAL_MEM_FENCE and "
                "CLK_LOCAL_MEM_FENCE respectively (whether it adds other flags is left open, so only the bit is "
                "judged [ledger: get-fence-flags]), and a work_group_barrier with the local pointer's flags orders the local writes four "
                "work-items then read reversed." % v,
                body=body, out="int[8]", expect="1 1 1 1 9 8 7 6", requires=req, options="-cl-std=CL" + v,
                global_="4", local="4")


GLOBAL = (4, 3, 2)
LOCAL = (2, 3, 1)
OFFSET = (1, 2, 3)


def linear_expect():
    """out[gl] = the local linear id, gl the global linear id, from the
    spec's formulas (global ids less the offset)."""
    out = [None] * (GLOBAL[0] * GLOBAL[1] * GLOBAL[2])
    for z in range(GLOBAL[2]):
        for y in range(GLOBAL[1]):
            for x in range(GLOBAL[0]):
                gl = z * GLOBAL[1] * GLOBAL[0] + y * GLOBAL[0] + x
                lx, ly, lz = x % LOCAL[0], y % LOCAL[1], z % LOCAL[2]
                out[gl] = lz * LOCAL[1] * LOCAL[0] + ly * LOCAL[0] + lx
    return out


def gen_linear_ids(w, path):
    dims = dict(global_=" ".join(map(str, GLOBAL)), local=" ".join(map(str, LOCAL)), offset=" ".join(map(str, OFFSET)))
    launch = "global %s, local %s, offset %s" % (dims["global_"], dims["local"], dims["offset"])
    for v, vreq in VERSIONS.items():
        common = dict(requires=vreq + " wg_8", options="-cl-std=CL" + v, **dims)
        w.probe(path, "workitem.linear-ids.3d-offset.cl%s" % v, WI, "run",
                "A 3-D launch (%s; OpenCL C %s): each work-item writes get_local_linear_id() at its "
                "get_global_linear_id(), both the spec's formulas (the global ids less the offset); every slot is "
                "written once." % (launch, v),
                body="out[get_global_linear_id()] = (int)get_local_linear_id();",
                out="int[%d]" % len(linear_expect()), expect=" ".join(str(x) for x in linear_expect()), **common)
        w.probe(path, "workitem.enqueued-local-size.cl%s" % v, WI, "run",
                "A 3-D launch with a uniform work-group size (%s; OpenCL C %s): get_enqueued_local_size(d) "
                "\"returns the same value as that returned by get_local_size(d)\", the local size given: 2 3 1."
                % (launch, v),
                body="\n".join(["if (get_global_linear_id() == 0)",
                                "    for (uint d = 0; d < 3; d++) out[d] = (int)get_enqueued_local_size(d);"]),
                out="int[3]", expect="%d %d %d" % LOCAL, **common)
        # Built alone (`source`): rusticl's compiler panics on it, and a
        # compiler dying in a batch costs a rebuild of the batch in parts.
        w.probe(path, "workitem.enqueued-local-size.dimindx-out-of-range.cl%s" % v, WI, "run",
                "get_enqueued_local_size(3) in a 3-D launch (%s; OpenCL C %s): \"for other values of dimindx, "
                "get_enqueued_local_size() returns 1\"." % (launch, v),
                source="__kernel void probe(__global int *out)\n{\n"
                       "    if (get_global_linear_id() == 0) out[0] = (int)get_enqueued_local_size(3);\n}",
                out="int[1]", expect="1", **common)


def gen_sync20(w):
    gen_barriers(w, "synchronization-functions/sync20.probe")
    gen_get_fence(w, "the-generic-address-space/get-fence.probe")
    gen_linear_ids(w, "work-item-functions/linear-ids.probe")
