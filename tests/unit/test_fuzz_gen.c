/* Unit tests of `clconform fuzz`'s generator: its evaluator against cases
 * worked out by hand from OpenCL C 1.2 (6.3 operators, 6.12.3 integer
 * functions, 6.2.3 conversions, C99 6.3.1 promotions and the usual
 * arithmetic conversions, exact floats with IEEE 754's zero signs), the rule
 * that undefined, implementation-defined and inexact operations are
 * refused, determinism
 * (same seed, same program), and that what it writes loads as a probe. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_cmd.h"
#include "fuzz_gen.h"
#include "probe.h"
#include "probe_load.h"

static fuzz_val S(fuzz_scalar t, int64_t x)
{
    return fuzz_int(t, x);
}

static fuzz_val R(fuzz_scalar t, int64_t m, int e)
{
    fuzz_val v;
    memset(&v, 0, sizeof v);
    v.s = t;
    v.w = v.n = 1;
    v.f[0].m = m;
    v.f[0].e = e;
    v.f[0].neg = m < 0;
    return v;
}

static int bin(const char *op, fuzz_scalar ta, int64_t a, fuzz_scalar tb, int64_t b, fuzz_val *z)
{
    fuzz_val x = S(ta, a), y = S(tb, b);
    return fuzz_eval_binary(op, &x, &y, z);
}

static int64_t sv(const fuzz_val *v)
{
    return (int64_t)v->i[0];
}

static void test_operators_hand_worked(void)
{
    fuzz_val z;
    CHECK(bin("-", FZ_UINT, 0, FZ_UINT, 1, &z) == 0 && z.i[0] == 0xffffffffu, "uint 0 - 1 wraps to 0xffffffff");
    CHECK(bin("*", FZ_UINT, 0x10000, FZ_UINT, 0x10000, &z) == 0 && z.i[0] == 0, "uint 65536 * 65536 wraps to 0");
    CHECK(bin("+", FZ_INT, INT32_MAX, FZ_INT, 1, &z) == -1, "int INT_MAX + 1 is refused (signed overflow)");
    CHECK(bin("*", FZ_INT, -46341, FZ_INT, 46341, &z) == -1, "int -46341 * 46341 overflows: refused");
    CHECK(bin("*", FZ_INT, -46340, FZ_INT, 46340, &z) == 0 && sv(&z) == -2147395600, "int -46340 * 46340 = -2147395600");
    CHECK(bin("/", FZ_INT, -7, FZ_INT, 2, &z) == 0 && sv(&z) == -3, "int -7 / 2 = -3 (truncation)");
    CHECK(bin("%", FZ_INT, -7, FZ_INT, 2, &z) == 0 && sv(&z) == -1, "int -7 %% 2 = -1");
    CHECK(bin("/", FZ_INT, INT32_MIN, FZ_INT, -1, &z) == -1, "INT_MIN / -1 is refused");
    CHECK(bin("%", FZ_LONG, INT64_MIN, FZ_LONG, -1, &z) == -1, "LONG_MIN %% -1 is refused");
    CHECK(bin("%", FZ_UINT, 5, FZ_UINT, 0, &z) == -1, "x %% 0 is refused");
    CHECK(bin("<<", FZ_UINT, 1, FZ_UINT, 33, &z) == 0 && z.i[0] == 2, "uint 1 << (33 & 31) = 2");
    CHECK(bin("<<", FZ_ULONG, 1, FZ_ULONG, 65, &z) == 0 && z.i[0] == 2, "ulong 1 << (65 & 63) = 2");
    CHECK(bin("<<", FZ_INT, 1, FZ_INT, 1, &z) == -1, "shifts of signed operands are not generated");
    /* Promotions and the usual arithmetic conversions (C99 6.3.1.1, 6.3.1.8). */
    CHECK(bin("+", FZ_UCHAR, 200, FZ_UCHAR, 100, &z) == 0 && z.s == FZ_INT && sv(&z) == 300,
          "uchar 200 + uchar 100 is int 300 (promotion, no wrap)");
    CHECK(bin("*", FZ_USHORT, 65535, FZ_USHORT, 65535, &z) == -1,
          "ushort 65535 * 65535 is refused: both promote to int, and the product overflows it");
    CHECK(bin("*", FZ_CHAR, -128, FZ_CHAR, -128, &z) == 0 && z.s == FZ_INT && sv(&z) == 16384, "char -128 * -128 = int 16384");
    CHECK(bin("+", FZ_INT, -1, FZ_UINT, 0, &z) == 0 && z.s == FZ_UINT && z.i[0] == 0xffffffffu,
          "int -1 + uint 0 is uint 0xffffffff (int converts to uint)");
    CHECK(bin("+", FZ_UINT, 0xffffffffu, FZ_LONG, 1, &z) == 0 && z.s == FZ_LONG && sv(&z) == 0x100000000ll,
          "uint 0xffffffff + long 1 is long 2^32 (long holds every uint)");
    CHECK(bin("-", FZ_INT, 0, FZ_ULONG, 1, &z) == 0 && z.s == FZ_ULONG && z.i[0] == UINT64_MAX,
          "int 0 - ulong 1 is ulong 2^64 - 1");
    CHECK(bin("+", FZ_LONG, INT64_MAX, FZ_LONG, 1, &z) == -1, "long LONG_MAX + 1 is refused");
    fuzz_val u = S(FZ_CHAR, -5), n;
    CHECK(fuzz_eval_unary("~", &u, &n) == 0 && n.s == FZ_INT && sv(&n) == 4, "~(char)-5 is int 4");
    fuzz_val m = S(FZ_INT, INT32_MIN);
    CHECK(fuzz_eval_unary("-", &m, &n) == -1, "-INT_MIN is refused");
    fuzz_val c128 = S(FZ_CHAR, -128);
    CHECK(fuzz_eval_unary("-", &c128, &n) == 0 && sv(&n) == 128, "-(char)-128 is int 128 (promoted first)");

    /* Vectors: component-wise in their own type, no promotion. */
    fuzz_val a = S(FZ_UCHAR, 0), b = S(FZ_UCHAR, 0);
    a.w = b.w = a.n = b.n = 4;
    a.i[0] = 200; a.i[1] = 1; b.i[0] = 100; b.i[1] = 2;
    CHECK(fuzz_eval_binary("+", &a, &b, &z) == 0 && z.s == FZ_UCHAR && z.i[0] == 44 && z.i[1] == 3,
          "uchar4 200 + 100 wraps to 44 in its lane");
    fuzz_val sc = S(FZ_CHAR, 0), sd = S(FZ_CHAR, 0);
    sc.w = sd.w = sc.n = sd.n = 2;
    sc.i[0] = 100; sd.i[0] = 100;
    CHECK(fuzz_eval_binary("+", &sc, &sd, &z) == -1, "char2 100 + 100 overflows its lane: refused");
    CHECK(fuzz_eval_binary("+", &a, &sc, &z) == -1, "vectors of different types are refused");
}

