/* See out_dir.h. Two runs writing one folder would each replace the
 * other's reports and index mid-run (each file stays whole, thanks to
 * atomic_file, but the set would mix two runs); the lock makes the second
 * run stop before it starts. flock is released by the kernel when the run
 * ends in any way, SIGKILL included, so a stale lock cannot block the next
 * night's job. */
#include "out_dir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static int make_dirs(const char *path, FILE *err)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        fprintf(err, "clconform: %s: path too long\n", path);
        return -1;
    }
    /* The first component that cannot be made is the one to name: "a/b/c:
     * No such file or directory" hides that a/b is on a read-only disk. */
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            fprintf(err, "clconform: %s: cannot create the output folder: %s: %s\n", path, buf,
                    strerror(errno));
            return -1;
        }
        *p = c;
        if (c == '\0')
            return 0;
    }
}

int out_dir_claim(const char *dir, FILE *err)
{
    if (make_dirs(dir, err) != 0)
        return -1;
    char lock[PATH_MAX];
    if (snprintf(lock, sizeof lock, "%s/.clconform.lock", dir) >= (int)sizeof lock) {
        fprintf(err, "clconform: %s: path too long\n", dir);
        return -1;
    }
    /* Creating the lock file is also the writability check: a read-only
     * folder or file system fails here, with its reason. */
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(err, "clconform: %s: cannot write here: %s\n", dir, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        char pid[32] = "";
        ssize_t n = pread(fd, pid, sizeof pid - 1, 0);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        fprintf(err, "clconform: %s: in use by another clconform run (pid %s); wait for it or use another --out\n",
                dir, pid[0] ? pid : "?");
        close(fd);
        return -1;
    }
    char pid[32];
    int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    /* A full disk shows here too, before anything runs. */
    if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)len, 0) != len || fsync(fd) != 0) {
        fprintf(err, "clconform: %s: cannot write here: %s\n", dir, strerror(errno ? errno : ENOSPC));
        close(fd);
        return -1;
    }
    return fd;
}
