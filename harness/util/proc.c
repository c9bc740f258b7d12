/* Child processes and their message pipes: see proc.h. */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double proc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int proc_spawn(clc_child *c, void (*fn)(int fd, void *arg), void *arg)
{
    int fds[2];
    memset(c, 0, sizeof *c);
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL); /* nothing buffered in the parent may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() == 1)
            _exit(111); /* the parent died before prctl took effect */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        fn(fds[1], arg);
        close(fds[1]);
        /* _exit, not exit: atexit handlers of drivers must not run twice,
         * and the parent's stdio buffers belong to the parent. */
        _exit(0);
    }
    close(fds[1]);
    c->pid = pid;
    c->fd = fds[0];
    return 0;
}

static int take_line(clc_child *c, cJSON **msg)
{
    char *nl = c->len ? memchr(c->buf, '\n', c->len) : NULL;
    if (!nl)
        return 0;
    *nl = '\0';
    *msg = cJSON_Parse(c->buf);
    size_t used = (size_t)(nl - c->buf) + 1;
    memmove(c->buf, nl + 1, c->len - used);
    c->len -= used;
    if (!*msg) {
        /* A garbled line means the child wrote something it should not have
         * to our pipe; report it as a message of its own kind. */
        *msg = cJSON_CreateObject();
        cJSON_AddStringToObject(*msg, "t", "garbled");
    }
    return 1;
}

int proc_read_msg(clc_child *c, double timeout_s, volatile sig_atomic_t *stop, cJSON **msg)
{
    double deadline = timeout_s < 0 ? 0 : proc_now() + timeout_s;
    for (;;) {
        if (take_line(c, msg))
            return 1;
        if (stop && *stop)
            return -2;
        if (c->fd < 0)
            return 0;
        int wait_ms = -1;
        if (timeout_s >= 0) {
            double left = deadline - proc_now();
            if (left <= 0)
                return -1;
            wait_ms = (int)(left * 1000) + 1;
        }
        /* Wake at least every 200 ms so a stop request is seen promptly. */
        if (wait_ms < 0 || wait_ms > 200)
            wait_ms = 200;
        struct pollfd pfd = {c->fd, POLLIN, 0};
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0 && errno != EINTR)
            return 0;
        if (r <= 0)
            continue;
        if (c->len + 65536 > c->cap) {
            size_t ncap = c->cap ? c->cap * 2 : 131072;
            char *n = realloc(c->buf, ncap);
            if (!n)
                return 0;
            c->buf = n;
            c->cap = ncap;
        }
        ssize_t got = read(c->fd, c->buf + c->len, c->cap - c->len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            close(c->fd);
            c->fd = -1;
            continue;
        }
        c->len += (size_t)got;
    }
}

static void child_close(clc_child *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->buf);
    c->buf = NULL;
    c->len = c->cap = 0;
}

void proc_kill(clc_child *c, int *status)
{
    int st = 0;
    if (c->pid > 0) {
        kill(c->pid, SIGKILL);
        while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR)
            ;
    }
    c->pid = 0;
    child_close(c);
    if (status)
        *status = st;
}

void proc_reap(clc_child *c, int *status)
{
    int st = 0;
    if (c->pid > 0) {
        double deadline = proc_now() + 5;
        pid_t r;
        while ((r = waitpid(c->pid, &st, WNOHANG)) == 0 && proc_now() < deadline)
            usleep(2000);
        if (r == 0) {
            proc_kill(c, status);
            return;
        }
    }
    c->pid = 0;
    child_close(c);
    if (status)
        *status = st;
}

const char *proc_signal_name_of(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGTRAP: return "SIGTRAP";
    default: return NULL;
    }
}

const char *proc_signal_name(int status)
{
    return WIFSIGNALED(status) ? proc_signal_name_of(WTERMSIG(status)) : NULL;
}

int proc_fault_signal(int status)
{
    if (!WIFSIGNALED(status))
        return 0;
    int sig = WTERMSIG(status);
    return sig == SIGSEGV || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE || sig == SIGILL || sig == SIGTRAP
               ? sig
               : 0;
}

void proc_describe_status(int status, char *buf, size_t len)
{
    const char *name = proc_signal_name(status);
    if (name)
        snprintf(buf, len, "signal %s", name);
    else if (WIFSIGNALED(status))
        snprintf(buf, len, "signal %d", WTERMSIG(status));
    else if (WIFEXITED(status))
        snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
    else
        snprintf(buf, len, "status %d", status);
}

void proc_send(int fd, cJSON *msg)
{
    char *text = cJSON_PrintUnformatted(msg);
    cJSON_Delete(msg);
    if (!text)
        return;
    size_t len = strlen(text);
    text[len] = '\n'; /* overwrite the NUL: the line is sent with its newline */
    const char *p = text;
    size_t left = len + 1;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        p += w;
        left -= (size_t)w;
    }
    free(text);
}

int proc_run_self(const char *const *argv, const char *log)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = log ? open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666) : -1;
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        execv("/proc/self/exe", (char *const *)argv);
        _exit(127);
    }
    int st;
    if (waitpid(pid, &st, 0) < 0)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
