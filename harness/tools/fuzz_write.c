/* The fuzz generator's writers: a program as a probe (docs/probe-format.md)
 * and as a host C11 program for --self-check (harness/kernels/
 * fuzz_host_shim.h supplies the OpenCL C types and built-ins; the
 * conversions and as_type the body names are defined here, one macro per
 * name used, since their names carry the types). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_gen_int.h"

/* The device's definitions of the macros the body uses (the host shim has
 * its own): vector literals, swizzles, halves. */
static void write_macros(FILE *f, unsigned macros)
{
    static const char *const letters = "abcdefghijklmnop";
    /* One macro a width: OpenCL C has no variadic macros ("Restrictions";
     * NVIDIA's compiler refuses them, clang accepts them). */
    if (macros & MACRO_V) {
        static const int vw[] = {2, 3, 4, 8, 16};
        for (int i = 0; i < 5; i++) {
            fprintf(f, "#define V%d(T", vw[i]);
            for (int j = 0; j < vw[i]; j++)
                fprintf(f, ", %c", letters[j]);
            fprintf(f, ") ((T)(");
            for (int j = 0; j < vw[i]; j++)
                fprintf(f, "%s%c", j ? ", " : "", letters[j]);
            fprintf(f, "))\n");
        }
    }
    if (macros & MACRO_SW) {
        static const int ws[] = {1, 2, 3, 4, 8, 16};
        for (int i = 0; i < 6; i++) {
            fprintf(f, "#define SW%d(v", ws[i]);
            for (int j = 0; j < ws[i]; j++)
                fprintf(f, ", %c", letters[j]);
            fprintf(f, ") ((v).s");
            for (int j = 0; j < ws[i]; j++)
                fprintf(f, "##%c", letters[j]);
            fprintf(f, ")\n");
        }
    }
    if (macros & MACRO_HALF) {
        static const char *const names[] = {"LO", "HI", "EVEN", "ODD"}, *const fields[] = {"lo", "hi", "even", "odd"};
        for (int i = 0; i < 4; i++)
            for (int w = 2; w <= 16; w *= 2)
                fprintf(f, "#define %s%d(v) ((v).%s)\n", names[i], w, fields[i]);
    }
}

static void write_real(FILE *f, uint32_t bits, const char *suffix)
{
    fuzz_real r;
    fz_buf b = {0};
    if (fuzz_real_from_bits(FZ_FLOAT, bits, &r) != 0)
        r.m = r.e = r.neg = 0;
    fuzz_real_text(&b, r, suffix);
    fputs(b.s ? b.s : "0.0", f);
    free(b.s);
}

