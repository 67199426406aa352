/* gpurf-params: the bridge from presets and the block and design tables to the build.
 *   gpurf-params --preset P --block B [--format verilator|yosys|module|files|period|key]
 *                 a block's RTL parameters as Verilator flags (-Irtl, the RTL's include
 *                 path, and -G parameters) or Yosys chparam arguments,
 *                 its RTL module, its RTL file list, or the clock period its synthesis
 *                 targets (ps, from the preset's rtl_clock_mhz)
 *   gpurf-params --list          every block, one per line
 *   gpurf-params --make [P...]   make variables: BLOCKS, RTL_MODULE_<b>, RTL_FILES_<b>,
 *                 FAULTS_<b> (the `ifdef FAULT_<B>_* names in the block's module file and its
 *                 rtl/ includes),
 *                 DESIGNS and DESIGN_BLOCKS_<d> (design/designs.def), and for every
 *                 preset P given and block b, RTL_OF_<P>__<b>: the first preset given whose
 *                 parameters of b are P's (the one Verilated model they share is named
 *                 after it)
 *   --format key  the key of the block's parameters (block_rtl_key)
 * so that no parameter, block list or fault list is written twice. */
#include "cmodel/cfg.h"
#include "harness/blocks.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the FAULT_<BLOCK>_* macros tested by `ifdef / `ifndef / `elsif in rtl/<file> and the files
 * it `includes from rtl/ (depth levels more), each printed once (seen) */
static int scan_faults(const char *file, const char *prefix, char *seen, size_t cap, int depth)
{
    char path[256], line[1024];
    snprintf(path, sizeof path, "rtl/%s", file);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gpurf-params: cannot read %s\n", path);
        return -1;
    }
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        char *p = strstr(line, "`include \"");
        if (p && depth > 0) {
            char inc[128];
            p += strlen("`include \"");
            snprintf(inc, sizeof inc, "%.*s", (int)strcspn(p, "\""), p);
            rc = scan_faults(inc, prefix, seen, cap, depth - 1);
            continue;
        }
        p = strstr(line, "`ifdef ");
        if (!p)
            p = strstr(line, "`ifndef ");
        if (!p)
            p = strstr(line, "`elsif ");
        if (!p)
            continue;
        p = strchr(p, ' ') + 1;
        size_t len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
        char name[128], key[132];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        snprintf(key, sizeof key, " %s ", name);
        if (strncmp(name, prefix, strlen(prefix)) || strstr(seen, key) ||
            strlen(seen) + len + 2 >= cap)
            continue;
        strcat(seen, name);
        strcat(seen, " ");
        printf(" %s", name);
    }
    fclose(f);
    return rc;
}

/* the FAULT_<BLOCK>_* macros of the block's module file (and its includes) */
static int print_faults(const block_desc_t *bd)
{
    char file[160], prefix[64], seen[4096] = " ";
    snprintf(file, sizeof file, "%s.v", bd->module);
    int n = snprintf(prefix, sizeof prefix, "FAULT_");
    for (const char *p = bd->name; *p && n < (int)sizeof prefix - 2; p++)
        prefix[n++] = (char)toupper((unsigned char)*p);
    prefix[n++] = '_';
    prefix[n] = 0;
    printf("FAULTS_%s :=", bd->name);
    const int rc = scan_faults(file, prefix, seen, sizeof seen, 2);
    putchar('\n');
    return rc;
}

/* RTL_OF_<p>__<b> for presets p in order (presets/<p>.json) */
static int print_shared(int n, char **presets)
{
    sm_cfg_t *c = calloc((size_t)n + 1, sizeof *c);
    char err[512];
    int rc = 0;
    for (int i = 0; i < n && !rc; i++)
        if (cfg_load(presets[i], "presets", &c[i], err, sizeof err)) {
            fprintf(stderr, "gpurf-params: %s\n", err);
            rc = 2;
        }
    for (unsigned b = 0; block_list[b] && !rc; b++)
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (block_rtl_key(block_list[b], &c[j]) != block_rtl_key(block_list[b], &c[i]))
                j++;
            printf("RTL_OF_%s__%s := %s\n", presets[i], block_list[b]->name, presets[j]);
        }
    free(c);
    return rc;
}

static int print_make(void)
{
    printf("BLOCKS :=");
    for (unsigned i = 0; block_list[i]; i++)
        printf(" %s", block_list[i]->name);
    putchar('\n');
    for (unsigned i = 0; block_list[i]; i++) {
        const block_desc_t *bd = block_list[i];
        printf("RTL_MODULE_%s := %s\nRTL_FILES_%s := ", bd->name, bd->module, bd->name);
        block_rtl_files(bd, stdout);
        putchar('\n');
        if (print_faults(bd))
            return 2;
    }
    printf("DESIGNS :=");
#define DESIGN(name, sym, blocks, summary) printf(" %s", #name);
#include "design/designs.def"
#undef DESIGN
    putchar('\n');
#define DESIGN(name, sym, blocks, summary) printf("DESIGN_BLOCKS_%s := %s\n", #name, blocks);
#include "design/designs.def"
#undef DESIGN
    return 0;
}

int main(int argc, char **argv)
{
    const char *preset = NULL, *block = NULL, *format = "verilator", *dir = "presets";
    if (argc == 2 && !strcmp(argv[1], "--list")) {
        for (unsigned i = 0; block_list[i]; i++)
            printf("%s\n", block_list[i]->name);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--make"))
        return print_make() ? 2 : print_shared(argc - 2, argv + 2);
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
        fprintf(stderr, "usage: gpurf-params --preset P --block B [--format verilator|yosys|module|files|period|key]\n"
                        "       gpurf-params --list | --make [PRESET...]\n");
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
    if (!strcmp(format, "verilator")) {
        fputs("-Irtl ", stdout);
        bd->params(c, stdout, "-G", "=", " ");
    }
    else if (!strcmp(format, "yosys"))
        bd->params(c, stdout, "-set ", " ", " ");
    else if (!strcmp(format, "module"))
        fputs(bd->module, stdout);
    else if (!strcmp(format, "files"))
        block_rtl_files(bd, stdout);
    else if (!strcmp(format, "key"))
        printf("%016llx", (unsigned long long)block_rtl_key(bd, &sm));
    else if (!strcmp(format, "period"))
        printf("%u", (2000000u / sm.rtl_clock_mhz + 1) / 2);
    else {
        fprintf(stderr, "gpurf-params: unknown format '%s'\n", format);
        free(c);
        return 2;
    }
    putchar('\n');
    free(c);
    return 0;
}
