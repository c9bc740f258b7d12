/* harness/sched/jobserver.c's token pool hands out what it holds and takes tokens
 * back. */
#include "check.h"
#include "jobserver.h"

#include <stdlib.h>

int main(void)
{
    clc_jobserver js;
    int opened = jobserver_open(&js, 2);
    int t1 = jobserver_try_take(&js), t2 = jobserver_try_take(&js), t3 = jobserver_try_take(&js);
    CHECK(opened == 0 && t1 && t2 && !t3, "pool_of_two_gives_two_then_none");
    jobserver_give(&js);
    int t4 = jobserver_try_take(&js);
    CHECK(t4, "a_token_given_back_is_taken_again");
    jobserver_close(&js);
    clc_jobserver none = {-1, -1};
    CHECK(!jobserver_try_take(&none), "no_pool_no_token");
    return check_done();
}