static void test_builtins_hand_worked(void)
{
    fuzz_val a, b, c, z;
#define FN2(f, t, x, y) (a = S(t, x), b = S(t, y), fuzz_eval_builtin(f, &a, &b, NULL, &z))
#define FN1(f, t, x) (a = S(t, x), fuzz_eval_builtin(f, &a, NULL, NULL, &z))
    CHECK(FN2("min", FZ_INT, -1, 1) == 0 && sv(&z) == -1, "min(int -1, 1) = -1");
    CHECK(FN2("min", FZ_UINT, 0xffffffffu, 1) == 0 && z.i[0] == 1, "min(uint 0xffffffff, 1) = 1");
    CHECK(FN2("add_sat", FZ_INT, INT32_MAX, 1) == 0 && sv(&z) == INT32_MAX, "add_sat(INT_MAX, 1) = INT_MAX");
    CHECK(FN2("add_sat", FZ_CHAR, 100, 100) == 0 && sv(&z) == 127, "add_sat((char)100, (char)100) = 127 (no promotion)");
    CHECK(FN2("sub_sat", FZ_UCHAR, 1, 2) == 0 && z.i[0] == 0, "sub_sat((uchar)1, (uchar)2) = 0");
    CHECK(FN2("sub_sat", FZ_LONG, INT64_MIN, 1) == 0 && sv(&z) == INT64_MIN, "sub_sat(LONG_MIN, 1) = LONG_MIN");
    CHECK(FN2("mul_hi", FZ_UINT, 0x80000000u, 4) == 0 && z.i[0] == 2, "mul_hi(0x80000000u, 4u) = 2");
    CHECK(FN2("mul_hi", FZ_INT, -1, 1) == 0 && sv(&z) == -1, "mul_hi(-1, 1) = -1 (high word of -1)");
    CHECK(FN2("mul_hi", FZ_ULONG, -1, -1) == 0 && z.i[0] == UINT64_MAX - 1,
          "mul_hi(ULONG_MAX, ULONG_MAX) = 2^64 - 2");
    CHECK(FN2("mul_hi", FZ_CHAR, -128, 127) == 0 && sv(&z) == -64, "mul_hi((char)-128, (char)127) = -64 (-16256 >> 8, floor)");
    CHECK(FN2("rotate", FZ_UINT, 0x80000001u, 33) == 0 && z.i[0] == 3, "rotate by 33 is rotate by 1");
    CHECK(FN2("rotate", FZ_CHAR, -128, 1) == 0 && sv(&z) == 1, "rotate((char)-128, 1) = 1 (bits 0x80 to 0x01)");
    CHECK(FN2("hadd", FZ_INT, -3, 0) == 0 && sv(&z) == -2, "hadd(-3, 0) = -2 ((x + y) >> 1, floor)");
    CHECK(FN2("rhadd", FZ_UINT, 0xffffffffu, 0xffffffffu) == 0 && z.i[0] == 0xffffffffu,
          "rhadd(UINT_MAX, UINT_MAX) = UINT_MAX (no overflow)");
    CHECK(FN2("abs_diff", FZ_CHAR, -128, 127) == 0 && z.s == FZ_UCHAR && z.i[0] == 255,
          "abs_diff((char)-128, (char)127) = (uchar)255");
    CHECK(FN1("clz", FZ_UINT, 0) == 0 && z.i[0] == 32, "clz(0u) = 32");
    CHECK(FN1("clz", FZ_UCHAR, 1) == 0 && z.i[0] == 7, "clz((uchar)1) = 7");
    CHECK(FN1("popcount", FZ_SHORT, -1) == 0 && sv(&z) == 16, "popcount((short)-1) = 16");
    CHECK(FN1("abs", FZ_INT, INT32_MIN) == 0 && z.s == FZ_UINT && z.i[0] == 0x80000000u, "abs(INT_MIN) = 2^31 as uint");
    a = S(FZ_INT, 5), b = S(FZ_INT, 7), c = S(FZ_INT, 3);
    CHECK(fuzz_eval_builtin("clamp", &a, &b, &c, &z) == -1, "clamp(5, 7, 3) is refused (minval > maxval)");
    CHECK(fuzz_eval_builtin("clamp", &a, &c, &b, &z) == 0 && sv(&z) == 5, "clamp(5, 3, 7) = 5");
#undef FN2
#undef FN1
}

