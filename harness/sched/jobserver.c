/* The token pool: see jobserver.h. */
#include "jobserver.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int jobserver_open(clc_jobserver *js, size_t tokens)
{
    int fds[2];
    js->rd = js->wr = -1;
    if (pipe(fds) != 0)
        return -1;
    /* Neither end may block: a taker that finds the pool empty moves on, and
     * a pipe holds far more bytes than any machine has cores. */
    for (int i = 0; i < 2; i++) {
        int fl = fcntl(fds[i], F_GETFL);
        if (fl < 0 || fcntl(fds[i], F_SETFL, fl | O_NONBLOCK) != 0) {
            close(fds[0]);
            close(fds[1]);
            return -1;
        }
    }
    js->rd = fds[0];
    js->wr = fds[1];
    for (size_t i = 0; i < tokens; i++)
        jobserver_give(js);
    return 0;
}

int jobserver_try_take(const clc_jobserver *js)
{
    if (js->rd < 0)
        return 0;
    char c;
    ssize_t n;
    do
        n = read(js->rd, &c, 1);
    while (n < 0 && errno == EINTR);
    return n == 1;
}

void jobserver_give(const clc_jobserver *js)
{
    if (js->wr < 0)
        return;
    char c = '+';
    ssize_t n;
    do
        n = write(js->wr, &c, 1);
    while (n < 0 && errno == EINTR);
}

void jobserver_close(clc_jobserver *js)
{
    if (js->rd >= 0)
        close(js->rd);
    if (js->wr >= 0)
        close(js->wr);
    js->rd = js->wr = -1;
}
