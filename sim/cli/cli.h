/* The command line's shared pieces: the parsed options, loading the preset (with --set and
 * --latency-x) and the stream (with --regs, --arch, --opcode-class), and the commands of the
 * compiler passes (pass_cmds.c). */
#ifndef GPURF_CLI_H
#define GPURF_CLI_H
#include "cmodel/cfg.h"
#include "latency_x.h"
#include "stream/stream.h"

#define MAX_SETS 32

/* the command line as parsed */
typedef struct {
    const char *cmd, *design, *trace, *gen, *preset, *json, *blocks, *drive, *waves, *variant,
        *out, *presets_dir, *synth, *block, *seed, *latency_x, *pass_fault, *regs, *arch,
        *sthld_log, *reg_log, *addr_mode, *run, *sms, *threads, *rtl_sm, *deadlock, *grid,
        *min_seconds;
    char preset_note[160];    /* why this preset (cli_pick_preset) */
    char preset_buf[64];
    opclass_t ovr[MAX_SETS];
    unsigned novr;
    const char *bias[MAX_SETS];
    unsigned nbias;
    const char *sets[MAX_SETS];
    unsigned nsets, history, window, cycles;
    int insts, names, check, alloc;
    int every_cycle, quiet_fault;
} args_t;

/* no --preset: with --trace the preset whose default_for names the first kernel's binary
 * version (pascal when none does, with a warning), else pascal; a->preset_note says which */
int cli_pick_preset(args_t *a, char *err, size_t n);
/* a warning for the first kernel whose architecture is not the preset's (preset arch "any":
 * none), from kernel *next on among those loaded; *next moves past them (past all once it warned) */
void cli_check_arch(const sm_cfg_t *c, workload_t *w, unsigned *next);
/* the preset with --set, then --latency-x (latx: what it chose; factor 0 without it) */
int cli_load_cfg(const args_t *a, sm_cfg_t *c, latx_t *latx, char *err, size_t n);
/* background: a kernel list's later kernels load while the run starts (bgload.h) */
int cli_load_stream(const args_t *a, int background, workload_t *w, char *err, size_t n);
/* gpurf intervals, reuse, releases, cfg: exit codes as main's */
int cmd_intervals(const args_t *a);
int cmd_reuse(const args_t *a);
int cmd_cfg(const args_t *a);
/* gpurf energy --check: the SRAM law against CACTI 7's grid (energy_check.c) */
int cmd_energy_check(const args_t *a);
int cmd_releases(const args_t *a);
int cmd_strands(const args_t *a);
/* gpurf sim and cosim (sim_cmd.c) */
int cmd_sim(const args_t *a, int cosim);
/* gpurf energy: the energy model of the preset (energy_cmd.c) */
int cmd_energy(const args_t *a);

#endif
