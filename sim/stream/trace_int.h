/* Internals shared by the Accel-Sim trace reader's files: trace.c (kernel header, thread
 * blocks, load-time checks), trace_line.c (one instruction line), trace_list.c (kernelslist.g). */
#ifndef GPURF_TRACE_INT_H
#define GPURF_TRACE_INT_H
#include "stream.h"

#define ERR(...)                                                                                   \
    do {                                                                                           \
        snprintf(err, n, __VA_ARGS__);                                                             \
        goto fail;                                                                                 \
    } while (0)

int trace_blank(const char *s);
/* an unsigned number in [0, max] written in base; -1 if tok is not one */
int trace_parse_uint(const char *tok, int base, unsigned long long max, unsigned long long *v);
/* a signed number as strtoll(tok, 0) reads it, beyond its range an unsigned one; -1 if none */
int trace_parse_int(const char *tok, long long *v);
/* one instruction line of a warp (version and lineinfo from the header) */
int trace_parse_inst(kernel_t *k, warp_trace_t *w, char *s, unsigned version, unsigned lineinfo,
                     unsigned line, char *err, size_t n);
/* a warning to stream_warnings: file[:line]: field: msg */
void trace_warn(const char *file, unsigned line, const char *field, const char *msg);

#endif
