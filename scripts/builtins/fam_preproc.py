"""Predefined macros (OpenCL C 1.2 6.10), integer limits (6.12.3, Table
6.10), floating-point macros and constants (6.12.2.1): values the spec fixes,
device-dependent ones as twins selected by `requires` (endianness, images),
implementation-defined ones recorded."""
import constref as C

PATH = "preprocessor-directives-and-macros/"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"

INT_LIMITS = [("CHAR_BIT", 8), ("CHAR_MAX", 127), ("CHAR_MIN", -128), ("SCHAR_MAX", 127), ("SCHAR_MIN", -128),
              ("SHRT_MAX", 32767), ("SHRT_MIN", -32768), ("INT_MAX", 2**31 - 1), ("INT_MIN", -2**31),
              ("LONG_MAX", 2**63 - 1), ("LONG_MIN", -2**63)]
UINT_LIMITS = [("UCHAR_MAX", 255), ("USHRT_MAX", 65535), ("UINT_MAX", 2**32 - 1), ("ULONG_MAX", 2**64 - 1)]
FLT_INTS = [("FLT_DIG", 6), ("FLT_MANT_DIG", 24), ("FLT_MAX_10_EXP", 38), ("FLT_MAX_EXP", 128),
            ("FLT_MIN_10_EXP", -37), ("FLT_MIN_EXP", -125), ("FLT_RADIX", 2)]
DBL_INTS = [("DBL_DIG", 15), ("DBL_MANT_DIG", 53), ("DBL_MAX_10_EXP", 308), ("DBL_MAX_EXP", 1024),
            ("DBL_MIN_10_EXP", -307), ("DBL_MIN_EXP", -1021)]


def defined_probe(w, pid, macro, want, requires, why, options=None, value=None):
    body = "#ifdef %s\nout[0] = 1;\n%s#else\nout[0] = 0;\n#endif" % (
        macro, "out[1] = %s;\n" % macro if value is not None else "")
    exp = "%d%s" % (1 if want else 0, (" %d" % value if want else " 0") if value is not None else "")
    w.probe(PATH + "macros.probe", pid, "OpenCL C: Preprocessor Directives and Macros", "run", why, body=body, out="int[%d]" % (2 if value is not None else 1),
            expect=exp, requires=requires, options=options)


