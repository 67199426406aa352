/* Shared by the libFuzzer targets (tests/fuzz_*.c): each input is written to a scratch
 * file, since the readers under test open paths (as the command line does). */
#ifndef GPURF_FUZZ_TARGET_H
#define GPURF_FUZZ_TARGET_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* write data to a per-process file named with suffix; returns the path (static) */
static const char *fuzz_file(const uint8_t *data, size_t size, const char *suffix)
{
    static char path[256];
    const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(path, sizeof path, "%s/gpurf-fuzz-%ld%s", dir, (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    return path;
}

#endif
