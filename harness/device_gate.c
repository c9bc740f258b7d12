/* The device gate: see device_gate.h. */
#include "device_gate.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { TURNSTILE = 0, DEVICE = 1, SLOTS = 2 };

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

int device_gate_enter(int fd, int exclusive)
{
    if (fd < 0)
        return -1;
    short type = exclusive ? F_WRLCK : F_RDLCK;
    if (lock(fd, type, TURNSTILE, 1) != 0)
        return -1;
    if (lock(fd, type, DEVICE, 1) != 0) {
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
