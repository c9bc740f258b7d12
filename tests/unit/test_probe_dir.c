/* harness/probe/probe_dir.c: `${PROBE_DIR}` in options becomes the probe file's
 * real folder (a double-quoted word stays quoted); every misuse is refused with a
 * reason, and the loader names file and line. Paths are built in a fresh
 * temporary folder, so the expected text is worked out here, not read back. */
#include "check.h"
#include "probe_dir.h"
#include "probe_load.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char why[512];

static int expands_to(const char *options, const char *file, const char *want)
{
    why[0] = '\0';
    char *got = probe_dir_expand(options, file, why, sizeof why);
    int ok = got && strcmp(got, want) == 0;
    if (!ok)
        printf("#   got '%s' (%s), want '%s'\n", got ? got : "(null)", why, want);
    free(got);
    return ok;
}

static int refused(const char *options, const char *file, const char *reason)
{
    why[0] = '\0';
    char *got = probe_dir_expand(options, file, why, sizeof why);
    int ok = !got && strstr(why, reason);
    if (!ok)
        printf("#   got '%s', reason '%s', want a reason with '%s'\n", got ? got : "(null)", why, reason);
    free(got);
    return ok;
}

int main(void)
{
    char tmpl[] = "/tmp/clc-probedir-XXXXXX";
    char *root = mkdtemp(tmpl);
    CHECK(root != NULL, "temporary folder made");
    if (!root)
        return check_done();
    char *real_root = realpath(root, NULL);
    char sub[512], file[600], want[1400], rel[600], quoted_dir[600], quoted_file[700];
    snprintf(sub, sizeof sub, "%s/fam", root);
    mkdir(sub, 0700);
    snprintf(file, sizeof file, "%s/fam/x.probe", root);

    snprintf(want, sizeof want, "-D A=1 -I %s/fam/include -D B=2", real_root);
    CHECK(expands_to("-D A=1 -I ${PROBE_DIR}/include -D B=2", file, want), "bare_token_word_becomes_the_absolute_path");
    snprintf(want, sizeof want, "-D A=1 -I \"%s/fam/include\" -D B=2", real_root);
    CHECK(expands_to("-D A=1 -I \"${PROBE_DIR}/include\" -D B=2", file, want), "quoted_token_word_stays_quoted");
    snprintf(want, sizeof want, "-I %s/fam", real_root);
    CHECK(expands_to("-I ${PROBE_DIR}", file, want), "token_alone_is_the_folder");
    snprintf(want, sizeof want, "%s/fam/a \"%s/fam/b\"", real_root, real_root);
    CHECK(expands_to("${PROBE_DIR}/a \"${PROBE_DIR}/b\"", file, want), "two_tokens_both_expanded");
    CHECK(expands_to("-D X=1  -cl-mad-enable", file, "-D X=1  -cl-mad-enable"), "options_without_token_unchanged");

    /* A relative probe path resolves against the working folder, through any symlink. */
    CHECK(chdir(sub) == 0, "chdir into the family folder");
    snprintf(want, sizeof want, "-I %s/fam/inc", real_root);
    CHECK(expands_to("-I ${PROBE_DIR}/inc", "x.probe", want), "relative_file_without_slash_is_the_working_folder");
    snprintf(rel, sizeof rel, "../fam/x.probe");
    CHECK(expands_to("-I ${PROBE_DIR}/inc", rel, want), "relative_path_resolved_to_real_folder");

    CHECK(refused("-I ${PROBEDIR}/include", file, "unknown token '${PROBEDIR}'"), "unknown_token_refused");
    CHECK(refused("-I ${HOME", file, "unknown token '${HOME'"), "unterminated_token_refused");
    CHECK(refused("-I${PROBE_DIR}/include", file, "must begin a word"), "token_inside_a_word_refused");
    CHECK(refused("-I ${PROBE_DIR}/in\"c", file, "cannot be passed as one double-quoted word"),
          "quote_after_token_refused");
    CHECK(refused("-I ${PROBE_DIR}/${PROBE_DIR}", file, "cannot be passed as one double-quoted word"),
          "second_token_in_one_word_refused");
    CHECK(refused("-I ${PROBE_DIR}/x", "/nonexistent-clc-folder/x.probe", "cannot resolve the folder"),
          "missing_folder_refused");
    CHECK(refused("-I \"${PROBE_DIR}/include", file, "needs its closing"), "unclosed_quote_refused");
    CHECK(refused("-I \"${PROBE_DIR}/in\"c", file, "needs its closing"), "text_after_closing_quote_refused");
    CHECK(refused("-I x\"${PROBE_DIR}\"", file, "must begin a word"), "quote_inside_a_word_refused");
    /* A folder with a blank in its name: a bare word must be quoted to stay one word. */
    char spaced[512], spaced_file[600];
    snprintf(spaced, sizeof spaced, "%s/a b", root);
    mkdir(spaced, 0700);
    snprintf(spaced_file, sizeof spaced_file, "%s/x.probe", spaced);
    snprintf(want, sizeof want, "-I \"%s/a b/include\"", real_root);
    CHECK(expands_to("-I ${PROBE_DIR}/include", spaced_file, want), "folder_with_a_blank_is_quoted");
    rmdir(spaced);
    /* A folder whose name holds a double quote cannot be quoted. */
    snprintf(quoted_dir, sizeof quoted_dir, "%s/a\"b", root);
    mkdir(quoted_dir, 0700);
    snprintf(quoted_file, sizeof quoted_file, "%s/x.probe", quoted_dir);
    CHECK(refused("-I ${PROBE_DIR}", quoted_file, "cannot be passed as one double-quoted word"),
          "folder_with_a_quote_refused");

    /* Through the loader: the expanded options are the probe's; a bad token names file and line. */
    FILE *err = fopen("/dev/null", "w");
    clc_probe_set set = {0};
    int rc = probe_load_text("x.probe", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\n"
                                        "options = -I ${PROBE_DIR}/include\n", &set, err);
    snprintf(want, sizeof want, "-I %s/fam/include", real_root);
    CHECK(rc == 0 && set.count == 1 && set.items[0].options && strcmp(set.items[0].options, want) == 0,
          "loader_expands_options");
    probe_set_free(&set);
    char *msg = NULL;
    size_t msg_len = 0;
    FILE *mem = open_memstream(&msg, &msg_len);
    rc = probe_load_text("y.probe", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\n\n"
                                    "options = -I ${PROBE_DIR}/include -I ${SDK}\n", &set, mem);
    fclose(mem);
    CHECK(rc == -1 && msg && strstr(msg, "y.probe:6: options: unknown token '${SDK}'"),
          "loader_names_file_and_line_of_a_bad_token");
    probe_set_free(&set);
    free(msg);
    fclose(err);

    CHECK(chdir("/") == 0, "leave the temporary folder");
    rmdir(quoted_dir);
    rmdir(sub);
    rmdir(root);
    free(real_root);
    return check_done();
}
