/* harness/sched/device_gate.c: the gate's slots let at most n processes in at
 * once, each its own slot, and a dead process's slot is free again; the
 * slots and the gate itself do not block each other; a process waiting to
 * enter is seen waiting. Processes, because
 * record locks belong to processes. */
#include "check.h"
#include "device_gate.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* In a child: takes a slot of n without waiting long (alarm), writes it to
 * the pipe, holds it until the parent closes `hold`. */
static pid_t holder(const char *path, int n, int out, int hold, int hold_w)
{
    pid_t pid = fork();
    if (pid == 0) {
        close(hold_w);
        alarm(5);
        int fd = device_gate_open(path);
        int slot = device_gate_slot_take(fd, n);
        if (write(out, &slot, sizeof slot) != sizeof slot)
            _exit(1);
        char c;
        while (read(hold, &c, 1) > 0)
            ;
        device_gate_slot_give(fd, slot);
        _exit(0);
    }
    return pid;
}

int main(void)
{
    char path[4096];
    CHECK(device_gate_create(path, sizeof path) == 0, "gate_created");
    int ra[2], rb[2], hold[2];
    if (pipe(ra) != 0 || pipe(rb) != 0 || pipe(hold) != 0)
        return 1;
    pid_t a = holder(path, 2, ra[1], hold[0], hold[1]), b = holder(path, 2, rb[1], hold[0], hold[1]);
    close(hold[0]);
    int sa = -1, sb = -1;
    int got = read(ra[0], &sa, sizeof sa) == sizeof sa && read(rb[0], &sb, sizeof sb) == sizeof sb;
    CHECK(got && sa >= 0 && sb >= 0 && sa != sb, "two_holders_get_the_two_slots (%d, %d)", sa, sb);
    /* A third waits: in a child that gives up after 1 s (alarm kills it). */
    pid_t c = fork();
    if (c == 0) {
        alarm(1);
        int fd = device_gate_open(path);
        device_gate_slot_take(fd, 2);
        _exit(0);
    }
    int st = 0;
    waitpid(c, &st, 0);
    CHECK(WIFSIGNALED(st), "a_third_waits_while_both_are_held");
    /* The gate itself is apart from the slots. */
    int fd = device_gate_open(path);
    int entered = device_gate_enter(fd, 1) == 0;
    CHECK(entered, "the_gate_opens_while_the_slots_are_held");
    device_gate_leave(fd);
    /* One holder dies: its slot is free, and taken at once. */
    kill(a, SIGKILL);
    waitpid(a, NULL, 0);
    int s3 = device_gate_slot_take(fd, 2);
    CHECK(s3 == sa, "a_dead_holders_slot_is_free (%d)", s3);
    device_gate_slot_give(fd, s3);
    close(hold[1]);
    waitpid(b, NULL, 0);
    int again = device_gate_slot_take(fd, 2);
    CHECK(again >= 0, "slots_free_after_the_holders_end");
    int refused = device_gate_slot_take(-1, 2) == -1 && device_gate_slot_take(fd, 0) == -1;
    CHECK(refused, "no_gate_or_no_slots_is_refused");
    /* A process that has to wait to enter says so while it waits, and only
     * then (what CLCONFORM_TEST_GATE_OVERLAP waits for, runner.c). */
    CHECK(!device_gate_was_held(fd), "a_new_gate_was_never_held");
    CHECK(device_gate_enter(fd, 1) == 0, "held_exclusive");
    device_gate_mark_held(fd);
    CHECK(device_gate_was_held(fd), "marked_held");
    CHECK(!device_gate_has_waiter(fd), "nobody_waits_yet");
    pid_t w = fork();
    if (w == 0) {
        alarm(60);
        int wfd = device_gate_open(path);
        _exit(device_gate_enter(wfd, 0) == 0 ? 0 : 1);
    }
    int seen = 0;
    for (int i = 0; i < 30000 && !seen; i++) { /* at most a minute: a bound, not a timing */
        seen = device_gate_has_waiter(fd);
        if (!seen)
            usleep(2000);
    }
    CHECK(seen, "a_waiter_is_seen_while_it_waits");
    device_gate_leave(fd);
    st = 0;
    waitpid(w, &st, 0);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the_waiter_enters_once_the_gate_is_left");
    CHECK(!device_gate_has_waiter(fd), "no_waiter_once_it_entered");
    close(fd);
    unlink(path);
    return check_done();
}
