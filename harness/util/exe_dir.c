/* The running executable's folder: see exe_dir.h. */
#include "exe_dir.h"

#include <string.h>
#include <unistd.h>

int exe_dir_find(char *dir, size_t len)
{
    if (len < 2)
        return -1;
    ssize_t n = readlink("/proc/self/exe", dir, len - 1);
    if (n <= 0)
        return -1;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    return 0;
}
