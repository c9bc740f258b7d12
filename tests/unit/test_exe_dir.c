/* harness/util/exe_dir.c: the running binary's folder is the folder of
 * argv[0], resolved; a buffer too small for it is refused. */
#include "check.h"
#include "exe_dir.h"

#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    (void)argc;
    char dir[PATH_MAX], real[PATH_MAX];
    CHECK(exe_dir_find(dir, sizeof dir) == 0, "exe_dir_find_reads_proc_self_exe");
    CHECK(realpath(argv[0], real) && strcmp(dir, dirname(real)) == 0, "exe_dir_is_the_folder_of_argv0");
    char tiny[1];
    CHECK(exe_dir_find(tiny, sizeof tiny) == -1, "exe_dir_refuses_a_one_byte_buffer");
    return check_done();
}
