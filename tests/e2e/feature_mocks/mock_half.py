#!/usr/bin/env python3
"""Copies the half probes (probes/half-precision-floating-point) for a device
without cl_khr_fp16, with half_as_float.cl in front of each kernel
(tests/e2e/test_half_mock.sh). Only the probes a device that rounds half to
nearest even runs (not the `!half_rte` twins: the mock's arithmetic is the
host float's, which rounds to nearest). With `wrong`, the mock's as_ushort
and convert_half round toward zero: every probe of a correctly rounded result
that is not exactly a half must fail (x / y, within 1 ulp, still passes).

Usage: mock_half.py SRCDIR OUTDIR [wrong]"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mock_probes import chunks, with_mock  # noqa: E402


def main(src, out, wrong):
    mock = open(os.path.join(HERE, "half_as_float.cl")).read()
    if wrong:
        for rte in ("vstore_half_rte(f, 0", "vstore_half4_rte(f, 0", "convert_half(x) clc_half_rte"):
            mock = mock.replace(rte, rte.replace("rte", "rtz"))
    indir = os.path.join(src, "probes", "half-precision-floating-point")
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(indir)):
        kept = [with_mock(c, mock, False) for c in chunks(open(os.path.join(indir, name)).read())
                if not re.search(r"\nrequires = [^\n]*!half_rte", c)]
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(kept))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], len(sys.argv) > 3 and sys.argv[3] == "wrong")
