"""Vector components (OpenCL C 1.2 6.1.7): .xyzw, .s0-.sF and .S0-.SF,
.lo/.hi/.even/.odd (a 3-component vector behaves as a 4-component one whose
w is undefined: never judged), swizzles as lvalues; and what must not build."""
import intref as R

HEADING = "OpenCL C: Vector Components"
PATH = "vector-components/"
HEX = "0123456789abcdef"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
TYPES = [t.name for t in R.INTS] + ["float", "double"]


def vals_for(tname, n):
    if tname in ("float", "double"):
        return ["%s" % (k * 1.5 - 4.25) for k in range(n)]
    t = next(t for t in R.INTS if t.name == tname)
    return [str(t.wrap(k * 29 - 40)) for k in range(n)]


def parts(n):
    """lo, hi, even, odd as lists of component indices (None: undefined w of a 3-vector)."""
    m = 4 if n == 3 else n
    idx = list(range(n)) + [None] * (m - n)
    return {"lo": idx[:m // 2], "hi": idx[m // 2:], "even": idx[0::2], "odd": idx[1::2]}


def gen_reads(w, tname, n):
    vt = "%s%d" % (tname, n)
    v = vals_for(tname, n)
    body = ["%s v = vload%d(0, a);" % (vt, n)]
    exp = []

    def put(expr, idxs):
        k = len(exp)
        if len(idxs) == 1:
            body.append("out[%d] = %s;" % (k, expr))
        else:
            body.append("vstore%d(%s, 0, out + %d);" % (len(idxs), expr, k))
        exp.extend("*" if i is None else v[i] for i in idxs)

    for i in range(n):  # every component by number, lower and upper case
        put("v.%s%s" % ("s" if i % 2 == 0 else "S", HEX[i] if i % 3 else HEX[i].upper()), [i])
    if n <= 4:
        for i in range(n):
            put("v.%s" % "xyzw"[i], [i])
        put("v.%s" % "xyzw"[:n][::-1], list(range(n))[::-1])
    for name, idxs in parts(n).items():
        put("v.%s" % name, idxs)
    rev = list(range(n))[::-1][:4] if n != 3 else [2, 1, 0]
    put("v.s%s" % "".join(HEX[i] for i in rev), rev)
    if n >= 4:
        sel = [n - 1, 0, n - 1, 1]  # repeated components are fine in an rvalue
        put("v.s%s" % "".join(HEX[i] for i in sel), sel)
    w.probe(PATH + "read.probe", "vector.components.%s.read" % vt, HEADING, "run",
            "Every component of a %s by .sN/.SN%s, and .lo/.hi/.even/.odd%s; an rvalue swizzle may repeat "
            "components." % (vt, " and .xyzw" if n <= 4 else "",
                             " (a 3-vector is read as a 4-vector: the w of .hi and .odd is undefined, not judged)"
                             if n == 3 else ""),
            body="\n".join(body), inputs=[("a", tname, v)], out="%s[%d]" % (tname, len(exp)),
            expect=" ".join(exp), requires="fp64" if tname == "double" else None,
            prelude=FP64 if tname == "double" else None)


def gen_writes(w, tname, n):
    """Swizzles and lo/hi/even/odd as lvalues; the expected vector is computed by the same assignments here."""
    vt = "%s%d" % (tname, n)
    v = vals_for(tname, n)
    cur = list(v)
    stmts = ["%s v = vload%d(0, a);" % (vt, n), "%s u = v;" % vt]
    if n == 3:
        stmts.append("u.lo = v.s21;")  # lo of a 3-vector is (x, y)
        cur[0], cur[1] = v[2], v[1]
        stmts.append("u.z = v.x;")
        cur[2] = v[0]
    else:
        p = parts(n)
        half = n // 2
        stmts.append("u.odd = v.even;")
        for k, i in enumerate(p["odd"]):
            cur[i] = v[p["even"][k]]
        if half >= 2:
            snap = list(cur)
            stmts.append("u.lo = u.hi;")
            for k in range(half):
                cur[k] = snap[half + k]
        sel = [n - 1, 0]
        stmts.append("u.s%s%s = (%s2)(v.s0, v.s%s);" % (HEX[sel[0]], HEX[sel[1]], tname, HEX[n - 1]))
        cur[n - 1], cur[0] = v[0], v[n - 1]
    stmts.append("vstore%d(u, 0, out);" % n)
    w.probe(PATH + "write.probe", "vector.components.%s.lvalue" % vt, HEADING, "run",
            "Swizzles, .lo/.hi/.even/.odd and numbered components as lvalues write exactly the selected "
            "components, in order; the others keep their values.",
            body="\n".join(stmts), inputs=[("a", tname, v)], out="%s[%d]" % (tname, n), expect=" ".join(cur),
            requires="fp64" if tname == "double" else None, prelude=FP64 if tname == "double" else None)


BAD = [
    ("repeated-lvalue", "float4 v = (float4)(1.0f);\nv.xx = (float2)(2.0f);", "a swizzle with a repeated component is not an lvalue"),
    ("repeated-lvalue-numbered", "int8 v = (int8)(1);\nv.s00 = (int2)(2);", "a swizzle with a repeated component is not an lvalue"),
    ("mixed-xyzw-and-s", "float4 v = (float4)(1.0f);\nfloat2 r = v.xs1;", "the .xyzw and .sN forms cannot be mixed"),
    ("mixed-s-and-xyzw", "float4 v = (float4)(1.0f);\nfloat2 r = v.s0y;", "the .xyzw and .sN forms cannot be mixed"),
    ("w-on-2-vector", "float2 v = (float2)(1.0f);\nfloat r = v.w;", ".w is beyond a 2-component vector"),
    ("z-on-2-vector", "int2 v = (int2)(1);\nint r = v.z;", ".z is beyond a 2-component vector"),
    ("w-on-3-vector", "int3 v = (int3)(1);\nint r = v.w;", ".w is beyond a 3-component vector"),
    ("s2-on-2-vector", "uchar2 v = (uchar2)(1);\nuchar r = v.s2;", ".s2 is beyond a 2-component vector"),
    ("s8-on-4-vector", "short4 v = (short4)(1);\nshort r = v.s8;", ".s8 is beyond a 4-component vector"),
    ("sf-on-8-vector", "long8 v = (long8)(1);\nlong r = v.sf;", ".sf is beyond an 8-component vector"),
    ("length-5", "float8 v = (float8)(1.0f);\nv.s01234;", "a swizzle of 5 components names no vector type"),
    ("component-of-scalar", "float f = 1.0f;\nfloat r = f.x;", "a scalar has no components"),
]


def generate(w):
    for tname in TYPES:
        for n in (2, 3, 4, 8, 16):
            gen_reads(w, tname, n)
            gen_writes(w, tname, n)
    for name, body, why in BAD:
        w.probe(PATH + "build-fail.probe", "vector.components.%s" % name, HEADING, "build-fail",
                "Must not build: %s." % why, body=body + "\nout[0] = 0;")
