/* "Failures by rule": see group_html.h. No script: <details> unfolds. */
#include "group_html.h"

#include <string.h>

#include "group.h"
#include "html_escape.h"
#include "html_page.h"
#include "html_probe.h"

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The page of device key dev, or NULL (this page). */
static const char *page_of(const cJSON *const *reports, const char *const *pages, size_t n, const char *dev)
{
    for (size_t i = 0; pages && i < n; i++)
        if (strcmp(str(cJSON_GetObjectItemCaseSensitive(reports[i], "device"), "key"), dev) == 0)
            return pages[i];
    return NULL;
}

void group_html_write(FILE *f, const cJSON *const *reports, const char *const *pages, size_t n)
{
    cJSON *groups = group_collect(reports, n);
    int ng = cJSON_GetArraySize(groups);
    if (ng == 0) {
        cJSON_Delete(groups);
        return;
    }
    size_t s_zero;
    fprintf(f, "<section id=\"groups\"><h2>Failures by rule</h2>\n"
               "<p class=\"muted\">%d group(s): probes that fail the same way, in the same family and clause "
               "(and ledger entry, where the probe cites one). A probe that fails in several ways is in several "
               "groups.</p>\n<table class=\"groups\"><thead><tr><th class=\"num\">probes</th><th>family</th>"
               "<th>clause</th><th>ledger</th><th>deviation</th>%s</tr></thead><tbody>\n",
            ng, n > 1 ? "<th>devices</th>" : "");
    s_zero = group_count_sign_of_zero(reports, n);
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        fprintf(f, "<tr class=\"group\"><td class=\"num\">%d</td><td>",
                cJSON_GetObjectItemCaseSensitive(g, "count")->valueint);
        html_escape_write(f, str(g, "family"));
        fputs("</td><td>", f);
        html_escape_write(f, str(g, "clause"));
        fputs("</td><td>", f);
        html_escape_write(f, str(g, "ledger"));
        fputs("</td><td><details class=\"group\"><summary>", f);
        html_escape_write(f, str(g, "deviation"));
        fputs("</summary><ul class=\"group-probes\">\n", f);
        const cJSON *p;
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(g, "probes")) {
            const char *dev = str(p, "device");
            fputs("<li><a", f);
            html_probe_write_href(f, page_of(reports, pages, n, dev), str(p, "id"));
            fputs(">", f);
            html_escape_write(f, str(p, "id"));
            fputs("</a>", f);
            if (n > 1) {
                fputs(" <span class=\"muted\">", f);
                html_escape_write(f, dev);
                fputs("</span>", f);
            }
            fputs("</li>\n", f);
        }
        fputs("</ul></details></td>", f);
        if (n > 1) {
            fputs("<td>", f);
            const cJSON *d;
            int first = 1;
            cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(g, "devices")) {
                if (!first)
                    fputs(", ", f);
                html_escape_write(f, d->valuestring);
                first = 0;
            }
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fprintf(f, "</tbody></table>\n<p class=\"sign-zero\">%zu failure(s) differ from the required values only in "
               "the sign of a zero (a difference the CTS's ulp measure does not see).</p></section>\n", s_zero);
    cJSON_Delete(groups);
}
