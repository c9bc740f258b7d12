"""clang as the judge of which built-in overload a call resolves to.

A program is parsed by clang's front end (`clang -cc1 -fsyntax-only`) against
its own opencl-c.h, for the SPIR target with every extension and feature on
(`-cl-ext=+all`, so extension overloads resolve), and its AST dump read:
each call's callee is a DeclRefExpr naming the chosen declaration and its
full type. The header's own declarations are read from its JSON dump, which
also gives their mangled names and places. Many probes share one program; a marker
declaration `typedef int __clc_cov_probe_N;` before each probe's text tells
whose code follows.

The header is precompiled once per language setting (`-emit-pch`): a program
read with `-include-pch` dumps only its own declarations, not the header's
ten thousand, which keeps a batch's AST small.
"""

import glob
import json
import os
import re
import shutil
import subprocess

MARKER = "__clc_cov_probe_"
TRIPLE = "spir64-unknown-unknown"
ERROR_LINE = re.compile(r"^(.*?):(\d+):\d+: (?:fatal )?error: (.*)$", re.M)


def overload_key(name, qual_type):
    """An overload's identity: its name and the type clang prints for it."""
    return name + " :: " + qual_type


def marker_decl(n):
    return "typedef int %s%d;\n" % (MARKER, n)


class Clang:
    """One clang: its binary, resource folder and the cc1 words every parse
    shares."""

    def __init__(self, binary=None):
        self.binary = binary or os.environ.get("CLANG") or _find_clang()
        if not self.binary:
            raise RuntimeError("no clang found (clang-15, clang-14, clang): set CLANG")
        self.resource_dir = subprocess.run([self.binary, "-print-resource-dir"], check=True, capture_output=True,
                                           text=True).stdout.strip()
        if not os.path.isfile(self.header_path()):
            raise RuntimeError("%s has no opencl-c.h under %s/include" % (self.binary, self.resource_dir))

    def header_path(self):
        return os.path.join(self.resource_dir, "include", "opencl-c.h")

    def version(self):
        """`clang N`: the major version, which fixes the header's contents."""
        out = subprocess.run([self.binary, "--version"], check=True, capture_output=True, text=True).stdout
        m = re.search(r"clang version (\d+)", out)
        return "clang %s" % (m.group(1) if m else out.splitlines()[0].strip())

    def cc1(self, std, ext, options=()):
        return [self.binary, "-cc1", "-triple", TRIPLE, "-internal-isystem",
                os.path.join(self.resource_dir, "include"), "-finclude-default-header",
                "-cl-std=" + std, "-cl-ext=" + ext, "-ferror-limit", "0", "-fno-caret-diagnostics",
                *options, "-x", "cl"]

    def header_overloads(self, std, ext):
        """[(name, type, mangled name, offset)] of every overloadable
        function declared at the top level of the default header."""
        r = subprocess.run(self.cc1(std, ext) + ["-fsyntax-only", "-ast-dump=json", os.devnull],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("clang on the bare header (%s %s) failed:\n%s" % (std, ext, r.stderr[:2000]))
        out = []
        for d in json.loads(r.stdout)["inner"]:
            if d.get("kind") != "FunctionDecl" or d.get("isImplicit"):
                continue
            if not any(a.get("kind") == "OverloadableAttr" for a in d.get("inner", ())):
                continue
            loc = d["loc"]
            loc = loc.get("expansionLoc", loc)
            out.append((d["name"], d["type"]["qualType"], d.get("mangledName", ""), loc["offset"]))
        return out

    def make_pch(self, std, ext, options, path):
        """Precompiles the header under these language options into path."""
        r = subprocess.run(self.cc1(std, ext, options) + ["-emit-pch", "-o", path, os.devnull],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("clang could not precompile the header (%s %s %s):\n%s"
                               % (std, ext, " ".join(options), r.stderr[:2000]))

    def parse(self, std, ext, options, pch, source_path):
        """Parses one program; returns (its text AST dump, its diagnostics,
        clang's exit status)."""
        words = self.cc1(std, ext, options) + (["-include-pch", pch] if pch else [])
        r = subprocess.run(words + ["-w", "-fsyntax-only", "-ast-dump", source_path], capture_output=True,
                           text=True, errors="replace")
        return r.stdout, r.stderr, r.returncode


def _find_clang():
    for name in ("clang-15", "clang-14", "clang"):
        p = shutil.which(name)
        if p:
            return p
    found = sorted(glob.glob("/usr/lib/llvm-*/bin/clang"))
    return found[-1] if found else None


# In clang's text AST dump (-ast-dump): a top-level marker typedef, a
# top-level function of the program, and a reference to a function, naming
# the declaration chosen and its type:
#   |-TypedefDecl 0x... <t.cl:1:1, col:13> col:13 __clc_cov_probe_0 'int'
#   |-FunctionDecl 0x... <line:2:1, line:5:1> line:2:15 clc_k0 'void (...)'
#     (not one clang declares implicitly on first use, as read_pipe)
#   ... DeclRefExpr 0x... <col:70> 'float4 (...)' Function 0x... 'ldexp' 'float4 (__private float4, __private int)'
# The text dump, not -ast-dump=json: the same facts at a fortieth of the
# size (a batch of the code-shape probes dumps 43 MB as text, 1.8 GB as JSON).
DUMP_LINE = re.compile(r"^[|`]-TypedefDecl [^'\n]* " + MARKER + r"(\d+) '"
                       r"|^[|`]-FunctionDecl (?![^'\n]* implicit )[^'\n]* (\w+) '"
                       r"|DeclRefExpr [^\n]* Function 0x[0-9a-f]+ '([^'\n]*)' '([^'\n]*)'", re.M)


def calls_by_marker(dump):
    """{marker number: {overload key: call count}} from a program's text AST
    dump: every reference to a function the program does not declare itself,
    attributed to the marker declared last before the top-level declaration
    holding it. Declarations before any marker are left out."""
    calls = {}
    own = set()
    current = None
    for m in DUMP_LINE.finditer(dump):
        marker, function, name, qual = m.groups()
        if marker is not None:
            current = calls.setdefault(int(marker), {})
        elif function is not None:
            own.add(function)
        elif current is not None:
            key = (name, qual)
            current[key] = current.get(key, 0) + 1
    return {n: {overload_key(*k): c for k, c in found.items() if k[0] not in own} for n, found in calls.items()}


def error_lines(diagnostics, source_path):
    """[(line, message)] of the errors clang reported in source_path."""
    return [(int(m.group(2)), m.group(3)) for m in ERROR_LINE.finditer(diagnostics)
            if os.path.basename(m.group(1)) == os.path.basename(source_path)]
