#!/usr/bin/env python3
"""Compiles the kernels of generated probe files with clang's OpenCL front end
(syntax and types only, SPIR-V's generic target, every extension and feature
switched on except those a probe's `requires` says the device lacks), so that families no local device can run (work-group
collectives, sub-groups, float atomics: every local driver skips them) are at
least known to be valid OpenCL C before a real device sees them.

Each probe becomes the kernel the harness would write around its body
(docs/probe-format.md: `__kernel void NAME(__global const T *input... or
__ACCESS IMAGE_TYPE name..., __global TOUT *out)`, the prelude before it); the probes of one file that share
`options` are compiled as one program with -cl-std from their options.

Usage: check_compile.py [--clang CLANG] FILE.probe...   exit 1 on any error
"""
import os
import re
import subprocess
import sys
import tempfile


def parse(path):
    """The probes of a file as dicts (key -> value; inputs as a list)."""
    probes, cur = [], None
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = re.match(r"\[probe (\S+)\]$", line)
        if m:
            cur = {"id": m.group(1), "inputs": []}
            probes.append(cur)
            continue
        m = re.match(r"(input \w+|image \w+|\w+)\s*=\s*(.*)$", line)
        if not m or cur is None:
            continue
        key, val = m.group(1), m.group(2)
        if val.startswith("<<"):
            tag, body = val[2:].strip(), []
            while lines[i].strip() != tag:
                body.append(lines[i])
                i += 1
            i += 1
            val = "\n".join(body)
        if key.startswith("input "):
            cur["inputs"].append((key.split()[1], val.split(":")[0].strip()))
        elif key.startswith("image "):
            # `image NAME = TYPE ORDER DTYPE SIZE [ACCESS]: VALUES`: an image
            # parameter (docs/probe-format.md, "Images"), read_only by default
            words = val.split(":")[0].split()
            access = words[4] if len(words) > 4 else "read_only"
            cur["inputs"].append((key.split()[1], "__%s %s" % (access, words[0])))
        else:
            cur[key] = val
    return probes


def kernel(p, n):
    if "source" in p:  # a whole program, its kernel renamed so that several can share one
        return re.sub(r"\bprobe\(", "probe_%d(" % n, p["source"]) + "\n"
    params = ["%s %s" % (t, name) if t.startswith("__") else "__global const %s *%s" % (t, name)
              for name, t in p["inputs"]]
    params.append("__global %s *out" % re.match(r"(\w+)", p["out"]).group(1))
    return "%s\n__kernel void probe_%d(%s) {\n%s\n}\n" % (p.get("prelude", ""), n, ", ".join(params), p["body"])


def main(argv):
    clang = "clang"
    if argv[:1] == ["--clang"]:
        clang, argv = argv[1], argv[2:]
    bad = 0
    for path in argv:
        groups = {}
        for p in parse(path):
            if ("body" in p or "source" in p) and p.get("kind") in ("run", "impl-defined", "build-ok"):
                # a probe for a device *without* a feature or extension is compiled without it
                off = tuple(sorted(tok[1:] for tok in p.get("requires", "").split()
                                   if tok.startswith("!") and (tok[1:].startswith("cl_") or tok[1:].startswith("__opencl_c_"))))
                groups.setdefault((p.get("options", ""), off), []).append(p)
        for (options, off), ps in sorted(groups.items()):
            std = re.search(r"-cl-std=(CL\d\.\d)", options)
            src = "".join(kernel(p, n) for n, p in enumerate(ps))
            with tempfile.NamedTemporaryFile("w", suffix=".cl", delete=False) as f:
                f.write(src)
            # opencl-c.h included as text, not -finclude-default-header: that
            # one is precompiled without the vendor extensions' macros, so
            # cl_intel_subgroups' functions were never declared.
            cmd = [clang, "-cl-std=" + (std.group(1) if std else "CL1.2"), "--target=spir64",
                   "-Xclang", "-cl-ext=" + ",".join(["+all"] + ["-" + x for x in off]), "-include", "opencl-c.h",
                   "-fsyntax-only", "-Werror", f.name]
            r = subprocess.run(cmd, capture_output=True, text=True)
            os.unlink(f.name)
            status = "ok" if r.returncode == 0 else "FAILED"
            print("%s: %d probes, %s%s: %s" % (path, len(ps), options or "(no options)",
                                               "".join(" without " + x for x in off), status))
            if r.returncode:
                bad += 1
                sys.stderr.write(r.stderr[:4000])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
