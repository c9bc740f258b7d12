"""Built-in vector types (OpenCL C 1.2 6.1.5 alignment of types): sizeof and
alignment of n-component vectors (a 3-component vector has the size and
alignment of a 4-component one), the vec_step operator (4 for 3-component
vectors, 1 for scalars); half only as a pointer target without cl_khr_fp16
(6.1.1.1)."""
import intref as R

PATH = "supported-data-types/"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
SIZES = {t.name: t.bits // 8 for t in R.INTS}
SIZES.update({"float": 4, "double": 8})


def generate(w):
    for tname, size in SIZES.items():
        lines, exp = [], []
        lines.append("%s s = (%s)0;" % (tname, tname))
        lines.append("out[0] = (int)sizeof(%s);\nout[1] = vec_step(%s);\nout[2] = vec_step(s);" % (tname, tname, ))
        exp += [size, 1, 1]
        for n in (2, 3, 4, 8, 16):
            vt = "%s%d" % (tname, n)
            k = len(exp)
            lines.append("{\n    struct { char c; %s v; } st;\n    %s v = (%s)(0);\n"
                         "    out[%d] = (int)sizeof(%s);\n    out[%d] = vec_step(%s);\n    out[%d] = vec_step(v);\n"
                         "    out[%d] = (int)((__private char *)&st.v - (__private char *)&st);\n}"
                         % (vt, vt, vt, k, vt, k + 1, vt, k + 2, k + 3))
            m = 4 if n == 3 else n
            exp += [size * m, m, m, size * m]
        w.probe(PATH + "sizes.probe", "types.sizeof-vec-step.%s" % tname, "OpenCL C: Alignment of Types", "run",
                "sizeof a %sn vector is n times sizeof(%s) (4 times for n = 3), vectors are aligned to their size "
                "(a struct member after a char sits at that offset), and vec_step gives the component count, "
                "4 for a 3-component vector and 1 for the scalar." % (tname, tname),
                body="\n".join(lines), out="int[%d]" % len(exp), expect=" ".join(map(str, exp)),
                requires="fp64" if tname == "double" else None, prelude=FP64 if tname == "double" else None)
    w.probe(PATH + "half.probe", "types.half.pointer-ok", "OpenCL C: The half Data Type", "build-ok",
            "Without cl_khr_fp16, half may still be the target of a pointer to a buffer of halves (used with "
            "vload_half/vstore_half).",
            body="__global half *p = (__global half *)out;\nvstore_half(1.0f, 0, p);\nout[1] = (int)vload_half(0, p);")
    w.probe(PATH + "half.probe", "types.half.variable-without-fp16", "OpenCL C: The half Data Type", "build-fail",
            "Without cl_khr_fp16, half can only declare a pointer: a half variable must not build.",
            body="half h;\nout[0] = 0;", requires="!cl_khr_fp16")
    w.probe(PATH + "half.probe", "types.half.dereference-without-fp16", "OpenCL C: The half Data Type", "build-fail",
            "Without cl_khr_fp16 a half pointer cannot be dereferenced (only vload_half/vstore_half read halves).",
            body="__global half *p = (__global half *)out;\nfloat f = *p;\nout[0] = (int)f;",
            requires="!cl_khr_fp16")
