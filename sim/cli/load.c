/* Loading a run's preset (with --set and --latency-x) and stream (with --regs, --arch,
 * --opcode-class) from the parsed command line (cli.h). */
#include "cli.h"
#include "energy/energy.h"
#include "stream/isa.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* probe: the first kernel's header only, when it names the binary version */
static int load_stream(const args_t *a, int probe, int background, workload_t *w, char *err,
                       size_t n)
{
    if (!!a->trace == !!a->gen) {
        snprintf(err, n, "give exactly one of --trace PATH and --gen SPEC");
        return -1;
    }
    load_opts_t o = {0, 0, a->ovr, a->novr, probe, background};
    if (a->regs) {
        char *end;
        unsigned long r = strtoul(a->regs, &end, 10);
        if (*end || !*a->regs || !r || r > 255) {
            snprintf(err, n, "--regs '%s': expected registers per thread in [1, 255]", a->regs);
            return -1;
        }
        o.regs = (unsigned)r;
    }
    if (a->arch && !(o.binary_version = isa_parse_arch(a->arch))) {
        snprintf(err, n, "--arch '%s': expected smXY of a known architecture (sm_35 ... sm_90)", a->arch);
        return -1;
    }
    return a->trace ? workload_load(a->trace, &o, w, err, n) : workload_gen(a->gen, w, err, n);
}

int cli_load_stream(const args_t *a, int background, workload_t *w, char *err, size_t n)
{
    return load_stream(a, 0, background, w, err, n);
}

int cli_pick_preset(args_t *a, char *err, size_t n)
{
    if (a->preset) {
        snprintf(a->preset_note, sizeof a->preset_note, "--preset");
        return 0;
    }
    a->preset = "pascal";
    if (!a->trace) {
        snprintf(a->preset_note, sizeof a->preset_note, "the default");
        return 0;
    }
    workload_t w;
    FILE *warn = stream_warnings;
    stream_warnings = NULL; /* the run's own load prints them */
    int rc = load_stream(a, 1, 0, &w, err, n);
    stream_warnings = warn;
    if (rc)
        return 0; /* the run's load reports it */
    unsigned bv = w.n ? w.k[0]->binary_version : 0;
    workload_free(&w);
    rc = bv ? cfg_preset_for_arch(a->presets_dir, bv, a->preset_buf, sizeof a->preset_buf, err, n) : 1;
    if (rc < 0)
        return -1;
    if (!rc) {
        a->preset = a->preset_buf;
        snprintf(a->preset_note, sizeof a->preset_note, "the trace's sm_%u", bv);
    } else {
        snprintf(a->preset_note, sizeof a->preset_note, "no preset models sm_%u", bv);
        fprintf(stderr, "gpurf: warning: no preset is the default for the trace's sm_%u; using "
                "pascal (--preset chooses)\n", bv);
    }
    return 0;
}

void cli_check_arch(const sm_cfg_t *c, workload_t *w, unsigned *next)
{
    const kernel_t *k;
    for (; c->arch && *next < w->n && (k = workload_ready(w, *next)); ++*next) {
        if (!k->binary_version ||
            isa_arch_of_binary(k->binary_version) == isa_arch_of_binary(c->arch))
            continue;
        fprintf(stderr, "gpurf: warning: %s: kernel '%.60s' is sm_%u (%s); preset '%s' models "
                "sm_%u (%s)\n", k->file, k->name, k->binary_version,
                isa_arch_name(isa_arch_of_binary(k->binary_version)), c->name, c->arch,
                isa_arch_name(isa_arch_of_binary(c->arch)));
        *next = ~0u;
        return;
    }
}

int cli_load_cfg(const args_t *a, sm_cfg_t *c, latx_t *latx, char *err, size_t n)
{
    latx_t scratch;
    if (!latx)
        latx = &scratch;
    latx->factor = 0;
    if (cfg_load(a->preset, a->presets_dir, c, err, n))
        return -1;
    for (unsigned i = 0; i < a->nsets; i++) {
        char key[64];
        const char *eq = strchr(a->sets[i], '=');
        if (!eq || eq - a->sets[i] >= (long)sizeof key) {
            snprintf(err, n, "--set '%s': expected key=value", a->sets[i]);
            return -1;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - a->sets[i]), a->sets[i]);
        if (cfg_set(c, key, eq + 1, err, n))
            return -1;
    }
    if (cfg_validate(c, err, n))
        return -1;
    /* every run is priced: anchors the SRAM model cannot fit stop it here (exit 2) */
    energy_table_t t;
    if (energy_table(c, &t, err, n))
        return -1;
    if (a->latency_x) {
        char *end;
        double x = strtod(a->latency_x, &end);
        if ((*end && *end != '@') || !(x > 0 && x <= 64) || (*end == '@' && !end[1])) {
            snprintf(err, n, "--latency-x '%s': expected a factor in (0, 64], or F@PRESET",
                     a->latency_x);
            return -1;
        }
        if (*end != '@')
            return latx_apply(c, x, NULL, latx, err, n);
        sm_cfg_t ref;
        char why[512];
        if (cfg_load(end + 1, a->presets_dir, &ref, why, sizeof why)) {
            snprintf(err, n, "--latency-x '%s': %s", a->latency_x, why);
            return -1;
        }
        ref.bank_pipelined = c->bank_pipelined;
        return latx_apply(c, x, &ref, latx, err, n);
    }
    return 0;
}
