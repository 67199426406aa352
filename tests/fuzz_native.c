/* libFuzzer target: the native stream format (sim/stream/native.c) and the CFG recovery. */
#include "fuzz_target.h"
#include "stream/cfgrec.h"
#include "stream/stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    workload_t w;
    if (native_load(fuzz_file(data, size, ".txt"), NULL, &w, err, sizeof err))
        return 0;
    for (unsigned i = 0; i < w.n; i++) {
        prog_t p;
        if (!prog_recover(w.k[i], &p, err, sizeof err))
            prog_free(&p);
    }
    workload_free(&w);
    return 0;
}
