/* libFuzzer target: the Accel-Sim trace reader (sim/stream/trace.c, lines.c) on one kernel
 * trace, every thread block read, then the CFG recovery over it. */
#include "fuzz_target.h"
#include "stream/cfgrec.h"
#include "stream/stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    kernel_t *k;
    if (trace_load_kernel(fuzz_file(data, size, ".traceg"), 1, NULL, &k, err, sizeof err))
        return 0;
    prog_t p;
    if (!prog_recover(k, &p, err, sizeof err))
        prog_free(&p);
    k->destroy(k);
    kernel_ops_free(k);
    free(k);
    return 0;
}