def generate(w):
    defined_probe(w, "pp.endian-little.little-device", "__ENDIAN_LITTLE__", True, "endian_little",
                  "__ENDIAN_LITTLE__ is defined as 1 on a little-endian device (CL_DEVICE_ENDIAN_LITTLE true, "
                  "recorded in the report as capability endian_little).", value=1)
    defined_probe(w, "pp.endian-little.big-device", "__ENDIAN_LITTLE__", False, "!endian_little",
                  "__ENDIAN_LITTLE__ is not defined on a big-endian device (CL_DEVICE_ENDIAN_LITTLE false).")
    defined_probe(w, "pp.image-support.images", "__IMAGE_SUPPORT__", True, "images",
                  "__IMAGE_SUPPORT__ is defined as 1 when CL_DEVICE_IMAGE_SUPPORT is true (capability images).",
                  value=1)
    defined_probe(w, "pp.image-support.no-images", "__IMAGE_SUPPORT__", False, "!images",
                  "__IMAGE_SUPPORT__ is not defined when CL_DEVICE_IMAGE_SUPPORT is false.")
    defined_probe(w, "pp.fast-relaxed-math.off", "__FAST_RELAXED_MATH__", False, None,
                  "__FAST_RELAXED_MATH__ is not defined unless -cl-fast-relaxed-math is given.")
    defined_probe(w, "pp.fast-relaxed-math.on", "__FAST_RELAXED_MATH__", True, None,
                  "__FAST_RELAXED_MATH__ is defined as 1 when -cl-fast-relaxed-math is given.",
                  options="-cl-fast-relaxed-math", value=1)
    defined_probe(w, "pp.opencl-c-version", "__OPENCL_C_VERSION__", True, "opencl_c_1.2",
                  "__OPENCL_C_VERSION__ is the OpenCL C version the program is built for: 120 under -cl-std=CL1.2, "
                  "which the harness passes on devices with OpenCL C 1.2 or later.", value=120)
    w.probe(PATH + "macros.probe", "pp.cl-version-macros", "OpenCL C: Preprocessor Directives and Macros", "run",
            "CL_VERSION_1_0, CL_VERSION_1_1 and CL_VERSION_1_2 are 100, 110 and 120, and __OPENCL_VERSION__ "
            "is at least 120 on a device with OpenCL C 1.2 (the device's version up to OpenCL 2.0, an integer "
            "above 200 beyond it) [ledger: builtins-opencl-version].",
            body="out[0] = CL_VERSION_1_0;\nout[1] = CL_VERSION_1_1;\nout[2] = CL_VERSION_1_2;\n"
                 "out[3] = __OPENCL_VERSION__ >= 120;",
            out="int[4]", expect="100 110 120 1", requires="opencl_c_1.2")
    # __OPENCL_VERSION__ against CL_DEVICE_VERSION, twins by the device's
    # version (unified spec, Predefined Macros): up to OpenCL 2.0 the
    # device's version; above it defined, any integer greater than 200
    vers = [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]
    for k, (ma, mi) in enumerate(vers):
        req = "opencl_%d.%d" % (ma, mi)
        if k + 1 < len(vers):
            req += " !opencl_%d.%d" % vers[k + 1]
        pid = "pp.opencl-version.%d.%d" % (ma, mi)
        if (ma, mi) <= (2, 0):
            w.probe(PATH + "macros.probe", pid, "OpenCL C: Preprocessor Directives and Macros", "run",
                    "__OPENCL_VERSION__ is the OpenCL version of the device: %d on a device whose CL_DEVICE_VERSION "
                    "is OpenCL %d.%d (capability %s) [ledger: builtins-opencl-version]."
                    % (ma * 100 + mi * 10, ma, mi, req.replace(" ", ", ")),
                    body="out[0] = __OPENCL_VERSION__;", out="int[1]", expect=str(ma * 100 + mi * 10), requires=req)
        else:
            w.probe(PATH + "macros.probe", pid, "OpenCL C: Preprocessor Directives and Macros", "run",
                    "On a device whose CL_DEVICE_VERSION is OpenCL %d.%d (capability %s), above OpenCL 2.0, "
                    "__OPENCL_VERSION__ must be defined but may be any implementation-defined integer greater "
                    "than 200: out[0] says it is defined, out[1] that it is above 200 (its value is recorded by "
                    "pp.implementation-values) [ledger: builtins-opencl-version]."
                    % (ma, mi, req.replace(" ", ", ")),
                    body="#ifdef __OPENCL_VERSION__\nout[0] = 1;\nout[1] = __OPENCL_VERSION__ > 200;\n#endif",
                    out="int[2]", expect="1 1", requires=req)
    w.probe(PATH + "macros.probe", "pp.implementation-values", "OpenCL C: Preprocessor Directives and Macros", "impl-defined",
            "Recorded, not judged: __OPENCL_VERSION__, __OPENCL_C_VERSION__, and whether FP_FAST_FMAF, "
            "FP_FAST_FMA (with fp64) and __EMBEDDED_PROFILE__ are defined (1) or not (0).",
            body="out[0] = __OPENCL_VERSION__;\nout[1] = __OPENCL_C_VERSION__;\n"
                 "#ifdef FP_FAST_FMAF\nout[2] = 1;\n#endif\n#ifdef FP_FAST_FMA\nout[3] = 1;\n#endif\n"
                 "#ifdef __EMBEDDED_PROFILE__\nout[4] = 1;\n#endif", out="int[5]")
    w.probe(PATH + "macros.probe", "pp.embedded-profile.full", "OpenCL C: Preprocessor Directives and Macros", "run",
            "__EMBEDDED_PROFILE__ is defined only for embedded-profile devices: a FULL_PROFILE device must not define it.",
            body="#ifdef __EMBEDDED_PROFILE__\nout[0] = 1;\n#endif", out="int[1]", expect="0",
            requires="full_profile")
    w.probe(PATH + "macros.probe", "pp.integer-limits.signed", "OpenCL C: Integer Functions", "run",
            "The integer limit macros have the values of Table 6.10: %s."
            % ", ".join("%s %d" % kv for kv in INT_LIMITS),
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(INT_LIMITS)),
            out="long[%d]" % len(INT_LIMITS), expect=" ".join(str(v) for _, v in INT_LIMITS))
    w.probe(PATH + "macros.probe", "pp.integer-limits.unsigned", "OpenCL C: Integer Functions", "run",
            "The unsigned limit macros have the values of Table 6.10: %s."
            % ", ".join("%s %d" % kv for kv in UINT_LIMITS),
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(UINT_LIMITS)),
            out="ulong[%d]" % len(UINT_LIMITS), expect=" ".join(str(v) for _, v in UINT_LIMITS))
    w.probe(PATH + "macros.probe", "pp.float-macros.int", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "The integer-valued float macros: %s." % ", ".join("%s %d" % kv for kv in FLT_INTS),
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(FLT_INTS)),
            out="int[%d]" % len(FLT_INTS), expect=" ".join(str(v) for _, v in FLT_INTS))
    fl = [("FLT_MAX", C.FLT_MAX), ("FLT_MIN", C.FLT_MIN), ("FLT_EPSILON", C.FLT_EPSILON), ("MAXFLOAT", C.FLT_MAX),
          ("HUGE_VALF", 0x7F800000), ("INFINITY", 0x7F800000)]
    w.probe(PATH + "macros.probe", "pp.float-macros.values", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "FLT_MAX (and MAXFLOAT) is (2 - 2^-23) * 2^127, FLT_MIN 2^-126, FLT_EPSILON 2^-23; HUGE_VALF and "
            "INFINITY are +infinity; judged bit for bit.",
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(fl)) + "\nout[%d] = NAN;" % len(fl),
            out="float[%d]" % (len(fl) + 1), expect=" ".join("bits(0x%08x)" % b for _, b in fl) + " nan",
            requires="fp_inf_nan")
    names = sorted(C.CONSTANTS)
    w.probe(PATH + "constants.probe", "pp.math-constants.float", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "M_E_F ... M_SQRT1_2_F are the float values of e, log2(e), log10(e), ln 2, ln 10, pi, pi/2, pi/4, 1/pi, "
            "2/pi, 2/sqrt(pi), sqrt(2), 1/sqrt(2); expected: each constant correctly rounded to float "
            "(computed from 80-digit values).",
            body="\n".join("out[%d] = %s_F;" % (k, n) for k, n in enumerate(names)),
            out="float[%d]" % len(names), expect=" ".join("bits(0x%08x)" % C.f32(C.CONSTANTS[n]) for n in names))
    w.probe(PATH + "constants.probe", "pp.math-constants.double", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "M_E ... M_SQRT1_2 (double, with cl_khr_fp64) are the correctly rounded double values of the same constants.",
            body="\n".join("out[%d] = %s;" % (k, n) for k, n in enumerate(names)), prelude=FP64,
            out="double[%d]" % len(names), expect=" ".join("bits(0x%016x)" % C.f64(C.CONSTANTS[n]) for n in names),
            requires="fp64")
    w.probe(PATH + "macros.probe", "pp.double-macros.int", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "The integer-valued double macros (with cl_khr_fp64): %s." % ", ".join("%s %d" % kv for kv in DBL_INTS),
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(DBL_INTS)), prelude=FP64,
            out="int[%d]" % len(DBL_INTS), expect=" ".join(str(v) for _, v in DBL_INTS), requires="fp64")
    dl = [("DBL_MAX", C.DBL_MAX), ("DBL_MIN", C.DBL_MIN), ("DBL_EPSILON", C.DBL_EPSILON), ("HUGE_VAL", 0x7FF0000000000000)]
    w.probe(PATH + "macros.probe", "pp.double-macros.values", "OpenCL C: Floating-point Macros and Pragmas", "run",
            "DBL_MAX is (2 - 2^-52) * 2^1023, DBL_MIN 2^-1022, DBL_EPSILON 2^-52, HUGE_VAL +infinity; bit for bit.",
            body="\n".join("out[%d] = %s;" % (k, m) for k, (m, _) in enumerate(dl)), prelude=FP64,
            out="double[%d]" % len(dl), expect=" ".join("bits(0x%016x)" % b for _, b in dl), requires="fp64")
    w.probe(PATH + "macros.probe", "pp.pragma-fp-contract", "OpenCL C: Preprocessor Directives and Macros", "build-ok",
            "#pragma OPENCL FP_CONTRACT ON/OFF and #pragma OPENCL EXTENSION all : disable are valid pragmas.",
            body="#pragma OPENCL FP_CONTRACT OFF\nout[0] = 1;", prelude="#pragma OPENCL EXTENSION all : disable")
