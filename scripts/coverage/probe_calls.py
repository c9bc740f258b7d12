"""The built-in overloads each probe calls, as clang resolves them.

Probes are parsed as the harness builds them (their program text and options
come from build/rel/probe_sources, which uses the harness's own loader):
body probes many to a program, grouped by build options, as the harness
batches them; `source` probes one program each. A probe clang reports an
error in is parsed again alone, so another probe's prelude cannot hide its
calls; one that fails alone too is listed, with the calls clang still
resolved.

`build-fail` probes are left out: what they call is meant not to compile.
"""

import os
import shlex
import tempfile

import clang_ast

BATCH = 250          # probes a program: the harness's own group size
EXT = "+all"          # every extension and feature, so extension overloads resolve
# Build options clang's driver reads and its front end (cc1) refuses: for SPIR
# the driver drops -cl-denorms-are-zero unused (a code-generation hint that
# changes no overload), so the parse drops it too.
DRIVER_ONLY = ("-cl-denorms-are-zero",)


def split_options(options):
    """(OpenCL C version, language words, preprocessor words) of a probe's
    build options. Only the language words change what clang precompiles;
    -D/-U/-I words are given to each parse."""
    std, lang, pre = "CL1.2", [], []
    words = shlex.split(options)
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("-cl-std="):
            std = w[len("-cl-std="):]
        elif w in ("-D", "-U", "-I") and i + 1 < len(words):
            pre += [w, words[i + 1]]
            i += 1
        elif w[:2] in ("-D", "-U", "-I"):
            pre.append(w)
        elif w in DRIVER_ONLY:
            pass
        else:
            lang.append(w)
        i += 1
    return std, tuple(lang), pre


def plan(probes):
    """Parse jobs: [(setting, pre, [probe index])], setting = (std, lang)."""
    groups = {}
    alone = []
    for i, p in enumerate(probes):
        if p["kind"] == "build-fail":
            continue
        std, lang, pre = split_options(p["options"])
        key = ((std, lang), tuple(pre))
        if p["alone"]:
            alone.append((key[0], list(key[1]), [i]))
        else:
            groups.setdefault(key, []).append(i)
    jobs = []
    for (setting, pre), idx in groups.items():
        for k in range(0, len(idx), BATCH):
            jobs.append((setting, list(pre), idx[k:k + BATCH]))
    return jobs + alone


def program(members):
    """The text of one program holding members [(probe index, its program)],
    and each probe's first line."""
    parts, starts, line = [], [], 1
    for i, source in members:
        text = clang_ast.marker_decl(i) + source + "\n"
        starts.append((line, i))
        parts.append(text)
        line += text.count("\n")
    return "".join(parts), starts


def _probe_at(starts, line):
    owner = None
    for first, i in starts:
        if first > line:
            break
        owner = i
    return owner


def _device_macros(std):
    """What every device predefines and clang's front end leaves to the
    implementation: __OPENCL_VERSION__ (the device's OpenCL version; the
    language version stands in)."""
    digits = std[2:].replace(".", "")
    return ["-D__OPENCL_VERSION__=%s0" % digits] if digits.isdigit() else []


def run_job(args):
    """Parses one program; returns ({probe: {key: count}}, {probe: [error]})."""
    clang, workdir, pch, (setting, pre, members) = args
    idx = [i for i, _ in members]
    text, starts = program(members)
    fd, path = tempfile.mkstemp(suffix=".cl", dir=workdir)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    std, lang = setting
    out, diag, rc = clang.parse(std, EXT, list(lang) + _device_macros(std) + pre, pch, path)
    os.unlink(path)
    if rc < 0 or rc > 1:
        # clang died or stopped short: its dump cannot be trusted for any
        # probe of the program, so each is parsed again (alone, it is its own).
        why = "clang exited %d: %s" % (rc, diag.strip()[-300:])
        return {i: {} for i in idx}, {i: [why] for i in idx}
    errors = {}
    for line, msg in clang_ast.error_lines(diag, path):
        owner = _probe_at(starts, line)
        errors.setdefault(owner if owner is not None else idx[0], []).append(msg)
    if rc and not errors:
        errors[idx[0]] = ["clang failed: " + diag.strip()[-300:]]
    calls = clang_ast.calls_by_marker(out)
    return {i: calls.get(i, {}) for i in idx}, errors


def _pch_job(args):
    clang, path, (std, lang) = args
    clang.make_pch(std, EXT, list(lang), path)
    return path


def resolve(clang, probes, jobs_map):
    """({probe index: {overload key: count}}, {probe index: [clang error]})."""
    jobs = plan(probes)
    with tempfile.TemporaryDirectory(prefix="clc-coverage-") as workdir:
        settings = sorted({j[0] for j in jobs})
        paths = [os.path.join(workdir, "h%d.pch" % n) for n in range(len(settings))]
        jobs_map(_pch_job, [(clang, p, s) for p, s in zip(paths, settings)])
        pchs = dict(zip(settings, paths))
        calls, errors = {}, {}

        def parse_all(some):
            return jobs_map(run_job, [(clang, workdir, pchs[s], (s, pre, [(i, probes[i]["program"]) for i in idx]))
                                      for s, pre, idx in some])

        again = []
        for (setting, pre, idx), (c, e) in zip(jobs, parse_all(jobs)):
            calls.update(c)
            if len(idx) == 1:
                errors.update(e)
            else:
                again += [(setting, pre, [i]) for i in e]
        for c, e in parse_all(again):
            calls.update(c)
            errors.update(e)
    return calls, errors
