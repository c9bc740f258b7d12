#!/usr/bin/env python3
"""Generates the built-in function and language families (OpenCL C
1.2 chapter 6: integer functions, shuffle, vector components, operators,
types, work-items, vector load/store, preprocessor, atomics (and the 64-bit
atomics extensions), async copies, address spaces, common functions, half
arithmetic and conversions under cl_khr_fp16, and cl_khr_fp64's wide forms).  The
references live in intref.py, halfref.py, shufref.py, atom64ref.py and
asyncref.py (checked by test_refs.py); the fam_*.py modules write the probes.

Python 3 standard library only:
    python3 scripts/builtins/gen_builtins.py [OUTPUT_ROOT]    (default: probes/)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import fam_addrspace  # noqa: E402
import fam_async  # noqa: E402
import fam_atomics64  # noqa: E402
import fam_common  # noqa: E402
import fam_fp64wide  # noqa: E402
import fam_half  # noqa: E402
import fam_integer  # noqa: E402
import fam_operators  # noqa: E402
import fam_shuffle  # noqa: E402
import fam_sync  # noqa: E402
import fam_preproc  # noqa: E402
import fam_types  # noqa: E402
import fam_vector  # noqa: E402
import fam_vloadstore  # noqa: E402
import fam_workitem  # noqa: E402
from probewriter import Writer  # noqa: E402

FAMILIES = [fam_integer, fam_shuffle, fam_vector, fam_workitem, fam_operators, fam_vloadstore,
            fam_types, fam_preproc, fam_sync, fam_atomics64, fam_async, fam_common,
            fam_addrspace, fam_half, fam_fp64wide]


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "..", "probes")
    w = Writer()
    for fam in FAMILIES:
        fam.generate(w)
    files = w.write(root)
    n = sum(len(v) for v in w.files.values())
    print("wrote %d probes in %d files under %s" % (n, len(files), root))


if __name__ == "__main__":
    main(sys.argv)
