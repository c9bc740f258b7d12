/* harness/util/human_time.c: durations in seconds with sensible precision, and
 * the device page shows them so while the JSON keeps every digit. */
#include "check.h"
#include "human_time.h"
#include "json_file.h"
#include "report_html.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int formats(double ms, const char *want)
{
    char buf[32];
    human_time_ms(ms, buf, sizeof buf);
    if (strcmp(buf, want) != 0)
        printf("#   %.17g ms -> '%s', wanted '%s'\n", ms, buf, want);
    return strcmp(buf, want) == 0;
}

static void test_format(void)
{
    CHECK(formats(64317.296175000592, "64.3 s"), "wall_time_of_a_minute_in_seconds_one_decimal");
    CHECK(formats(1234567.0, "1235 s"), "twenty_minutes_whole_seconds");
    CHECK(formats(3.7e6, "1 h 01 min"), "hours_and_minutes");
    CHECK(formats(1500, "1.50 s"), "seconds_two_decimals");
    CHECK(formats(125, "0.125 s"), "tenths_three_decimals");
    CHECK(formats(4.2, "4.2 ms"), "below_10ms_in_ms");
    CHECK(formats(0.3141, "0.31 ms"), "below_1ms_two_decimals");
    CHECK(formats(0, "0 s"), "zero");
    CHECK(formats(-1, "?"), "negative_is_unknown");
    CHECK(formats(99960, "100 s"), "rounding_up_to_100_has_no_decimal");
    /* A report from elsewhere may say anything (make fuzz's merge target found
     * 8.7e97 ms): no hour count past what an int holds. */
    CHECK(formats(8.7037e97, "2.42e+91 h"), "absurd_duration_has_no_int_overflow");
    CHECK(formats(3.6e12, "1e+06 h"), "a_million_hours_in_exponent_form");
}

/* The device page: "wall time" in seconds, not a 17-digit number of ms. */
static void test_page(void)
{
    char path[1024], out[] = "/tmp/clc-test-time.XXXXXX";
    const char *src = getenv("SRCDIR");
    snprintf(path, sizeof path, "%s/tests/fixtures/reports/pocl.json", src ? src : ".");
    cJSON *report = json_file_load(path, NULL);
    CHECK(report != NULL, "fixture_loads");
    if (!report)
        return;
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(report, "run"), "wall_ms", cJSON_CreateNumber(64317.296175000592));
    int fd = mkstemp(out);
    close(fd);
    char *page = report_html_write_device(report, out, stderr) == 0 ? json_file_read_text(out, NULL) : NULL;
    unlink(out);
    CHECK(page && strstr(page, "<tr><th>wall time</th><td>64.3 s</td></tr>") && !strstr(page, "64317"),
          "device_page_wall_time_in_seconds");
    free(page);
    cJSON_Delete(report);
}

int main(void)
{
    test_format();
    test_page();
    return check_done();
}
