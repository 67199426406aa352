/* A long run's progress on a terminal: after the first second, at most every half second, one
 * line on stderr rewritten in place (kernel k of n, its name, the GPU's cycle), erased at the
 * end. Nothing when stderr is not a terminal (logs, pipes, the tests' captures). */
#ifndef GPURF_PROGRESS_H
#define GPURF_PROGRESS_H
#include <stdint.h>

typedef struct {
    int on, shown;
    double next; /* seconds (monotonic) of the next line */
} progress_t;

void progress_start(progress_t *p);
/* cheap to call every cycle: it reads the clock every 4,096 cycles */
void progress_tick(progress_t *p, unsigned kidx, unsigned nk, const char *name, uint64_t cycle);
void progress_end(progress_t *p);

#endif
