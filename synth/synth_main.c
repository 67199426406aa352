/* gpurf-synth: collects the Yosys results of synth/run.sh for one preset and the given blocks
 * into the summary OUT (JSON) and prints the table; names on stderr the blocks that miss the
 * clock in OpenSTA (its verdict VIOLATED, setup counted: the sign-off figure; make synth then fails in synth/signoff.sh).
 * With --slices, a block DIR holds as lane slices (synth/slice.sh) is extrapolated to the
 * preset's lanes (synth_read_sliced): an area estimate, not a sign-off.
 *   gpurf-synth [--slices] DIR LIBERTY PRESET OUT BLOCK... */
#include "synth.h"
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int sliced = argc > 1 && !strcmp(argv[1], "--slices");
    argc -= sliced;
    argv += sliced;
    if (argc < 6) {
        fprintf(stderr, "usage: gpurf-synth [--slices] DIR LIBERTY PRESET OUT BLOCK...\n");
        return 2;
    }
    synth_sum_t s = {.n = 0};
    char err[1024];
    snprintf(s.preset, sizeof s.preset, "%s", argv[3]);
    if (argc - 5 > SYNTH_MAX_BLOCKS) {
        fprintf(stderr, "gpurf-synth: %d blocks, at most %d\n", argc - 5, SYNTH_MAX_BLOCKS);
        return 2;
    }
    for (int i = 5; i < argc; i++)
        if ((sliced ? synth_read_sliced : synth_read_block)(argv[1], argv[i], argv[3], argv[2], &s.b[s.n++],
                                                            err, sizeof err)) {
            fprintf(stderr, "gpurf-synth: %s\n", err);
            return 2;
        }
    if (synth_save(&s, argv[4], err, sizeof err)) {
        fprintf(stderr, "gpurf-synth: %s\n", err);
        return 2;
    }
    int late = synth_print_table(&s, stdout);
    if (late)
        fprintf(stderr, "gpurf-synth: %d block%s of preset %s miss%s the clock in OpenSTA (its verdict VIOLATED)\n",
                late, late > 1 ? "s" : "", s.preset, late > 1 ? "" : "es");
    return 0;
}
