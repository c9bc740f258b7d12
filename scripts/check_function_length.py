#!/usr/bin/env python3
"""Functions that fit on a screen: lists every function in harness/**/*.c
and scripts/*.c longer than LIMIT lines and exits 1 if there is one. Run by
`make check`; Python only, no build.

A function's length counts its lines from the `{` that opens its body to the
`}` that closes it, both included. The harness's style makes that easy to
find without a C parser: a function body opens with `{` at column 0 and
closes with `}` at column 0, and nothing else in a file does (a struct,
enum or initializer opens on its declaration's line). The function's name
is the last identifier before a `(` in the lines above its `{`.

    scripts/check_function_length.py                 check the tree
    scripts/check_function_length.py FILE...         check these files only
    scripts/check_function_length.py --limit N ...   another limit (default 120)
    scripts/check_function_length.py --all ...       list every function with its length
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 120
NAME = re.compile(r"([A-Za-z_]\w*)\s*\(")


def function_name(lines, open_at):
    """The name declared in the lines before the `{` at open_at: the first
    identifier followed by `(` in the declaration, which begins after the
    last blank line, preprocessor line, `;` or `}` above it."""
    start = open_at
    while start > 0:
        prev = lines[start - 1].rstrip()
        if not prev or prev.startswith("#") or prev.endswith(";") or prev.endswith("}") \
                or prev.endswith("*/"):
            break
        start -= 1
    decl = " ".join(lines[start:open_at])
    m = NAME.search(decl)
    return m.group(1) if m else "?"


def functions(path):
    """(name, first line, length) of each function body in path."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    out = []
    open_at = None
    for i, line in enumerate(lines):
        if line.startswith("{"):
            if open_at is not None:
                raise SystemExit("%s:%d: `{` at column 0 inside the function opened at line %d"
                                 % (path, i + 1, open_at + 1))
            open_at = i
        elif line.startswith("}") and open_at is not None and not line.startswith("};"):
            out.append((function_name(lines, open_at), open_at + 1, i - open_at + 1))
            open_at = None
    if open_at is not None:
        raise SystemExit("%s:%d: function body never closes at column 0" % (path, open_at + 1))
    return out


def main(argv):
    limit = LIMIT
    show_all = False
    files = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--limit":
            limit = int(args.pop(0))
        elif a == "--all":
            show_all = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        else:
            files.append(a)
    if not files:
        files = sorted(glob.glob(os.path.join(ROOT, "harness", "**", "*.c"), recursive=True)
                       + glob.glob(os.path.join(ROOT, "scripts", "*.c")))
    long_ones = 0
    for path in files:
        rel = os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path
        for name, line, length in functions(path):
            if length > limit:
                long_ones += 1
                print("%s:%d: %s is %d lines (limit %d)" % (rel, line, name, length, limit))
            elif show_all:
                print("%s:%d: %s is %d lines" % (rel, line, name, length))
    if long_ones:
        print("%d function(s) over %d lines: split them into helpers with one job each"
              % (long_ones, limit))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
