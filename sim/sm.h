/* The SM-level model: runs a workload through one design, on the C block models or in
 * lockstep with their RTL twins. Designs: "baseline" (banked register file + operand
 * collectors), "ideal" (no bank conflicts, every read served the next cycle), and the
 * register-file cache designs "ltrf", "ltrf+" and "rfc" (ltrf.h). */
#ifndef GPURF_SM_H
#define GPURF_SM_H
#include "../cmodel/cfg.h"
#include "../harness/lockstep.h"
#include "stats.h"
#include "stream.h"

enum { DESIGN_BASELINE, DESIGN_IDEAL, DESIGN_LTRF, DESIGN_LTRF_PLUS, DESIGN_RFC, DESIGN_N };

typedef struct {
    int design;
    const char *rtl_blocks;   /* NULL: C only; "all" or comma list of block names */
    const char *rtl_variant;  /* "ok" or a FAULT_* name */
    const char *rtl_preset;   /* which built RTL parameter set to use (the preset name) */
    int drive_rtl;
    const char *wave_dir;
    int wave_all;
    const char *win_inst;
    uint64_t win_from;
    uint64_t max_cycles;      /* 0: none; exceeding it is an error (deadlock guard) */
    unsigned history;
    uint64_t stop_at;         /* stop after this cycle (mismatch window replay) */
} sm_opts_t;

typedef struct sm sm_t;

int design_parse(const char *name);
const char *design_name(int d);

/* Returns NULL with a message in err (bad configuration / RTL not built). */
sm_t *sm_new(const sm_cfg_t *cfg, const sm_opts_t *o, char *err, size_t n);
/* Run the workload. Returns 0 done, 1 lockstep mismatch or value error, 2 bad input. */
int sm_run(sm_t *sm, workload_t *w, char *err, size_t n);
const sm_stats_t *sm_stats(const sm_t *sm);
ls_ctx_t *sm_lockstep(sm_t *sm);
/* after the dumps are closed: the design's cross-block views (cache designs: the prefetch
 * view of sub-core 0). 0, or -1 on error */
int sm_merge_waves(sm_t *sm);
void sm_free(sm_t *sm);

#endif
