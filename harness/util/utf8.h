/* Driver strings as valid UTF-8: a report is JSON, and one byte a driver
 * printed outside UTF-8 would make the whole file unreadable. */
#ifndef CLC_UTF8_H
#define CLC_UTF8_H

/* Copies s, replacing bytes that are not valid UTF-8 by '?'. Caller frees;
 * NULL when out of memory. */
char *utf8_clean(const char *s);

#endif
