/* Background load of a kernel list: the first kernel is loaded (every line checked) before the
 * run, the others in a thread of their own, in list order, while the SMs run the first. A
 * kernel is handed to the run only when its own load-time pass has ended, so what the run sees
 * of it (blocks, registers, opcode table, errors and the line they name) is what a load before
 * the run gives; a bad kernel stops the run when it is reached (exit 2, its message), or at the
 * run's end when the run stops before it (workload_settle). */
#ifndef GPURF_BGLOAD_H
#define GPURF_BGLOAD_H
#include "stream.h"

/* load paths[1..n-1] into w->k[1..n-1] in a thread (w->k has n slots, w->k[0] loaded, w->n ==
 * n); takes paths (freed with the workload). -1 when no thread could start (nothing taken) */
int bgload_start(workload_t *w, char **paths, unsigned n, const load_opts_t *o);
/* the thread stopped after its current kernel and joined; the kernels it loaded freed */
void bgload_free(workload_t *w);

#endif
