/* Progress on a terminal (progress.h). */
#include "progress.h"
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void progress_start(progress_t *p)
{
    p->on = isatty(STDERR_FILENO);
    p->shown = 0;
    p->next = p->on ? now() + 1.0 : 0;
}

void progress_tick(progress_t *p, unsigned kidx, unsigned nk, const char *name, uint64_t cycle)
{
    if (!p->on || cycle % 4096)
        return;
    const double t = now();
    if (t < p->next)
        return;
    p->next = t + 0.5;
    p->shown = 1;
    fprintf(stderr, "\r\033[Kgpurf: kernel %u of %u (%s), cycle %llu", kidx + 1, nk,
            name ? name : "?", (unsigned long long)cycle);
    fflush(stderr);
}

void progress_end(progress_t *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = 0;
}
