/* HTML of ulp-judged probes: see html_ulp.h. */
#include "html_ulp.h"

#include <string.h>

#include "json_num.h"

#include "html_escape.h"
#include "html_page.h"

static double num(const cJSON *o, const char *key, double dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

/* An integer field of a report from anywhere: checked before it is one
 * (json_num.h); -1 when it is not an int. */
static int int_field(const cJSON *o, const char *key)
{
    return json_num_int_or(cJSON_GetObjectItemCaseSensitive(o, key), -1, 2147483647, -1);
}

static void cell(FILE *f, const cJSON *v)
{
    fputs("<td>", f);
    if (v)
        html_value_write(f, v, ", ");
    fputs("</td>", f);
}

/* Why denormal results were allowed to flush, if they were: the device
 * lacks CL_FP_DENORM, or the probe's function may flush anyway (the half_
 * functions, unified spec, Math Functions). */
static const char *flush_note(const cJSON *u)
{
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(u, "flush_to_zero")))
        return "";
    const cJSON *why = cJSON_GetObjectItemCaseSensitive(u, "flush_because");
    if (cJSON_IsString(why) && strcmp(why->valuestring, "probe") == 0)
        return " (denormal results may flush to zero: the half_ functions may, whatever CL_FP_DENORM says)";
    return " (judged as flushing denormals to zero: no CL_FP_DENORM)";
}

/* One element of "failures" (or "largest"): index, inputs, reference,
 * expected, actual, error. */
static void write_element_row(FILE *f, const cJSON *it, const char *note)
{
    fprintf(f, "<tr><td class=\"num\">%d%s</td>", int_field(it, "index"), note);
    cell(f, cJSON_GetObjectItemCaseSensitive(it, "inputs"));
    cell(f, cJSON_GetObjectItemCaseSensitive(it, "reference"));
    cell(f, cJSON_GetObjectItemCaseSensitive(it, "expected"));
    cell(f, cJSON_GetObjectItemCaseSensitive(it, "actual"));
    cell(f, cJSON_GetObjectItemCaseSensitive(it, "ulp"));
    fputs("</tr>\n", f);
}

void html_ulp_write_card_section(FILE *f, const cJSON *rec)
{
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(rec, "ulp");
    if (!cJSON_IsObject(u))
        return;
    fprintf(f, "<h3>Error in ulp</h3>\n<p>bound %g ulp; largest error %.4g ulp at [%d]; %d element(s) "
               "beyond the bound%s</p>\n",
            num(u, "bound", 0), num(u, "max_error", 0), int_field(u, "max_at"), int_field(u, "beyond"),
            flush_note(u));
    const cJSON *fails = cJSON_GetObjectItemCaseSensitive(u, "failures");
    const cJSON *largest = cJSON_GetObjectItemCaseSensitive(u, "largest"); /* infos: the element of max_error */
    if (cJSON_GetArraySize(fails) == 0 && !cJSON_IsObject(largest))
        return;
    fputs("<table class=\"cmp\"><thead><tr><th class=\"num\">#</th><th>inputs</th><th>reference</th>"
          "<th>expected</th><th>actual</th><th>ulp</th></tr></thead><tbody>\n", f);
    if (cJSON_IsObject(largest))
        write_element_row(f, largest, " (largest)");
    const cJSON *it;
    cJSON_ArrayForEach(it, fails)
        write_element_row(f, it, "");
    fputs("</tbody></table>\n", f);
}

void html_ulp_write_table(FILE *f, const cJSON *probes)
{
    const cJSON *rec;
    int n = 0;
    cJSON_ArrayForEach(rec, probes)
        n += cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(rec, "ulp"));
    if (n == 0)
        return;
    fprintf(f, "<section id=\"ulp\"><h2>Math: largest error per probe (%d)</h2>\n"
               "<table class=\"cmp\"><thead><tr><th>probe</th><th>verdict</th><th class=\"num\">bound</th>"
               "<th class=\"num\">largest error</th><th class=\"num\">beyond</th></tr></thead><tbody>\n", n);
    cJSON_ArrayForEach(rec, probes) {
        const cJSON *u = cJSON_GetObjectItemCaseSensitive(rec, "ulp");
        if (!cJSON_IsObject(u))
            continue;
        fputs("<tr><td>", f);
        html_escape_write(f, html_json_str(rec, "id"));
        fputs("</td><td>", f);
        html_escape_write(f, html_json_str(rec, "verdict"));
        fprintf(f, "</td><td class=\"num\">%g</td><td class=\"num\">%.4g</td><td class=\"num\">%d</td></tr>\n",
                num(u, "bound", 0), num(u, "max_error", 0), int_field(u, "beyond"));
    }
    fputs("</tbody></table></section>\n", f);
}
