#!/usr/bin/env python3
"""Writes probes/memory-model/litmus.probe: the litmus family's probes
(docs/measurements.md, "The litmus family"), one per test and flavour, with
harness/kernels/litmus.cl as their `source`.
    scripts/litmus/gen_litmus.py [OUT_ROOT]   (default: probes/)
Which flavour forbids which outcome is derived in docs/spec-readings.md
([ledger: litmus-forbidden]) and tabled in harness/plan/litmus_plan.c; this script
only names the probes and says in words what each one runs."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# test: (what the threads do, the weak outcome in words, judged flavour)
TESTS = [
    ("mp", "message passing: T0 writes x then y, T1 reads y then x",
     "r0=1 r1=0 (the flag seen, the data not)", "acq_rel"),
    ("sb", "store buffering: each thread writes one location, then reads the other",
     "r0=0 r1=0 (both reads miss both stores)", "seq_cst"),
    ("lb", "load buffering: each thread reads one location, then writes the other",
     "r0=1 r1=1 (each read sees the other's later store)", "acq_rel"),
    ("2_2w", "2+2W: T0 writes x=1 then y=2, T1 writes y=1 then x=2",
     "final x=1 y=1 (each thread's first store lands last)", "seq_cst"),
    ("corr", "read-read coherence: T0 writes x, T1 reads x twice",
     "r0=1 r1=0 (the new value, then the old)", "relaxed"),
    ("iriw", "independent reads of independent writes: T0 writes x, T1 writes y, T2 reads x then y, "
     "T3 reads y then x, four work-groups", "r0=1 r1=0 r2=1 r3=0 (the readers disagree on the writes' order)",
     "seq_cst"),
    ("wrc", "write-to-read causality: T0 writes x, T1 reads x then writes y, T2 reads y then x, three "
     "work-groups", "r0=1 r1=1 r2=0 (x's write reached T1 and caused y's, but T2 misses it)", "acq_rel"),
    ("isa2", "ISA2: T0 writes x then y, T1 reads y then writes z, T2 reads z then x, three work-groups",
     "r0=1 r1=1 r2=0 (the chain of two messages outruns the data)", "acq_rel"),
    ("r", "R: T0 writes x=1 then y=1, T1 writes y=2 then reads x",
     "r0=0 with final y=2 (T1's store after T0's, yet its read before T0's first store)", "seq_cst"),
    ("s", "S: T0 writes x=2 then y=1, T1 reads y then writes x=1",
     "r0=1 with final x=2 (T1 saw y, yet its x=1 was overwritten by T0's earlier x=2)", "acq_rel"),
    ("coww", "write-write coherence: T0 writes x=1 then x=2, T1 reads x twice",
     "a later read older than an earlier one (r0=1 r1=0, r0=2 r1=0, r0=2 r1=1)", "relaxed"),
    ("corw", "read-write coherence: T0 reads x then writes x=1, T1 writes x=2",
     "r0=2 with final x=2 (T0 read T1's store, yet its own later store came first)", "relaxed"),
    ("cowr", "write-read coherence: T0 writes x=1 then reads x, T1 writes x=2",
     "r0=2 with final x=1 (T0 read T1's store, yet its own earlier store came last)", "relaxed"),
]

ORDERS = {
    "relaxed": "memory_order_relaxed",
    "acq_rel": "release stores and acquire loads",
    "seq_cst": "every access memory_order_seq_cst",
}
MUTANTS = {
    "acq_rel": "relaxed, acq_rel at memory_scope_work_group, plain data",
    "seq_cst": "acq_rel, seq_cst at memory_scope_work_group, plain data",
    "relaxed": "relaxed at memory_scope_work_group, plain data",
    "fence": "relaxed without fences, the fences at memory_scope_work_group",
}
REQUIRES = {
    "relaxed": "cl_std_3.0 atomic_memory_device",
    "acq_rel": "cl_std_3.0 atomic_memory_device atomic_memory_acq_rel",
    "seq_cst": "cl_std_3.0 atomic_memory_device atomic_memory_acq_rel atomic_memory_seq_cst",
    "fence": "cl_std_3.0 atomic_memory_device atomic_fence_device atomic_fence_acq_rel",
}
POWER = ("its mutants ({m}) run beside it, and a pass says how many of them the environment killed; "
         "none killed makes it skip, for the environment showed no weak behaviour [ledger: litmus-mutants]")

# The 1.2 idioms of message passing, information only [ledger: litmus-cl12].
IDIOMS = [
    ("cl12_nofence", "the OpenCL 1.2 atomic functions with nothing between a thread's two accesses"),
    ("data_fence", "plain data (x) beside a 1.2 atomic flag (y), mem_fence(CLK_GLOBAL_MEM_FENCE) between"),
    ("data_nofence", "plain data (x) beside a 1.2 atomic flag (y), no fence"),
    ("volatile_fence", "plain volatile data and flag, mem_fence(CLK_GLOBAL_MEM_FENCE) between"),
]

# CoRR's 1.2 flavour is judged: its reads are atomic_or(x, 0), each a 1.2
# atomic read-modify-write that stores what it read [ledger: litmus-cl12].
CORR_CL12_WHY = ("Work-groups run read-read coherence: T0 writes x=1 with atomic_xchg, T1 reads x twice with "
                 "atomic_or(x, 0), mem_fence(CLK_GLOBAL_MEM_FENCE) between; each read is an atomic read-modify-write "
                 "that stores the value it read, so after T1's first read of 1 its second read follows its own store "
                 "of 1 and cannot return the initial 0 [ledger: litmus-cl12]: r0=1 r1=0 seen once, it fails; " +
                 POWER.format(m="plain volatile loads") + ".")

HEADER = """\
# Generated by scripts/litmus/gen_litmus.py from harness/kernels/litmus.cl: do not edit (make regen-litmus).
# The litmus family: the memory model between work-groups. Classic litmus
# tests (Alglave et al., "GPU Concurrency: Weak Behaviours and Programming
# Assumptions", 2015; Levine et al., "MC Mutants", 2023), each thread of an
# instance in a work-group of its own, thousands of instances a launch in a
# stressed environment (stressing work-groups, pre-stress, random locations
# and pairing from a per-launch seed), every outcome counted. Per test:
#   cl12     OpenCL 1.2 atomic functions and mem_fence: what inter-work-group
#            code written for 1.2 relies on; 1.2 promises nothing between
#            work-groups ("Memory Consistency Model for OpenCL 1.x"): info,
#            except CoRR, whose atomic reads 1.2 does order: judged.
#   acq_rel / seq_cst / relaxed (coherence)  the weakest ordering that
#            forbids the weak outcome: judged where the device claims it,
#            with allowed-weak mutants beside it that measure the power.
# mp also runs atomic_work_item_fence between relaxed accesses (judged) and
# the 1.2 idioms of plain data and a flag (info). Derivations:
# docs/spec-readings.md [ledger: litmus-forbidden], [ledger: litmus-mutants],
# [ledger: litmus-cl12]; names and the kernel contract: docs/measurements.md.

