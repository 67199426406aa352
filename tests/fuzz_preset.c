/* libFuzzer target: the preset parser and validation (cmodel/cfg.c). */
#include "fuzz_target.h"
#include "cmodel/cfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024];
    sm_cfg_t c;
    cfg_load(fuzz_file(data, size, ".json"), ".", &c, err, sizeof err);
    return 0;
}
