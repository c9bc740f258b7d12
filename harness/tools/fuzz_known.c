/* Matching fuzz deviations with register entries (see fuzz_known.h). */
#include "fuzz_known.h"

#include <ctype.h>
#include <dirent.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "register.h"

char *fuzz_known_text(const char *prelude, const char *body)
{
    size_t n = (prelude ? strlen(prelude) : 0) + (body ? strlen(body) : 0) + 2;
    char *t = malloc(n), *o = t;
    if (!t)
        return NULL;
    const char *parts[2] = {prelude ? prelude : "", body ? body : ""};
    int blank = 1;
    for (int k = 0; k < 2; k++) {
        for (const char *p = parts[k]; *p; p++) {
            if (isspace((unsigned char)*p)) {
                if (!blank)
                    *o++ = ' ';
                blank = 1;
            } else {
                *o++ = *p;
                blank = 0;
            }
        }
        if (!blank) {
            *o++ = ' ';
            blank = 1;
        }
    }
    if (o > t && o[-1] == ' ')
        o--;
    *o = '\0';
    return t;
}

/* 1 when the signature ("ERE" or "!ERE") holds for text. */
static int signature_holds(const char *sig, const char *text)
{
    int negate = sig[0] == '!';
    regex_t re;
    if (regcomp(&re, sig + negate, REG_EXTENDED | REG_NOSUB) != 0)
        return 0;  /* the register's parser refuses it first */
    int found = regexec(&re, text, 0, NULL, 0) == 0;
    regfree(&re);
    return found != negate;
}

const cJSON *fuzz_known_match(const cJSON *doc, const char *text, const char *verdict)
{
    const cJSON *reg = cJSON_GetObjectItemCaseSensitive(doc, "register"), *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(reg, "entries"))
    {
        const cJSON *sigs = cJSON_GetObjectItemCaseSensitive(e, "fuzz"), *sig;
        if (cJSON_GetArraySize(sigs) == 0 || !register_entry_allows(e, verdict_parse(verdict)))
            continue;
        int all = 1;
        cJSON_ArrayForEach(sig, sigs) all &= cJSON_IsString(sig) && signature_holds(sig->valuestring, text);
        if (all)
            return e;
    }
    return NULL;
}

cJSON *fuzz_known_load(const char *dir, FILE *err)
{
    cJSON *regs = cJSON_CreateArray();
    DIR *d = dir ? opendir(dir) : NULL;
    if (!regs || !d)
        return regs;
    struct dirent *e;
    int bad = 0;
    while (!bad && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        char head[256] = "";
        size_t n = f ? fread(head, 1, sizeof head - 1, f) : 0;
        if (f)
            fclose(f);
        head[n] = '\0';
        if (!n || !register_text_is_register(head))
            continue;
        cJSON *doc = register_load(path, err);
        if (!doc)
            bad = 1;
        else
            cJSON_AddItemToArray(regs, doc);
    }
    closedir(d);
    if (bad) {
        cJSON_Delete(regs);
        return NULL;
    }
    return regs;
}

const cJSON *fuzz_known_register_for(const cJSON *regs, const cJSON *report)
{
    const cJSON *doc;
    cJSON_ArrayForEach(doc, regs) if (register_describes(doc, report)) return doc;
    return NULL;
}
