/* See atomic_file.h. The temporary name is derived from the path and the
 * process id, so two runs writing the same folder never share a temporary
 * file, and commit needs no state beyond the path. */
#include "atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

/* ".NAME.tmp.PID" in NAME's folder: hidden, so a half-written file left by a
 * SIGKILL is never mistaken for a report by a glob over *.json. */
static int tmp_name(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path) + 1 : 0;
    int n = snprintf(buf, len, "%.*s.%s.tmp.%ld", dirlen, path, slash ? slash + 1 : path,
                     (long)getpid());
    return n > 0 && (size_t)n < len ? 0 : -1;
}

FILE *atomic_file_open(const char *path, FILE *err)
{
    char tmp[PATH_MAX];
    if (tmp_name(path, tmp, sizeof tmp) != 0) {
        fprintf(err, "%s: path too long\n", path);
        return NULL;
    }
    FILE *f = fopen(tmp, "w");
    if (!f)
        fprintf(err, "%s: cannot write here: %s\n", path, strerror(errno));
    return f;
}

/* After the rename, the folder's entry must reach the disk too, or a crash
 * right after could bring back the old file (or none). Best effort: some
 * file systems refuse fsync on a folder, which loses nothing else. */
static void sync_parent(const char *path)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

int atomic_file_commit(FILE *f, const char *path, FILE *err)
{
    char tmp[PATH_MAX];
    tmp_name(path, tmp, sizeof tmp);
    int saved = 0;
    if (ferror(f))
        saved = errno ? errno : EIO;
    if (!saved && fflush(f) != 0)
        saved = errno;
    /* Data on disk before the name points at it: else a power loss after
     * the rename can leave an empty file under the real name. */
    if (!saved && fsync(fileno(f)) != 0 && errno != EINVAL && errno != EROFS)
        saved = errno;
    if (fclose(f) != 0 && !saved)
        saved = errno;
    if (!saved && rename(tmp, path) != 0)
        saved = errno;
    if (saved) {
        fprintf(err, "%s: write failed: %s\n", path, strerror(saved));
        unlink(tmp);
        return -1;
    }
    sync_parent(path);
    return 0;
}

void atomic_file_discard(FILE *f, const char *path)
{
    char tmp[PATH_MAX];
    tmp_name(path, tmp, sizeof tmp);
    fclose(f);
    unlink(tmp);
}

int atomic_file_write(const char *path, const char *text, size_t len, FILE *err)
{
    FILE *f = atomic_file_open(path, err);
    if (!f)
        return -1;
    fwrite(text, 1, len, f); /* a short write sets the error flag commit checks */
    return atomic_file_commit(f, path, err);
}
