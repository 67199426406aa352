/* gpurf-params: prints a block's RTL parameters for a preset, as Verilator -G flags or
 * Yosys chparam arguments, or the block's RTL module. The Makefile uses it so that no
 * parameter is written twice.
 *   gpurf-params --preset P --block B [--format verilator|yosys|module]
 *   gpurf-params --list          every block, one per line */
#include "../cmodel/cfg.h"
#include "../harness/blocks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *preset = NULL, *block = NULL, *format = "verilator", *dir = "presets";
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (unsigned i = 0; block_list[i]; i++)
            printf("%s\n", block_list[i]->name);
        return 0;
    }
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--preset"))
            preset = argv[i + 1];
        else if (!strcmp(argv[i], "--block"))
            block = argv[i + 1];
        else if (!strcmp(argv[i], "--format"))
            format = argv[i + 1];
        else if (!strcmp(argv[i], "--presets-dir"))
            dir = argv[i + 1];
        else {
            fprintf(stderr, "gpurf-params: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!preset || !block) {
        fprintf(stderr, "usage: gpurf-params --preset P --block B [--format verilator|yosys|module]\n"
                        "       gpurf-params --list\n");
        return 2;
    }
    sm_cfg_t sm;
    char err[512];
    if (cfg_load(preset, dir, &sm, err, sizeof err)) {
        fprintf(stderr, "gpurf-params: %s\n", err);
        return 2;
    }
    const block_desc_t *bd = block_find(block);
    if (!bd) {
        fprintf(stderr, "gpurf-params: unknown block '%s'\n", block);
        return 2;
    }
    void *c = calloc(1, bd->cfg_size);
    bd->cfg_from_sm(&sm, c);
    if (!strcmp(format, "verilator"))
        bd->params(c, stdout, "-G", "=", " ");
    else if (!strcmp(format, "yosys"))
        bd->params(c, stdout, "-set ", " ", " ");
    else if (!strcmp(format, "module"))
        fputs(bd->module, stdout);
    else {
        fprintf(stderr, "gpurf-params: unknown format '%s'\n", format);
        return 2;
    }
    putchar('\n');
    free(c);
    return 0;
}