[defaults]
spec     = OpenCL API (unified): Memory Consistency Model for OpenCL 1.x
kind     = measure
timeout  = 10
source   = <<CL
"""


def probe(lines, pid, measure, why, spec=None, options=None, requires=None):
    lines.append("")
    lines.append("[probe %s]" % pid)
    if spec:
        lines.append("spec     = %s" % spec)
    if options:
        lines.append("options  = %s" % options)
    if requires:
        lines.append("requires = %s" % requires)
    lines.append("why      = %s" % why)
    lines.append("measure  = %s" % measure)


def cl12_why(what, weak, idiom=None):
    how = idiom or ("the OpenCL 1.2 atomic functions and mem_fence(CLK_GLOBAL_MEM_FENCE) between a thread's "
                    "accesses, as inter-work-group code written for 1.2 does")
    return ("Work-groups run %s, with %s; 1.2 gives no memory consistency between work-groups, so every "
            "outcome is counted and recorded, the weak outcome %s included, never judged [ledger: litmus-cl12]."
            % (what, how, weak))


def judged_why(what, weak, flavour):
    if flavour == "fence":
        how = ("relaxed atomics at memory_scope_device with atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, "
               "memory_order_acq_rel, memory_scope_device) between a thread's accesses: the fences synchronise")
    elif flavour == "relaxed":
        how = "C11 atomics at memory_order_relaxed, memory_scope_device: coherence holds for every order"
    else:
        how = "%s at memory_scope_device" % ORDERS[flavour]
    return ("Work-groups run %s; %s, which forbids the weak outcome %s [ledger: litmus-forbidden]: seen once, it "
            "fails; %s." % (what, how, weak, POWER.format(m=MUTANTS[flavour])))


def generate():
    kernel = open(os.path.join(ROOT, "harness", "kernels", "litmus.cl")).read()
    lines = HEADER.rstrip("\n").split("\n") + kernel.rstrip("\n").split("\n") + ["CL"]
    for name, what, weak, judged in TESTS:
        why = CORR_CL12_WHY if name == "corr" else cl12_why(what, weak)
        probe(lines, "litmus.%s.cl12" % name, "litmus_%s_cl12" % name, why)
        flavours = [judged] + (["fence"] if name == "mp" else [])
        for fl in flavours:
            heading = "Fence Operations" if fl == "fence" else "Memory Ordering Rules"
            probe(lines, "litmus.%s.%s" % (name, fl), "litmus_%s_%s" % (name, fl), judged_why(what, weak, fl),
                  spec="OpenCL API (unified): " + heading, options="-cl-std=CL3.0",
                  requires=REQUIRES[fl])
        if name == "mp":
            for idiom, how in IDIOMS:
                probe(lines, "litmus.mp.%s" % idiom, "litmus_mp_%s" % idiom, cl12_why(what, weak, how))
    return "\n".join(lines) + "\n"


def main():
    out_root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "probes")
    path = os.path.join(out_root, "memory-model", "litmus.probe")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(generate())
    print(path)


if __name__ == "__main__":
    main()