static void test_conversions_hand_worked(void)
{
    fuzz_val a, z;
    a = S(FZ_INT, 300);
    CHECK(fuzz_eval_convert(FZ_UCHAR, 0, 0, &a, &z) == 0 && z.i[0] == 44, "(uchar)300 = 44 (modulo 256)");
    CHECK(fuzz_eval_convert(FZ_CHAR, 0, 0, &a, &z) == -1,
          "(char)300 is refused: out of range to a signed type is implementation-defined");
    CHECK(fuzz_eval_convert(FZ_CHAR, 1, 0, &a, &z) == 0 && sv(&z) == 127, "convert_char_sat(300) = 127");
    a = S(FZ_LONG, -1);
    CHECK(fuzz_eval_convert(FZ_ULONG, 0, 0, &a, &z) == 0 && z.i[0] == UINT64_MAX, "(ulong)-1L = 2^64 - 1");
    CHECK(fuzz_eval_convert(FZ_USHORT, 1, 0, &a, &z) == 0 && z.i[0] == 0, "convert_ushort_sat(-1L) = 0");
    a = R(FZ_FLOAT, -5, -1);   /* -2.5 */
    CHECK(fuzz_eval_convert(FZ_INT, 0, 'z', &a, &z) == 0 && sv(&z) == -2, "convert_int(-2.5f) = -2 (toward zero)");
    CHECK(fuzz_eval_convert(FZ_INT, 0, 'e', &a, &z) == 0 && sv(&z) == -2, "convert_int_rte(-2.5f) = -2 (ties to even)");
    CHECK(fuzz_eval_convert(FZ_INT, 0, 'n', &a, &z) == 0 && sv(&z) == -3, "convert_int_rtn(-2.5f) = -3");
    CHECK(fuzz_eval_convert(FZ_INT, 0, 'p', &a, &z) == 0 && sv(&z) == -2, "convert_int_rtp(-2.5f) = -2");
    CHECK(fuzz_eval_convert(FZ_UINT, 0, 'z', &a, &z) == -1, "convert_uint(-2.5f) is refused (out of range)");
    CHECK(fuzz_eval_convert(FZ_UINT, 1, 'z', &a, &z) == 0 && z.i[0] == 0, "convert_uint_sat(-2.5f) = 0");
    a = S(FZ_INT, 16777217);
    CHECK(fuzz_eval_convert(FZ_FLOAT, 0, 0, &a, &z) == -1, "(float)16777217 is refused: float cannot hold it");
    CHECK(fuzz_eval_convert(FZ_DOUBLE, 0, 0, &a, &z) == 0 && fuzz_real_to_double(z.f[0]) == 16777217.0,
          "(double)16777217 is exact");
}

