/* Child processes that talk back over a pipe, one JSON object per line.
 * Everything that touches a driver runs in such a child, so a driver that
 * hangs or crashes takes down only the child. */
#ifndef CLC_PROC_H
#define CLC_PROC_H

#include <signal.h>
#include <sys/types.h>
#include <cjson/cJSON.h>

typedef struct {
    pid_t pid;
    int fd;          /* read end of the child's message pipe */
    char *buf;       /* bytes received but not yet returned as a line */
    size_t len, cap;
} clc_child;

/* Starts a child that runs fn(fd, arg) and exits 0; fd is the write end of
 * the pipe. The child gets its own process group (a terminal's Ctrl-C goes
 * to the supervisor alone) and dies with its parent. Returns 0 or -1. */
int proc_spawn(clc_child *c, void (*fn)(int fd, void *arg), void *arg);

/* Reads the next message. Returns 1 with *msg (caller deletes), 0 at end of
 * stream (the child exited or closed the pipe), -1 when timeout_s passed
 * (timeout_s < 0: wait forever), -2 when *stop became non-zero. */
int proc_read_msg(clc_child *c, double timeout_s, volatile sig_atomic_t *stop, cJSON **msg);

/* Kills the child (SIGKILL) if still there and reaps it; *status as waitpid. */
void proc_kill(clc_child *c, int *status);
/* Reaps a child whose stream ended, waiting at most a few seconds before
 * killing it. *status as waitpid. */
void proc_reap(clc_child *c, int *status);

/* "SIGSEGV" when status says the process died of that signal, else NULL. */
const char *proc_signal_name(int status);
/* The name of signal sig ("SIGSEGV"), NULL for one not listed. */
const char *proc_signal_name_of(int sig);
/* The signal when status says the process died of a fault it raised itself
 * (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP), else 0: not a kill
 * from outside (a watchdog, the OOM killer, an operator). */
int proc_fault_signal(int status);

/* Describes a waitpid status: "exit status 3", "signal SIGSEGV". */
void proc_describe_status(int status, char *buf, size_t len);

/* In the child: sends one message (a line of unformatted JSON). Deletes msg. */
void proc_send(int fd, cJSON *msg);

/* Runs this binary again (/proc/self/exe) with argv (argv[0] included,
 * NULL last) and waits for it; its output goes to the file log (created or
 * truncated) when log is not NULL and can be opened, else where this
 * process's goes. Returns its exit status, or -1 when it could not be
 * started or did not exit. */
int proc_run_self(const char *const *argv, const char *log);

/* Seconds on a monotonic clock. */
double proc_now(void);

#endif
