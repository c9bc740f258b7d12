/* The device gate: see device_gate.h. */
#include "device_gate.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* WAITING: a byte far past the slots, locked shared by each process while
 * it waits to enter (device_gate_has_waiter). */
enum { TURNSTILE = 0, DEVICE = 1, SLOTS = 2, WAITING = 1 << 20 };

int device_gate_create(char *path, size_t size)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    int n = snprintf(path, size, "%s/clconform-gate-XXXXXX", dir);
    if (n < 0 || (size_t)n >= size)
        return -1;
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

int device_gate_open(const char *path)
{
    return open(path, O_RDWR | O_CLOEXEC);
}

/* Sets (type F_RDLCK/F_WRLCK; waiting unless try_only) or clears (F_UNLCK)
 * the lock on `len` bytes from `start`; a signal that interrupts the wait
 * is not a failure. */
static int lock_how(int fd, short type, off_t start, off_t len, int try_only)
{
    struct flock l = {0};
    l.l_type = type;
    l.l_whence = SEEK_SET;
    l.l_start = start;
    l.l_len = len;
    int r;
    while ((r = fcntl(fd, type == F_UNLCK || try_only ? F_SETLK : F_SETLKW, &l)) != 0 && errno == EINTR)
        ;
    return r;
}

static int lock(int fd, short type, off_t start, off_t len)
{
    return lock_how(fd, type, start, len, 0);
}

/* Takes the lock, saying so on the WAITING byte while it has to wait. */
static int lock_saying_so(int fd, short type, off_t start)
{
    if (lock_how(fd, type, start, 1, 1) == 0)
        return 0;
    if (errno != EAGAIN && errno != EACCES)
        return -1;
    lock(fd, F_RDLCK, WAITING, 1);
    int r = lock(fd, type, start, 1);
    lock(fd, F_UNLCK, WAITING, 1);
    return r;
}

int device_gate_enter(int fd, int exclusive)
{
    if (fd < 0)
        return -1;
    short type = exclusive ? F_WRLCK : F_RDLCK;
    if (lock_saying_so(fd, type, TURNSTILE) != 0)
        return -1;
    if (lock_saying_so(fd, type, DEVICE) != 0) {
        lock(fd, F_UNLCK, TURNSTILE, 1);
        return -1;
    }
    /* A user leaves the turnstile at once, so that others pass beside it;
     * a measurement keeps it until it is done. */
    if (!exclusive)
        lock(fd, F_UNLCK, TURNSTILE, 1);
    return 0;
}

void device_gate_leave(int fd)
{
    if (fd >= 0)
        lock(fd, F_UNLCK, TURNSTILE, 2);
}

int device_gate_slot_take(int fd, int n)
{
    if (fd < 0 || n < 1)
        return -1;
    for (int i = 0; i < n; i++)
        if (lock_how(fd, F_WRLCK, SLOTS + i, 1, 1) == 0)
            return i;
    /* All taken: wait on one, a different one per process. */
    int i = (int)(getpid() % n);
    return lock(fd, F_WRLCK, SLOTS + i, 1) == 0 ? i : -1;
}

void device_gate_slot_give(int fd, int slot)
{
    if (fd >= 0 && slot >= 0)
        lock(fd, F_UNLCK, SLOTS + slot, 1);
}

int device_gate_has_waiter(int fd)
{
    /* F_GETLK answers with a lock of another process that would block
     * ours: a waiter's shared lock on WAITING blocks an exclusive one. */
    struct flock l = {0};
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    l.l_start = WAITING;
    l.l_len = 1;
    return fd >= 0 && fcntl(fd, F_GETLK, &l) == 0 && l.l_type != F_UNLCK;
}

void device_gate_mark_held(int fd)
{
    if (fd >= 0 && pwrite(fd, "x", 1, 0) != 1) {
        /* a flag not written: device_gate_was_held says no */
    }
}

int device_gate_was_held(int fd)
{
    char c;
    return fd >= 0 && pread(fd, &c, 1, 0) == 1;
}
