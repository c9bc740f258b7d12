/* See html_claims.h. */
#include "html_claims.h"

#include "html_escape.h"
#include "html_page.h"

static int number(const cJSON *c, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(c, key);
    return cJSON_IsNumber(v) ? v->valueint : 0;
}

void html_claims_write(FILE *f, const cJSON *claims)
{
    if (!cJSON_IsArray(claims))
        return;
    int unprobed = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, claims)
        unprobed += cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(c, "probed"));
    fprintf(f, "<section id=\"claims\"><h2>Claims (%d claimed, %d not probed)</h2>\n", cJSON_GetArraySize(claims),
            unprobed);
    fputs("<p class=\"muted\">What the device reports (extensions, OpenCL C features, image support) and the "
          "judged probes of this run that exercise it (probes/claims.txt).</p>\n", f);
    fputs("<table><thead><tr><th>claim</th><th>kind</th><th>judged</th><th>passed</th><th>claimed, not probed: "
          "why</th></tr></thead><tbody>\n", f);
    cJSON_ArrayForEach(c, claims) {
        fputs("<tr><td><code>", f);
        html_escape_write(f, html_json_str(c, "name"));
        fputs("</code></td><td>", f);
        html_escape_write(f, html_json_str(c, "kind"));
        fprintf(f, "</td><td>%d</td><td>%d</td><td>", number(c, "judged"), number(c, "pass"));
        html_escape_write(f, html_json_str(c, "reason"));
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table></section>\n", f);
}