int fuzz_write_probe(FILE *f, const char *id, uint64_t seed, const fuzz_program *p)
{
    fprintf(f, "\n[probe %s]\nspec     = OpenCL C (unified): Operators\n", id);
    fprintf(f, "why      = A random program free of undefined behaviour (clconform fuzz, program seed "
               "0x%016llx); expected values from the generator's own exact evaluator (harness/tools/fuzz_eval.c).\n",
            (unsigned long long)seed);
    fprintf(f, "kind     = run\n");
    if (p->fp64 || p->items > 1)
        fprintf(f, "requires =%s", p->fp64 ? " fp64" : "");
    if (p->items > 1)
        fprintf(f, " wg_%u\nglobal   = %u\nlocal    = %u", p->items, p->items, p->items);
    if (p->fp64 || p->items > 1)
        fprintf(f, "\n");
    fprintf(f, "input in = uint:");
    for (int i = 0; i < FUZZ_INPUTS; i++)
        fprintf(f, " %u", p->inputs[i]);
    fprintf(f, "\ninput fin = float:");
    for (int i = 0; i < FUZZ_INPUTS; i++) {
        fputc(' ', f);
        write_real(f, p->finputs[i], "");
    }
    fprintf(f, "\nout      = uint[%zu]\nexpect   =", p->n_out);
    for (size_t i = 0; i < p->n_out; i++)
        fprintf(f, " %u", p->expect[i]);
    fprintf(f, "\nprelude  = <<END\n");
    if (p->fp64)
        fprintf(f, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    write_macros(f, p->macros);
    fprintf(f, "%s\nEND\nbody     = <<END\n%sEND\n", p->prelude, p->body);
    return ferror(f) ? -1 : 0;
}

/* ---- host C ------------------------------------------------------------------------ */

/* Splits a type name with its width ("uchar4") into scalar and width; -1
 * when it is not one. */
static int parse_type(const char *s, size_t len, int *scalar, int *w)
{
    size_t a = 0;
    while (a < len && isalpha((unsigned char)s[a]))
        a++;
    for (int k = 0; k <= FZ_DOUBLE; k++) {
        const char *n = fuzz_scalar_name((fuzz_scalar)k);
        if (strlen(n) == a && !strncmp(s, n, a)) {
            *scalar = k;
            *w = a == len ? 1 : atoi(s + a);
            return 0;
        }
    }
    return -1;
}

/* A #define for one conversion or as_type name (convert_T[N][_sat][_rtX],
 * as_T[N]); nothing for another word. */
static void define_name(FILE *f, const char *name, size_t len)
{
    char buf[64];
    int sc, w;
    if (len >= sizeof buf)
        return;
    memcpy(buf, name, len);
    buf[len] = '\0';
    if (!strncmp(buf, "as_", 3)) {
        if (parse_type(buf + 3, len - 3, &sc, &w) == 0)
            fprintf(f, "#define %s(x) FZ_AS(%s, x)\n", buf, buf + 3);
        return;
    }
    if (strncmp(buf, "convert_", 8) != 0)
        return;
    char *t = buf + 8, *u = strchr(t, '_');
    size_t tl = u ? (size_t)(u - t) : strlen(t);
    int sat = u && !strncmp(u, "_sat", 4);
    const char *mode = u ? strstr(u, "_rt") : NULL;
    char m = mode ? mode[3] : 'z';
    if (parse_type(t, tl, &sc, &w) != 0)
        return;
    const char *e = fuzz_scalar_name((fuzz_scalar)sc);
    if (w == 1)
        fprintf(f, "#define %s(x) FZ_CV(%s, %d, '%c', (x))\n", buf, e, sat, m);
    else
        fprintf(f, "#define %s(x) FZ_CVV(%.*s, %s, %d, %d, '%c', x)\n", buf, (int)tl, t, e, w, sat, m);
}

/* Defines each distinct convert_/as_ name of text, once. */
static void define_names(FILE *f, const char *text, char ***seen, size_t *n_seen)
{
    for (const char *p = text; p && *p;) {
        if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
            (!strncmp(p, "convert_", 8) || !strncmp(p, "as_", 3))) {
            size_t len = 0;
            while (isalnum((unsigned char)p[len]) || p[len] == '_')
                len++;
            int dup = 0;
            for (size_t i = 0; i < *n_seen; i++)
                dup |= strlen((*seen)[i]) == len && !strncmp((*seen)[i], p, len);
            char **grown = dup ? NULL : realloc(*seen, (*n_seen + 1) * sizeof **seen);
            if (grown) {
                *seen = grown;
                (*seen)[*n_seen] = strndup(p, len);
                if ((*seen)[*n_seen]) {
                    (*n_seen)++;
                    define_name(f, p, len);
                }
            }
            p += len;
        } else {
            p++;
        }
    }
}

int fuzz_write_host_c(FILE *f, const fuzz_program *p, const char *shim_path)
{
    char **seen = NULL;
    size_t n_seen = 0;
    fprintf(f, "#include \"%s\"\n\n", shim_path);
    define_names(f, p->prelude, &seen, &n_seen);
    define_names(f, p->body, &seen, &n_seen);
    for (size_t i = 0; i < n_seen; i++)
        free(seen[i]);
    free(seen);
    fprintf(f, "\n%s\nstatic void kernel_body(const uint *in, const float *fin, uint *out)\n{\n%s}\n\n", p->prelude,
            p->body);
    fprintf(f, "int main(void)\n{\n    static const uint in[%d] = {", FUZZ_INPUTS);
    for (int i = 0; i < FUZZ_INPUTS; i++)
        fprintf(f, "%s%uu", i ? ", " : "", p->inputs[i]);
    fprintf(f, "};\n    static const float fin[%d] = {", FUZZ_INPUTS);
    for (int i = 0; i < FUZZ_INPUTS; i++) {
        fprintf(f, "%s", i ? ", " : "");
        write_real(f, p->finputs[i], "f");
    }
    fprintf(f, "};\n    static uint out[%zu];\n    fz_run(kernel_body, %u, in, fin, out);\n", p->n_out ? p->n_out : 1,
            p->items);
    fprintf(f, "    for (int i = 0; i < %zu; i++)\n        printf(\"%%u\\n\", out[i]);\n    return 0;\n}\n", p->n_out);
    return ferror(f) ? -1 : 0;
}
