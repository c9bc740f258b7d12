/* Unit tests of `clconform fuzz`'s generator: its evaluator against cases
 * worked out by hand from OpenCL C 1.2 (6.3 operators, 6.12.3 integer
 * functions), the rule that undefined operations are refused, determinism
 * (same seed, same program), and that what it writes loads as a probe. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_cmd.h"
#include "fuzz_gen.h"
#include "probe.h"
#include "probe_load.h"

static fuzz_val S(fuzz_type t, uint32_t x)
{
    fuzz_val v = {t, {x, 0, 0, 0}};
    return v;
}

static int bin(const char *op, fuzz_type t, uint32_t a, uint32_t b, uint32_t *r)
{
    fuzz_val x = S(t, a), y = S(t, b), z;
    int rc = fuzz_eval_binary(op, &x, &y, &z);
    *r = z.lane[0];
    return rc;
}

static int fn(const char *f, fuzz_type t, uint32_t a, uint32_t b, uint32_t *r, fuzz_type *rt)
{
    fuzz_val x = S(t, a), y = S(t, b), z;
    int rc = fuzz_eval_builtin(f, &x, &y, &z);
    *r = z.lane[0];
    if (rt)
        *rt = z.t;
    return rc;
}

static void test_operators_hand_worked(void)
{
    uint32_t r;
    CHECK(bin("-", FZ_UINT, 0, 1, &r) == 0 && r == 0xffffffffu, "uint 0 - 1 wraps to 0xffffffff");
    CHECK(bin("*", FZ_UINT, 0x10000u, 0x10000u, &r) == 0 && r == 0, "uint 65536 * 65536 wraps to 0");
    CHECK(bin("+", FZ_INT, 0x7fffffffu, 1, &r) == -1, "int INT_MAX + 1 is refused (signed overflow)");
    CHECK(bin("-", FZ_INT, 0x80000000u, 1, &r) == -1, "int INT_MIN - 1 is refused");
    CHECK(bin("*", FZ_INT, (uint32_t)-46341, 46341, &r) == -1, "int -46341 * 46341 overflows: refused");
    CHECK(bin("*", FZ_INT, (uint32_t)-46340, 46340, &r) == 0 && r == (uint32_t)-2147395600, "int -46340 * 46340 = -2147395600");
    CHECK(bin("/", FZ_INT, (uint32_t)-7, 2, &r) == 0 && r == (uint32_t)-3, "int -7 / 2 = -3 (truncation)");
    CHECK(bin("%", FZ_INT, (uint32_t)-7, 2, &r) == 0 && r == (uint32_t)-1, "int -7 %% 2 = -1");
    CHECK(bin("/", FZ_INT, 0x80000000u, (uint32_t)-1, &r) == -1, "INT_MIN / -1 is refused");
    CHECK(bin("%", FZ_UINT, 5, 0, &r) == -1, "x %% 0 is refused");
    CHECK(bin("/", FZ_UINT, 0xffffffffu, 16, &r) == 0 && r == 0x0fffffffu, "uint 0xffffffff / 16 = 0x0fffffff");
    CHECK(bin("<<", FZ_UINT, 1, 33, &r) == 0 && r == 2, "uint 1 << (33 & 31) = 2");
    CHECK(bin(">>", FZ_UINT, 0x80000000u, 63, &r) == 0 && r == 1, "uint 0x80000000 >> (63 & 31) = 1");
    CHECK(bin("<<", FZ_INT, 1, 1, &r) == -1, "shifts of signed operands are not generated");
    CHECK(bin("^", FZ_INT, (uint32_t)-1, 0x0f, &r) == 0 && r == 0xfffffff0u, "int -1 ^ 15 = -16");

    fuzz_val a = {FZ_INT4, {0x7fffffffu, 1, 2, 3}}, b = {FZ_INT4, {0, 1, 2, 3}}, c = {FZ_INT4, {1, 0, 0, 0}}, z;
    CHECK(fuzz_eval_binary("+", &a, &b, &z) == 0 && z.lane[0] == 0x7fffffffu && z.lane[3] == 6, "int4 lane-wise add");
    CHECK(fuzz_eval_binary("+", &a, &c, &z) == -1, "int4: one overflowing lane refuses the whole operation");
    fuzz_val u = {FZ_UINT4, {0xffffffffu, 2, 3, 4}}, w = {FZ_UINT4, {1, 2, 3, 4}};
    CHECK(fuzz_eval_binary("+", &u, &w, &z) == 0 && z.lane[0] == 0 && z.lane[1] == 4, "uint4 lanes wrap");
    CHECK(fuzz_eval_binary("+", &u, &a, &z) == -1, "operands of different types are refused");
}

static void test_builtins_hand_worked(void)
{
    uint32_t r;
    fuzz_type rt;
    CHECK(fn("min", FZ_INT, (uint32_t)-1, 1, &r, NULL) == 0 && r == (uint32_t)-1, "min(int -1, 1) = -1");
    CHECK(fn("min", FZ_UINT, 0xffffffffu, 1, &r, NULL) == 0 && r == 1, "min(uint 0xffffffff, 1) = 1");
    CHECK(fn("max", FZ_INT, 0x80000000u, (uint32_t)-5, &r, NULL) == 0 && r == (uint32_t)-5, "max(INT_MIN, -5) = -5");
    CHECK(fn("add_sat", FZ_INT, 0x7fffffffu, 1, &r, NULL) == 0 && r == 0x7fffffffu, "add_sat(INT_MAX, 1) = INT_MAX");
    CHECK(fn("add_sat", FZ_UINT, 0xffffffffu, 2, &r, NULL) == 0 && r == 0xffffffffu, "add_sat(UINT_MAX, 2) = UINT_MAX");
    CHECK(fn("sub_sat", FZ_UINT, 1, 2, &r, NULL) == 0 && r == 0, "sub_sat(1u, 2u) = 0");
    CHECK(fn("sub_sat", FZ_INT, 0x80000000u, 1, &r, NULL) == 0 && r == 0x80000000u, "sub_sat(INT_MIN, 1) = INT_MIN");
    CHECK(fn("mul_hi", FZ_UINT, 0x80000000u, 4, &r, NULL) == 0 && r == 2, "mul_hi(0x80000000u, 4u) = 2");
    CHECK(fn("mul_hi", FZ_INT, (uint32_t)-1, 1, &r, NULL) == 0 && r == 0xffffffffu, "mul_hi(-1, 1) = -1 (high word of -1)");
    CHECK(fn("mul_hi", FZ_INT, 0x40000000u, 4, &r, NULL) == 0 && r == 1, "mul_hi(2^30, 4) = 1");
    CHECK(fn("rotate", FZ_UINT, 0x80000001u, 1, &r, NULL) == 0 && r == 3, "rotate(0x80000001, 1) = 3");
    CHECK(fn("rotate", FZ_UINT, 0x80000001u, 33, &r, NULL) == 0 && r == 3, "rotate by 33 is rotate by 1");
    CHECK(fn("rotate", FZ_UINT, 0x12345678u, 0, &r, NULL) == 0 && r == 0x12345678u, "rotate by 0 is the identity");
    CHECK(fn("clz", FZ_UINT, 0, 0, &r, NULL) == 0 && r == 32, "clz(0) = 32");
    CHECK(fn("clz", FZ_UINT, 1, 0, &r, NULL) == 0 && r == 31, "clz(1) = 31");
    CHECK(fn("abs", FZ_INT, 0x80000000u, 0, &r, &rt) == 0 && r == 0x80000000u && rt == FZ_UINT,
          "abs(INT_MIN) = 2^31 as uint");
    CHECK(fn("abs", FZ_INT, (uint32_t)-5, 0, &r, &rt) == 0 && r == 5, "abs(-5) = 5");
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

int main(void)
{
    test_collect_writes_failing_programs();
    test_operators_hand_worked();
    test_builtins_hand_worked();
    test_same_seed_same_program();
    test_written_probes_load();
    return check_done();
}
