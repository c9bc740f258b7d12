"""The universe of built-in overloads: every function clang's opencl-c.h
declares `overloadable`, under each language version it serves, each put in
one group by the preprocessor guards around its declaration.

An overload is identified as clang prints it: its name and its full type
(`float4 (__private float4, __private int)`), the same text a call's
resolved callee carries in a probe's AST (clang_ast.py), so a call and a
declaration meet without a second model of overload resolution.

Groups: `core 1.2`, `core 2.0`, `core 3.0` (what a version adds over the one
before, optional 3.0 features that were core in 2.0 counted with 2.0), the
separately counted `images`, `sub-groups`, `pipes` and `enqueue`, and one per
Khronos or vendor extension (its macro's name, e.g. `cl_khr_fp64`).
"""

import re

import clang_ast
import excluded

# The header as each language version sees it: every extension and feature on
# (-cl-ext=+all), and for 3.0 also without the generic address space, which
# is what declares the named-address-space overloads of 3.0's atomics.
CONFIGS = [
    ("CL1.2", "+all"),
    ("CL2.0", "+all"),
    ("CL3.0", "+all"),
    ("CL3.0", "+all,-__opencl_c_generic_address_space,-__opencl_c_pipes,-__opencl_c_device_enqueue"),
]

CORE_GROUPS = ["core 1.2", "core 2.0", "core 3.0"]
FEATURE_GROUPS = ["images", "sub-groups", "pipes", "enqueue"]

# Feature macros standing for a Khronos extension whose macro the header does
# not test itself.
FEATURE_EXTENSION = [
    (re.compile(r"^__opencl_c_ext_fp\d+_"), "cl_ext_float_atomics"),
    (re.compile(r"^__opencl_c_integer_dot_product_"), "cl_khr_integer_dot_product"),
]
# Features of OpenCL C 2.0 (optional in 3.0): what they guard is core 2.0.
CORE20_FEATURES = re.compile(r"^__opencl_c_(generic_address_space|atomic_|work_group_collective_functions|"
                             r"program_scope_global_variables)")
IMAGE_TYPE = re.compile(r"\b(image[123]d\w*_t|sampler_t)\b")
WORD = re.compile(r"[A-Za-z_]\w*")
# Extensions only a type needs (half, double): named last, so an overload
# needing half and images is counted with images.
TYPE_EXTENSIONS = ("cl_khr_fp16", "cl_khr_fp64")


def guard_stack(header_text):
    """For each line (1-based index into the returned list), the conditions
    of the #if/#ifdef/#ifndef blocks it sits in, outermost first, as text
    (`defined(X)` for #ifdef, `!defined(X)` for #ifndef). The header has no
    #else or #elif; one would be a new header this parser must learn."""
    lines = header_text.split("\n")
    stacks = [()]
    stack = []
    i = 0
    while i < len(lines):
        line = lines[i]
        n = 1
        while line.endswith("\\") and i + n < len(lines):
            line = line[:-1] + " " + lines[i + n]
            n += 1
        d = line.strip()
        m = re.match(r"#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)", d)
        for _ in range(n):
            stacks.append(tuple(stack))
        if m:
            what, rest = m.group(1), " ".join(re.sub(r"//.*|/\*.*?\*/", "", m.group(2)).split())
            if what == "ifdef":
                stack.append("defined(%s)" % rest)
            elif what == "ifndef":
                stack.append("!defined(%s)" % rest)
            elif what == "if":
                stack.append(rest)
            elif what == "endif":
                stack.pop()
            else:
                raise ValueError("line %d: #%s: the guard parser knows no #else/#elif" % (i + 1, what))
        i += n
    return stacks


def classify(guards, type_text):
    """The group of an overload declared under guards (guard_stack's tuple)
    with type text type_text."""
    words = [w for g in guards for w in WORD.findall(g)]
    exts = []
    # The innermost guard naming an extension other than a type's decides:
    # float atomics on doubles sit inside the 64-bit atomics' guard.
    for g in reversed(guards):
        inner = [_extension_of(w) for w in WORD.findall(g)]
        inner = [e for e in dict.fromkeys(inner) if e and e not in TYPE_EXTENSIONS]
        if inner:
            return "+".join(inner)
        exts.extend(e for e in map(_extension_of, WORD.findall(g)) if e)
    if "__opencl_subgroup_builtins" in words:
        return "sub-groups"
    if "__opencl_c_pipes" in words:
        return "pipes"
    if "__opencl_c_device_enqueue" in words:
        return "enqueue"
    if any(w in ("__opencl_c_images", "__opencl_c_read_write_images") for w in words) or IMAGE_TYPE.search(type_text):
        return "images"
    for e in TYPE_EXTENSIONS:
        if e in exts:
            return e
    if "CL_VERSION_3_0" in words:
        return "core 3.0"
    if "CL_VERSION_2_0" in words and not any(re.search(r"<\s*CL_VERSION_2_0", g) for g in guards):
        return "core 2.0"
    if any(CORE20_FEATURES.match(w) for w in words):
        return "core 2.0"
    return "core 1.2"


def _extension_of(word):
    """The extension a guard's macro stands for, or None."""
    for pat, ext in FEATURE_EXTENSION:
        if pat.match(word):
            return ext
    return word if word.startswith("cl_") else None


def build(clang, jobs_map):
    """The universe: {key: {"name", "type", "mangled", "line", "group",
    "excluded"}}, key
    clang_ast.overload_key's, declarations of opencl-c.h only. jobs_map runs
    a function over a list in parallel (the caller's pool). "excluded" is
    the reason no probe may call the overload (excluded.py), else None;
    "left" why it is left uncalled on purpose, else None."""
    header = clang.header_path()
    with open(header, encoding="utf-8") as f:
        text = f.read()
    stacks = guard_stack(text)
    line_starts = [0]
    for m in re.finditer("\n", text):
        line_starts.append(m.end())
    dumps = jobs_map(_header_decls, [(clang, std, ext) for std, ext in CONFIGS])
    universe = {}
    for decls in dumps:
        for name, qual, mangled, offset in decls:
            # The offset is into the file the declaration is in: opencl-c.h
            # when its name is written there (opencl-c-base.h declares none).
            if text[offset:offset + len(name)] != name:
                continue
            key = clang_ast.overload_key(name, qual)
            if key in universe:
                continue
            line = _line_of(line_starts, offset)
            group = classify(stacks[line], qual)
            universe[key] = {"name": name, "type": qual, "mangled": mangled, "line": line, "group": group,
                             "excluded": excluded.reason(group, name, qual),
                             "left": excluded.left(group, name, qual)}
    return universe


def _header_decls(args):
    clang, std, ext = args
    return clang.header_overloads(std, ext)


def _line_of(starts, offset):
    lo, hi = 0, len(starts)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid
    return lo + 1


def group_order(groups):
    """Core groups, then the feature groups, then extensions by name (the
    figures' sum "core" left out)."""
    fixed = CORE_GROUPS + FEATURE_GROUPS
    return [g for g in fixed if g in groups] + sorted(g for g in groups if g not in fixed and g != "core")
