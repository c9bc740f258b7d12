/* harness/util/text_norm.c and its use by the probe loader: a probe file with
 * CRLF or CR line ends, or a UTF-8 byte-order mark, loads exactly as the
 * same file with '\n' and no mark, and a mistake in it is blamed on the
 * line where it is. */
#include "check.h"
#include "probe_load.h"
#include "text_norm.h"

#include <stdlib.h>
#include <string.h>

static void test_normalize(void)
{
    char a[] = "\xef\xbb\xbf[probe x]\r\nk = v\r\n";
    size_t n = text_normalize(a);
    CHECK(strcmp(a, "[probe x]\nk = v\n") == 0 && n == strlen(a), "bom_dropped_and_crlf_to_lf");
    char b[] = "a\rb\r\rc";
    text_normalize(b);
    CHECK(strcmp(b, "a\nb\n\nc") == 0, "lone_cr_is_a_line_end");
    char c[] = "x\xef\xbb\xbfy";
    text_normalize(c);
    CHECK(strcmp(c, "x\xef\xbb\xbfy") == 0, "bom_only_dropped_at_the_start");
    char d[] = "";
    CHECK(text_normalize(d) == 0, "empty_text");
}

static const char unix_text[] =
    "[probe t.a]\n"
    "spec = OpenCL C (unified): Conversions and Type Casting\n"
    "why    = two lines of body\n"
    "kind = run\n"
    "out = int[2]\n"
    "expect = 1 2\n"
    "body = <<END\n"
    "    out[0] = 1;\n"
    "    out[1] = 2;\n"
    "END\n";

/* Rewrites the '\n' of src as eol, with an optional BOM in front. */
static char *convert(const char *src, const char *eol, int bom)
{
    char *out = malloc(strlen(src) * 2 + 4), *o = out;
    if (bom)
        o += sprintf(o, "\xef\xbb\xbf");
    for (const char *s = src; *s; s++) {
        if (*s == '\n')
            o += sprintf(o, "%s", eol);
        else
            *o++ = *s;
    }
    *o = '\0';
    return out;
}

static int load(const char *text, clc_probe_set *set, char **err_text)
{
    size_t len;
    FILE *err = open_memstream(err_text, &len);
    memset(set, 0, sizeof *set);
    int rc = probe_load_text("w.probe", text, set, err);
    fclose(err);
    return rc;
}

static void test_same_as_unix(const char *name, const char *eol, int bom)
{
    char *text = convert(unix_text, eol, bom), *errs = NULL;
    clc_probe_set set;
    int rc = load(text, &set, &errs);
    const clc_probe *p = set.count == 1 ? &set.items[0] : NULL;
    CHECK(rc == 0 && p && strcmp(p->id, "t.a") == 0 && p->line == 1 && strcmp(p->clause, "OpenCL C: Conversions and Type Casting") == 0 &&
              strcmp(p->why, "two lines of body") == 0 && p->out_count == 2 && p->expect[1].alts[0] == 2 &&
              strcmp(p->body, "    out[0] = 1;\n    out[1] = 2;") == 0,
          "%s_loads_as_unix", name);
    if (errs && *errs)
        printf("#   %s", errs);
    probe_set_free(&set);
    free(errs);
    free(text);
}

/* A mistake on line 5 is reported on line 5 whatever the line ends. */
static void test_error_line(const char *name, const char *eol, int bom)
{
    const char *bad = "[probe t.b]\nspec = s\nkind = run\nout = int\nthis line is wrong\nexpect = 1\nbody = out[0] = 1;\n";
    char *text = convert(bad, eol, bom), *errs = NULL;
    clc_probe_set set;
    int rc = load(text, &set, &errs);
    CHECK(rc == -1 && errs && strstr(errs, "w.probe:5: 'this line is wrong'") != NULL, "%s_error_names_line_5", name);
    if (errs && !strstr(errs, "w.probe:5:"))
        printf("#   got: %s", errs);
    probe_set_free(&set);
    free(errs);
    free(text);
}

int main(void)
{
    test_normalize();
    test_same_as_unix("lf", "\n", 0);
    test_same_as_unix("crlf", "\r\n", 0);
    test_same_as_unix("cr", "\r", 0);
    test_same_as_unix("bom_lf", "\n", 1);
    test_same_as_unix("bom_crlf", "\r\n", 1);
    test_error_line("crlf", "\r\n", 0);
    test_error_line("cr", "\r", 0);
    test_error_line("bom_crlf", "\r\n", 1);
    return check_done();
}
