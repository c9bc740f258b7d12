/* Durations for people: the HTML pages and the console show "64.3 s", not
 * "64317.296175000592" ms. The JSON keeps the full-precision number. */
#ifndef CLC_HUMAN_TIME_H
#define CLC_HUMAN_TIME_H

#include <stddef.h>

/* Formats ms milliseconds into buf: seconds with three significant digits
 * from 10 ms up ("0.125 s", "1.50 s", "64.3 s", "643 s"), hours and minutes
 * from an hour ("1 h 02 min"), and milliseconds below 10 ms ("4.2 ms",
 * "0.31 ms"), where seconds would be all zeros. Returns buf. */
const char *human_time_ms(double ms, char *buf, size_t len);

#endif
