/* Progress lines: see progress.h.
 *
 * The terminal form redraws the whole block of device lines each time: move
 * the cursor up over the lines drawn before (ESC [ n A), then rewrite each
 * one (CR, ESC [ K to clear what a longer line left). The block sits below
 * everything printed before it, so notes printed earlier stay readable. */
#include "progress.h"

#include <stdlib.h>
#include <string.h>

#include "human_time.h"

typedef struct {
    const char *name;
    size_t done, total, fails;
    double started, last_plain;
    int started_yet, finished;
    char *summary;
} dev_line;

struct clc_progress {
    FILE *out;
    int tty, quiet;
    size_t n;
    dev_line *dev;
    size_t drawn;       /* lines of the block on screen (terminal form) */
    double last_draw;
};

clc_progress *progress_new(FILE *out, int tty, int quiet, size_t n, const char *const *names, double now)
{
    clc_progress *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->dev = calloc(n ? n : 1, sizeof *p->dev);
    if (!p->dev) {
        free(p);
        return NULL;
    }
    p->out = out;
    p->tty = tty;
    p->quiet = quiet;
    p->n = n;
    p->last_draw = now - 1e9;
    for (size_t i = 0; i < n; i++) {
        p->dev[i].name = names[i];
        p->dev[i].started = now;
        p->dev[i].last_plain = now;
    }
    return p;
}

const char *progress_format(char *buf, size_t len, const char *name, size_t done, size_t total, size_t fails,
                            double elapsed_s)
{
    char el[32], left[32] = "";
    human_time_ms(elapsed_s * 1e3, el, sizeof el);
    /* The estimate assumes the probes left cost what the ones done did on
     * average: rough (a conversion probe costs more than a literal one), but
     * it moves the right way. None until something is done. */
    if (done > 0 && done < total) {
        char t[32];
        snprintf(left, sizeof left, ", ~%s left",
                 human_time_ms(elapsed_s / (double)done * (double)(total - done) * 1e3, t, sizeof t));
    }
    snprintf(buf, len, "clconform: %s: %zu/%zu probes, %zu unexpected, %s%s", name, done, total, fails, el, left);
    return buf;
}

static void line_text(const clc_progress *p, size_t i, double now, char *buf, size_t len)
{
    const dev_line *d = &p->dev[i];
    if (d->finished && d->summary)
        snprintf(buf, len, "%s", d->summary);
    else if (d->finished)
        snprintf(buf, len, "clconform: %s: ended without a report", d->name);
    else if (!d->started_yet)
        snprintf(buf, len, "clconform: %s: starting", d->name);
    else
        progress_format(buf, len, d->name, d->done, d->total, d->fails, now - d->started);
}

static void redraw(clc_progress *p, double now)
{
    char buf[1024];
    if (p->drawn)
        fprintf(p->out, "\033[%zuA", p->drawn);
    for (size_t i = 0; i < p->n; i++) {
        line_text(p, i, now, buf, sizeof buf);
        fprintf(p->out, "\r\033[K%s\n", buf);
    }
    p->drawn = p->n;
    p->last_draw = now;
    fflush(p->out);
}

void progress_update(clc_progress *p, size_t i, size_t done, size_t total, size_t fails, double now)
{
    if (!p || i >= p->n || p->quiet)
        return;
    dev_line *d = &p->dev[i];
    if (!d->started_yet) {
        d->started_yet = 1;
        d->started = now;
        d->last_plain = now;
    }
    d->done = done;
    d->total = total;
    d->fails = fails;
    if (p->tty) {
        if (now - p->last_draw >= PROGRESS_TTY_PERIOD_S || p->drawn == 0)
            redraw(p, now);
    } else if (now - d->last_plain >= PROGRESS_PLAIN_PERIOD_S) {
        char buf[1024];
        fprintf(p->out, "%s\n", progress_format(buf, sizeof buf, d->name, done, total, fails, now - d->started));
        fflush(p->out);
        d->last_plain = now;
    }
}

void progress_finish(clc_progress *p, size_t i, const char *summary, double now)
{
    if (!p || i >= p->n)
        return;
    dev_line *d = &p->dev[i];
    if (d->finished && !summary)
        return; /* the process ended after its summary: keep the summary */
    if (!summary && !p->quiet && !p->tty) {
        d->finished = 1;
        return;
    }
    d->finished = 1;
    free(d->summary);
    d->summary = summary ? strdup(summary) : NULL;
    if (p->quiet)
        return;
    if (p->tty) {
        redraw(p, now);
    } else if (summary) {
        fprintf(p->out, "%s\n", summary);
        fflush(p->out);
    }
}

void progress_free(clc_progress *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        free(p->dev[i].summary);
    free(p->dev);
    free(p);
}