static void test_reals_hand_worked(void)
{
    fuzz_val a, b, c, z;
    a = R(FZ_FLOAT, 3, -1), b = R(FZ_FLOAT, 5, -2);   /* 1.5, 1.25 */
    CHECK(fuzz_eval_binary("*", &a, &b, &z) == 0 && fuzz_real_to_double(z.f[0]) == 1.875, "1.5f * 1.25f = 1.875f");
    CHECK(fuzz_eval_binary("-", &b, &a, &z) == 0 && fuzz_real_to_double(z.f[0]) == -0.25, "1.25f - 1.5f = -0.25f");
    a = R(FZ_FLOAT, 1, 0), b = R(FZ_FLOAT, 1, -24);    /* 1 + 2^-24 needs 25 bits */
    CHECK(fuzz_eval_binary("+", &a, &b, &z) == -1, "1.0f + 2^-24 is refused: float would round it");
    a = R(FZ_DOUBLE, 1, 0);
    b = R(FZ_DOUBLE, 1, -24);
    CHECK(fuzz_eval_binary("+", &a, &b, &z) == 0, "1.0 + 2^-24 is exact in double");
    a = R(FZ_FLOAT, 1, -70);
    CHECK(fuzz_eval_binary("*", &a, &a, &z) == -1, "2^-140 is refused (subnormal in float; kept away from denormals)");
    a = R(FZ_FLOAT, 0, 0), b = R(FZ_FLOAT, -3, 0);
    CHECK(fuzz_eval_binary("*", &a, &b, &z) == 0 && z.f[0].m == 0 && z.f[0].neg, "0.0f * -3.0f = -0.0f");
    a = R(FZ_FLOAT, 3, 0), b = R(FZ_FLOAT, 3, 0);
    CHECK(fuzz_eval_binary("-", &a, &b, &z) == 0 && z.f[0].m == 0 && !z.f[0].neg, "3.0f - 3.0f = +0.0f");
    a = R(FZ_FLOAT, 3, 0), b = R(FZ_FLOAT, 5, 0), c = R(FZ_FLOAT, -15, 0);
    CHECK(fuzz_eval_builtin("fma", &a, &b, &c, &z) == 0 && z.f[0].m == 0 && !z.f[0].neg, "fma(3, 5, -15) = +0");
    a = R(FZ_FLOAT, -1, -1);   /* -0.5 */
    CHECK(fuzz_eval_builtin("ceil", &a, NULL, NULL, &z) == 0 && z.f[0].m == 0 && z.f[0].neg, "ceil(-0.5f) = -0.0f");
    CHECK(fuzz_eval_builtin("floor", &a, NULL, NULL, &z) == 0 && fuzz_real_to_double(z.f[0]) == -1.0, "floor(-0.5f) = -1");
    CHECK(fuzz_eval_builtin("trunc", &a, NULL, NULL, &z) == 0 && z.f[0].m == 0 && z.f[0].neg, "trunc(-0.5f) = -0.0f");
    a = R(FZ_FLOAT, 0, 0), b = R(FZ_FLOAT, 0, 0);
    b.f[0].neg = 1;
    CHECK(fuzz_eval_builtin("fmin", &a, &b, NULL, &z) == -1, "fmin(+0, -0) is refused (either zero may come back)");
    a = R(FZ_FLOAT, 7, 0), b = R(FZ_FLOAT, -1, 0);
    CHECK(fuzz_eval_builtin("copysign", &a, &b, NULL, &z) == 0 && fuzz_real_to_double(z.f[0]) == -7.0, "copysign(7, -1) = -7");
    fuzz_real big = {270687, 4, 0}, tiny = {-4503599627370497, -108, 1}, r;  /* 4330992, -(2^52 + 1) * 2^-108 */
    CHECK(fuzz_real_cmp(tiny, big) < 0 && fuzz_real_cmp(big, tiny) > 0,
          "a tiny negative double compares below a large positive one, 112 binary places apart");
    a = R(FZ_DOUBLE, 270687, 4), b = R(FZ_DOUBLE, -4503599627370497, -108);
    CHECK(fuzz_eval_builtin("fmin", &a, &b, NULL, &z) == 0 && z.f[0].m == b.f[0].m, "fmin(4330992.0, -tiny) = -tiny");
    CHECK(fuzz_real_from_bits(FZ_FLOAT, 0x3fc00000u, &r) == 0 && r.m == 3 && r.e == -1, "the bits 0x3fc00000 are 1.5f");
    CHECK(fuzz_real_from_bits(FZ_FLOAT, 0x00000001u, &r) == -1, "a subnormal's bits are refused");
    CHECK(fuzz_real_from_bits(FZ_FLOAT, 0x7fc00000u, &r) == -1, "a NaN's bits are refused");
    a = R(FZ_FLOAT, -3, -1);
    CHECK(fuzz_lane_bits(&a, 0) == 0xbfc00000u, "-1.5f is stored as 0xbfc00000");
}

