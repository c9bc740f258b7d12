#!/usr/bin/env python3
"""Section headings of the unified OpenCL specifications, which each probe's
`spec` key names (docs/probe-format.md, "Citing the specification").

  spec_headings.py extract DOC ROOT FILE   prints the headings of an
      asciidoc source of a checkout ROOT of KhronosGroup/OpenCL-Docs
      (OpenCL_C.txt for "OpenCL C", OpenCL_API.txt for "OpenCL API"), its
      includes followed, one a line, as `DOC: HEADING`;
      docs/unified-spec-headings.txt is this output, committed
  spec_headings.py check HEADINGS PROBE_DIR... checks that every probe's
      `spec` (its own, or its file's [defaults]) is `DOC (unified): HEADING`
      with `DOC: HEADING` a line of HEADINGS; prints `FILE:LINE: ...` for
      each that does not and exits 1

A heading is written as the spec's rendered title: asciidoc markup (`*`,
`_`, backquotes, `{attribute}` braces) removed. Where one title appears
under several parents (Restrictions, Rounding Modes), each is written
`PARENT > TITLE`, and only that form names it."""
import os
import re
import sys


def clean(title):
    t = title.replace("`", "").replace("*", "").replace("__", "").replace("+", "")
    # the address-space and kernel qualifiers' attributes ({global}) render as __global
    t = re.sub(r"\{(global|local|constant|private|kernel)\}", r"__\1", t)
    t = re.sub(r"\{([a-z_]+)\}", r"\1", t)
    return re.sub(r"\s+", " ", t).strip()


def lines_of(root, path):
    """The lines of an asciidoc file, its include:: lines replaced by the
    included files (those named by attributes, generated, are skipped)."""
    with open(os.path.join(root, path), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^include::([^{\[][^\[]*)\[\]", line)
            if m:
                yield from lines_of(root, m.group(1))
            else:
                yield line


def headings(root, path):
    """(level, title) of each section heading, outside delimited blocks."""
    out = []
    in_block = None
    for line in lines_of(root, path):
        line = line.rstrip("\n")
        m = re.match(r"^(-{4,}|\.{4,}|\+{4,}|/{4,}|_{4,})$", line)
        if m:
            in_block = None if in_block == m.group(1) else (in_block or m.group(1))
            continue
        if in_block:
            continue
        m = re.match(r"^(=+) +(\S.*)$", line)
        if m:
            out.append((len(m.group(1)), clean(m.group(2))))
    return out


def qualified(hs):
    """Titles, made unique with their parent's title where needed."""
    count = {}
    for _, t in hs:
        count[t] = count.get(t, 0) + 1
    stack, names = [], []
    for level, t in hs:
        while stack and stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        names.append(t if count[t] == 1 else "%s > %s" % (parent, t))
        stack.append((level, t))
    return names


def extract(doc, root, path):
    done = set()
    for name in qualified(headings(root, path)):
        if name not in done:
            done.add(name)
            print("%s: %s" % (doc, name))


SPEC_RE = re.compile(r"^(OpenCL C|OpenCL API) \(unified\): (.+)$")


def probe_specs(path):
    """(line, id, spec) of each probe of a probe file."""
    defaults, cur, out = {}, None, []
    heredoc = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if heredoc:
                if s == heredoc:
                    heredoc = None
                continue
            if not s or s.startswith("#"):
                continue
            if s == "[defaults]":
                defaults = {}
                cur = defaults
                continue
            m = re.match(r"^\[probe (\S+)\]$", s)
            if m:
                cur = {"line": n, "id": m.group(1)}
                out.append((cur, defaults))
                continue
            m = re.match(r"^([a-z_]+(?: [a-z0-9_]+)?)\s*=\s*(.*)$", s)
            if m and cur is not None:
                key, val = m.group(1), m.group(2)
                hm = re.match(r"^<<(\S+)$", val)
                if hm:
                    heredoc = hm.group(1)
                cur[key] = val
    return [(p["line"], p["id"], p.get("spec", d.get("spec"))) for p, d in out]


def check(headings_file, dirs):
    known = set()
    with open(headings_file, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                known.add(line.rstrip("\n"))
    bad = 0
    files = []
    for d in dirs:
        for root, _, names in os.walk(d):
            files += [os.path.join(root, n) for n in names if n.endswith(".probe")]
    for path in sorted(files):
        for line, pid, spec in probe_specs(path):
            m = SPEC_RE.match(spec or "")
            if not m:
                print("%s:%d: probe %s: spec = '%s': expected 'OpenCL C (unified): HEADING'" % (path, line, pid, spec))
                bad += 1
                continue
            name = "%s: %s" % (m.group(1), m.group(2))
            if name not in known:
                print("%s:%d: probe %s: '%s' is not a heading of the unified spec (%s)"
                      % (path, line, pid, m.group(2), headings_file))
                bad += 1
    return 1 if bad else 0


def main(argv):
    if len(argv) == 4 and argv[0] == "extract":
        extract(argv[1], argv[2], argv[3])
        return 0
    if len(argv) >= 3 and argv[0] == "check":
        return check(argv[1], argv[2:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
