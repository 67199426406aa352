/* Line reader over a plain, gzip (zlib) or xz (liblzma) file, recognised by its magic
 * bytes: a kernel trace is read line by line, never loaded whole. A truncated or corrupt
 * compressed stream is an error, not an early end of file. */
#ifndef GPURF_LINES_H
#define GPURF_LINES_H
#include <stddef.h>

#define LINES_MAX_LEN (1u << 20) /* longer lines are an error (a 32-lane v6 line is < 2 KB) */

typedef struct lines lines_t;

/* NULL with err set if the file cannot be opened */
lines_t *lines_open(const char *path, char *err, size_t n);
/* the next line without its newline, or NULL at the end of the file or on an error
 * (lines_error tells which); the pointer is valid until the next call */
char *lines_next(lines_t *r);
/* NULL after a clean end of file, else what went wrong */
const char *lines_error(const lines_t *r);
/* number of the line lines_next returned last (1-based) */
unsigned lines_no(const lines_t *r);
/* "plain", "gzip" or "xz" */
const char *lines_format(const lines_t *r);
void lines_close(lines_t *r);

#endif