static void test_same_seed_same_program(void)
{
    fuzz_program a, b, c;
    CHECK(fuzz_generate(12345, &a) == 0 && fuzz_generate(12345, &b) == 0 && fuzz_generate(12346, &c) == 0,
          "three programs generated");
    CHECK(!strcmp(a.body, b.body) && a.n_out == b.n_out && !memcmp(a.expect, b.expect, a.n_out * sizeof a.expect[0]) &&
              !memcmp(a.inputs, b.inputs, sizeof a.inputs),
          "the same seed gives the same program, inputs and expected values");
    CHECK(strcmp(a.body, c.body) != 0, "another seed gives another program");
    CHECK(fuzz_program_seed(7, 0) != fuzz_program_seed(7, 1) && fuzz_program_seed(7, 3) == fuzz_program_seed(7, 3),
          "program seeds: distinct per index, stable");
    fuzz_program_free(&a);
    fuzz_program_free(&b);
    fuzz_program_free(&c);
}

static void test_written_probes_load(void)
{
    int ok = 1;
    for (uint64_t s = 1; s <= 200 && ok; s++) {
        fuzz_program p;
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        if (!f || fuzz_generate(fuzz_program_seed(99, s), &p) != 0) {
            ok = 0;
            break;
        }
        ok = p.n_out > 0 && p.n_out <= FUZZ_MAX_OUT && fuzz_write_probe(f, "fuzz.test", s, &p) == 0;
        fclose(f);
        clc_probe_set set = {0};
        if (ok && (probe_load_text("fuzz-test.probe", text, &set, stderr) != 0 || set.count != 1 ||
                   set.items[0].out_count != p.n_out)) {
            printf("# seed %llu did not load\n", (unsigned long long)s);
            ok = 0;
        }
        probe_set_free(&set);
        fuzz_program_free(&p);
        free(text);
    }
    CHECK(ok, "200 generated programs load as probes with their out counts");
}

