/* Text as people write it: probe files saved on Windows (CRLF line ends, a
 * UTF-8 byte-order mark) or by old Mac editors (CR alone) read as if they
 * had plain '\n' line ends and no mark, so line numbers in errors are right. */
#ifndef CLC_TEXT_NORM_H
#define CLC_TEXT_NORM_H

#include <stddef.h>

/* Rewrites the NUL-terminated text in place: drops a leading UTF-8 BOM
 * (EF BB BF), turns "\r\n" and a lone '\r' into '\n'. Returns the new length. */
size_t text_normalize(char *text);

#endif
