#!/usr/bin/env python3
"""Cross-checks a generated `source` probe of the code-shape family against
the host C compiler: the program (kernel `probe(__global const uint *x,
__global uint *out)`) is compiled as C11 under a small shim (uint, the
address-space qualifiers) with -fsanitize=undefined, run once, and its out
compared with the probe's `expect` -- a second reference beside shaperef.py.

    python3 scripts/shapes/check_source_on_host.py PROBE_FILE PROBE_ID
Exit 0 when they agree; 1 with the first difference otherwise."""
import os
import re
import subprocess
import sys
import tempfile

SHIM = """#include <stdio.h>
typedef unsigned int uint;
#define __kernel
#define __global
#define __constant const
"""


def probe_section(text, pid):
    m = re.search(r"^\[probe %s\]\n(.*?)(?=^\[probe |\Z)" % re.escape(pid), text, re.S | re.M)
    if not m:
        sys.exit("%s: no probe %s" % (sys.argv[1], pid))
    sec = m.group(1)
    src = re.search(r"^source\s*=\s*<<(\w+)\n(.*?)^\1$", sec, re.S | re.M).group(2)
    xs = [int(v) for v in re.search(r"^input x\s*=\s*uint:(.*)$", sec, re.M).group(1).split()]
    expect = [int(v) for v in re.search(r"^expect\s*=(.*)$", sec, re.M).group(1).split()]
    return src, xs, expect


def main():
    src, xs, expect = probe_section(open(sys.argv[1]).read(), sys.argv[2])
    main_c = ("\nint main(void)\n{\n    static const uint x[] = {%s};\n    static uint out[%d];\n"
              "    probe(x, out);\n    for (int i = 0; i < %d; i++)\n        printf(\"%%u\\n\", out[i]);\n"
              "    return 0;\n}\n" % (", ".join("%du" % v for v in xs), len(expect), len(expect)))
    with tempfile.TemporaryDirectory() as tmp:
        c, exe = os.path.join(tmp, "p.c"), os.path.join(tmp, "p")
        with open(c, "w") as f:
            f.write(SHIM + src + main_c)
        subprocess.run(["cc", "-std=c11", "-O0", "-w", "-fsanitize=undefined", "-fno-sanitize-recover=all",
                        "-o", exe, c], check=True)
        got = [int(v) for v in subprocess.run([exe], check=True, capture_output=True, text=True).stdout.split()]
    for i, (g, e) in enumerate(zip(got, expect)):
        if g != e:
            print("out[%d]: host C computes %d, the probe expects %d" % (i, g, e))
            return 1
    if len(got) != len(expect):
        print("host C wrote %d values, the probe expects %d" % (len(got), len(expect)))
        return 1
    print("%s: host C agrees on all %d values" % (sys.argv[2], len(expect)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
