/* Escaping for the report writers (HTML and JUnit XML). Driver strings are
 * hostile input: device names, build logs and actual values may hold markup,
 * quotes, terminal escapes or bytes that are not UTF-8. The output of these
 * functions is safe in HTML text, in quoted HTML/XML attributes, and is
 * well-formed XML 1.0 character data. */
#ifndef CLC_HTML_ESCAPE_H
#define CLC_HTML_ESCAPE_H

#include <stdio.h>

/* Writes s (NULL: nothing) to f: & < > " ' as entities; C0 controls other
 * than tab, newline and carriage return, and DEL, as their Unicode "control
 * picture" (U+2400 + c, so an ANSI escape in a build log stays visible as
 * U+241B); bytes that are not valid UTF-8, UTF-8-encoded surrogates, U+FFFE
 * and U+FFFF as U+FFFD. */
void html_escape_write(FILE *f, const char *s);

/* As html_escape_write, but also writes tab, newline and carriage return as
 * character references, so an XML parser's attribute-value normalisation
 * keeps them. */
void html_escape_write_attr(FILE *f, const char *s);

/* Writes s percent-encoded (every byte outside A-Z a-z 0-9 - . _ ~), for a
 * path segment or a #fragment of an href. A browser decodes the fragment
 * before matching it against an id, so href="#probe-" + this and
 * id="probe-" + html_escape_write(s) name the same element. */
void html_url_write(FILE *f, const char *s);

#endif
