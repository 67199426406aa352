/* A preset's RTL binary. The main binaries carry the Verilated RTL of the presets make builds
 * (rtl_make_presets); every other preset's correct RTL lives in $(BUILD)/gpurf-rtl-<preset>
 * (make rtl PRESET=p), which a command needing it runs in place of this binary, building it
 * first, once, from the source tree this binary was built in. */
#include "rtl.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* this binary has the correct RTL of every design's blocks for the configuration */
static int has_preset(const struct sm_cfg *c)
{
    char blocks[512];
    snprintf(blocks, sizeof blocks, "%s", rtl_design_blocks);
    char *save, *b = strtok_r(blocks, " ", &save);
    for (; b; b = strtok_r(NULL, " ", &save))
        if (!rtl_find(b, c, "ok"))
            return 0;
    return 1;
}

/* make -C <source> BUILD=<build> rtl PRESET=p (which serializes builds of one preset), its
 * output on stderr (stdout is the run's), outside any jobserver of a make that runs us */
static int build_rtl(const char *preset, char *err, size_t n)
{
    char bin[PATH_MAX + 64], bdir[PATH_MAX + 8], pset[128];
    snprintf(bin, sizeof bin, "%s/gpurf-rtl-%s", rtl_build_dir, preset);
    snprintf(bdir, sizeof bdir, "BUILD=%s", rtl_build_dir);
    snprintf(pset, sizeof pset, "PRESET=%s", preset);
    if (access(bin, X_OK))
        fprintf(stderr, "gpurf: building the RTL of preset '%s' once (make rtl PRESET=%s in %s; "
                        "a few minutes)\n", preset, preset, rtl_src_dir);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(2, 1);
        unsetenv("MAKEFLAGS");
        unsetenv("MFLAGS");
        unsetenv("MAKELEVEL");
        execlp("make", "make", "-s", "--no-print-directory", "-C", rtl_src_dir, bdir, "rtl", pset,
               (char *)NULL);
        _exit(127);
    }
    int st = 0;
    if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    snprintf(err, n, "building the RTL of preset '%s' failed (make -C %s rtl PRESET=%s)", preset,
             rtl_src_dir, preset);
    return 2;
}

int rtl_exec_preset(const char *preset, const struct sm_cfg *c, char *const argv[], char *err,
                    size_t n)
{
    char word[128];
    snprintf(word, sizeof word, " %s ", preset);
    char list[256];
    snprintf(list, sizeof list, " %s ", rtl_make_presets);
    if (has_preset(c) || strstr(list, word) || strchr(preset, '/') || strchr(preset, '.'))
        return 0;
    char mk[PATH_MAX + 16], bin[PATH_MAX + 64];
    snprintf(mk, sizeof mk, "%s/Makefile", rtl_src_dir);
    snprintf(bin, sizeof bin, "%s/gpurf-rtl-%s", rtl_build_dir, preset);
    if (!access(mk, R_OK) && build_rtl(preset, err, n))
        return 2;
    if (access(bin, X_OK)) {
        snprintf(err, n, "no RTL of preset '%s' in this binary and no %s (make rtl PRESET=%s "
                         "in gpurf's source tree builds it)", preset, bin, preset);
        return 2;
    }
    execv(bin, argv);
    snprintf(err, n, "cannot run %s: %s", bin, strerror(errno));
    return 2;
}