/* A report with one failing fuzz record, one passing, one not ours: only
 * the failing one becomes a deviation file, holding the program its seed gives. */
static void test_collect_writes_failing_programs(void)
{
    char dir[] = "/tmp/clc-fuzz-test.XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp");
        return;
    }
    char path[256], cmd[300];
    snprintf(path, sizeof path, "%s/dev.json", dir);
    FILE *f = fopen(path, "w");
    uint64_t ps = fuzz_program_seed(5, 2);
    fprintf(f, "{\"device\": {\"key\": \"fake-dev\"}, \"probes\": ["
               "{\"id\": \"fuzz.p%016llx\", \"verdict\": \"fail\", \"detail\": \"out[3] differs\"},"
               "{\"id\": \"fuzz.p%016llx\", \"verdict\": \"pass\"},"
               "{\"id\": \"conv.other\", \"verdict\": \"fail\"}]}",
            (unsigned long long)ps, (unsigned long long)fuzz_program_seed(5, 3));
    fclose(f);
    long n = 0;
    int rc = fuzz_collect_reports(dir, dir, &n);
    CHECK(rc == 0 && n == 1, "one deviation collected (%ld)", n);
    char dev[300];
    snprintf(dev, sizeof dev, "%s/deviations/fake-dev/fuzz.p%016llx.probe", dir, (unsigned long long)ps);
    clc_probe_set set = {0};
    fuzz_program p;
    int ok = probe_load_path(dev, &set, stderr) == 0 && set.count == 1 && fuzz_generate(ps, &p) == 0;
    /* The heredoc drops the body's last newline. */
    int same = ok && set.items[0].body && strncmp(set.items[0].body, p.body, strlen(p.body) - 1) == 0 &&
               set.items[0].out_count == p.n_out;
    CHECK(same,
          "the deviation file holds the program its seed gives");
    if (ok)
        fuzz_program_free(&p);
    probe_set_free(&set);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "clean up");
}

/* A struct's initializer never reads the struct it initializes: over many
 * seeds, no "S_x sN = {...}" line names sN. inside its braces. */
static void test_struct_initializer_reads_no_member(void)
{
    int structs = 0, self = 0;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        fuzz_program p;
        if (fuzz_generate(fuzz_program_seed(20261201, seed), &p) != 0)
            break;
        for (const char *at = strstr(p.body, " s0 = {"); at; at = strstr(at + 1, " s0 = {")) {
            const char *end = strstr(at, "};");
            structs++;
            for (const char *m = strstr(at + 7, "s0.m"); m && end && m < end; m = strstr(m + 1, "s0.m"))
                self++;
        }
        fuzz_program_free(&p);
    }
    CHECK(structs > 50, "struct programs were generated (%d)", structs);
    CHECK(self == 0, "no struct initializer reads the struct itself (%d reads)", self);
}

int main(void)
{
    test_struct_initializer_reads_no_member();
    test_collect_writes_failing_programs();
    test_operators_hand_worked();
    test_builtins_hand_worked();
    test_conversions_hand_worked();
    test_reals_hand_worked();
    test_same_seed_same_program();
    test_written_probes_load();
    return check_done();
}
