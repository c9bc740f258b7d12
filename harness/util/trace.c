/* The run's timeline: see trace.h. */
#include "trace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cjson/cJSON.h>

/* Set once before the first fork and inherited: the event file, and the
 * device process whose lanes this process draws under. Process state, as a
 * signal flag is: the events come from deep inside the worker, and passing
 * a handle through every call on the way would say nothing more. */
static int trace_fd = -1;
static int group_pid;

int trace_start(const char *lines_path)
{
    trace_fd = open(lines_path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    group_pid = (int)getpid();
    return trace_fd < 0 ? -1 : 0;
}

int trace_on(void) { return trace_fd >= 0; }

/* One event: a line, written at once. */
static void put(cJSON *ev)
{
    char *line = cJSON_PrintUnformatted(ev);
    cJSON_Delete(ev);
    if (!line)
        return;
    size_t n = strlen(line);
    line[n] = '\n'; /* replaces the terminator: the line goes out with its newline */
    ssize_t w;
    do
        w = write(trace_fd, line, n + 1);
    while (w < 0 && errno == EINTR);
    free(line);
}

static cJSON *event(const char *ph, const char *name)
{
    cJSON *ev = cJSON_CreateObject();
    cJSON_AddStringToObject(ev, "name", name);
    cJSON_AddStringToObject(ev, "ph", ph);
    cJSON_AddNumberToObject(ev, "pid", group_pid);
    cJSON_AddNumberToObject(ev, "tid", (int)getpid());
    return ev;
}

void trace_span(const char *name, const char *cat, double t0, double t1, const char *detail)
{
    if (trace_fd < 0)
        return;
    cJSON *ev = event("X", name);
    cJSON_AddStringToObject(ev, "cat", cat);
    /* Microseconds, whole: viewers read fractions too, but files stay smaller. */
    cJSON_AddNumberToObject(ev, "ts", (double)(long long)(t0 * 1e6));
    cJSON_AddNumberToObject(ev, "dur", (double)(long long)((t1 > t0 ? t1 - t0 : 0) * 1e6));
    if (detail) {
        cJSON *args = cJSON_AddObjectToObject(ev, "args");
        cJSON_AddStringToObject(args, "detail", detail);
    }
    put(ev);
}

static void name_meta(const char *what, const char *name)
{
    cJSON *ev = event("M", what);
    cJSON *args = cJSON_AddObjectToObject(ev, "args");
    cJSON_AddStringToObject(args, "name", name);
    put(ev);
}

void trace_enter_device(const char *key)
{
    if (trace_fd < 0)
        return;
    group_pid = (int)getpid();
    name_meta("process_name", key);
    name_meta("thread_name", "device");
}

void trace_lane(const char *name)
{
    if (trace_fd >= 0)
        name_meta("thread_name", name);
}

int trace_finish(const char *out_path, const char *lines_path, FILE *err)
{
    if (trace_fd >= 0)
        close(trace_fd);
    trace_fd = -1;
    FILE *in = fopen(lines_path, "r");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", out_path);
    FILE *out = in ? fopen(tmp, "w") : NULL;
    if (!in || !out) {
        fprintf(err, "clconform: --trace %s: %s\n", out_path, strerror(errno));
        if (in)
            fclose(in);
        return -1;
    }
    /* The lines are already JSON objects: the document is them, comma-separated. */
    fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n", out);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int first = 1;
    while ((n = getline(&line, &cap, in)) > 0) {
        if (line[n - 1] != '\n')
            continue; /* a line cut short by a process killed mid-write */
        fputs(first ? "" : ",\n", out);
        fwrite(line, 1, (size_t)n - 1, out);
        first = 0;
    }
    free(line);
    fputs("\n]}\n", out);
    fclose(in);
    int bad = ferror(out);
    bad |= fclose(out) != 0;
    if (bad || rename(tmp, out_path) != 0) {
        fprintf(err, "clconform: --trace %s: could not be written\n", out_path);
        unlink(tmp);
        return -1;
    }
    unlink(lines_path);
    return 0;
}
