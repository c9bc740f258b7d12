/* harness/cli/progress.c: the terminal form redraws one line per device in
 * place and keeps a finished device's summary; the plain form (CI logs)
 * writes a device's line at most every 10 s and never an escape sequence;
 * quiet writes nothing. The clock is injected, so nothing here waits. */
#include "check.h"
#include "progress.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"dev-a", "dev-b"};

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static void test_format(void)
{
    char buf[256];
    progress_format(buf, sizeof buf, "k", 100, 400, 3, 20.0);
    CHECK(strcmp(buf, "clconform: k: 100/400 probes, 3 unexpected, 20.0 s, ~60.0 s left") == 0,
          "line_has_done_total_fails_elapsed_and_estimate");
    progress_format(buf, sizeof buf, "k", 0, 400, 0, 1.0);
    CHECK(strstr(buf, "left") == NULL, "no_estimate_before_anything_is_done");
}

static void test_tty(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    clc_progress *p = progress_new(f, 1, 0, 2, names, 0.0);
    progress_update(p, 0, 1, 10, 0, 0.0);
    progress_update(p, 0, 2, 10, 0, 0.01); /* within 0.1 s: not redrawn */
    progress_update(p, 1, 5, 10, 1, 0.5);
    progress_finish(p, 0, "clconform: dev-a: 10 probes, done", 1.0);
    progress_update(p, 1, 9, 10, 2, 1.5);
    progress_free(p);
    fclose(f);
    /* The update at 0.01 s draws nothing; the next redraw shows its state. */
    const char *first_up = strstr(text, "\033[2A"), *two = strstr(text, "dev-a: 2/10");
    CHECK(count(text, "dev-a: 1/10 probes") == 1 && first_up && two && two > first_up,
          "tty_redraws_at_most_every_tenth_second");
    CHECK(strstr(text, "dev-b: 5/10 probes, 1 unexpected") != NULL, "tty_second_device_has_its_line");
    CHECK(count(text, "\033[2A") == 3 && count(text, "\033[K") == 8, "tty_rewrites_both_lines_in_place");
    const char *last = strrchr(text, '\033') ? strstr(text, "\033[2A") : NULL;
    for (const char *q = last; q && (q = strstr(q + 1, "\033[2A"));)
        last = q;
    CHECK(last && strstr(last, "dev-a: 10 probes, done") && strstr(last, "dev-b: 9/10"),
          "tty_finished_device_keeps_its_summary_line");
    free(text);
}

static void test_plain(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    clc_progress *p = progress_new(f, 0, 0, 2, names, 0.0);
    progress_update(p, 0, 1, 100, 0, 0.0);
    progress_update(p, 0, 20, 100, 0, 5.0);
    progress_update(p, 0, 40, 100, 1, 10.5);
    progress_update(p, 0, 50, 100, 1, 15.0);
    progress_update(p, 0, 90, 100, 2, 20.6);
    progress_finish(p, 0, "clconform: dev-a: summary", 21.0);
    progress_finish(p, 1, NULL, 21.0);
    progress_free(p);
    fclose(f);
    CHECK(strchr(text, '\033') == NULL && strchr(text, '\r') == NULL, "plain_has_no_escape_or_carriage_return");
    CHECK(count(text, "dev-a: ") == 3 && strstr(text, "dev-a: 40/100") && strstr(text, "dev-a: 90/100") &&
              !strstr(text, "dev-a: 1/100") && !strstr(text, "dev-a: 50/100"),
          "plain_line_at_most_every_10_s");
    CHECK(strstr(text, "clconform: dev-a: summary\n") != NULL, "plain_summary_line_written");
    free(text);
}

static void test_quiet(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    clc_progress *p = progress_new(f, 1, 1, 2, names, 0.0);
    progress_update(p, 0, 1, 10, 0, 0.0);
    progress_update(p, 0, 5, 10, 0, 30.0);
    progress_finish(p, 0, "clconform: dev-a: summary", 31.0);
    progress_free(p);
    fclose(f);
    CHECK(len == 0, "quiet_writes_nothing");
    free(text);
}

int main(void)
{
    test_format();
    test_tty();
    test_plain();
    test_quiet();
    return check_done();
}
