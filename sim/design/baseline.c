/* Design `baseline`: a conventional banked main register file (block rf: banks, arbiter,
 * crossbar) read by the operand collectors (block ocu) and written by the write-back queue
 * (LTRF paper Sec. 2.1, Fig. 1). Collectors issue their reads straight to the banks; results
 * take the register file's write ports, writes winning over reads. */
#include "mainrf.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    ls_inst_t *rf;
    const rf_out_t *out;
} bl_sc_t;

typedef struct {
    mainrf_stats_t st;
    bl_sc_t *sc;
} bl_t;

static const stat_list_t *const bl_stats[] = {&mainrf_stats, NULL};

static int bl_init(sm_t *sm, char *err, size_t n)
{
    bl_t *b = calloc(1, sizeof *b);
    if (!b || !(b->sc = calloc(sm->c.schedulers, sizeof *b->sc))) {
        free(b);
        snprintf(err, n, "out of memory");
        return -1;
    }
    sm->dpriv = b;
    sm_stat_group(sm, &mainrf_stats, (const uint64_t *)&b->st);
    for (unsigned s = 0; s < sm->c.schedulers; s++) {
        sm->sc[s].dpriv = &b->sc[s];
        if (!(b->sc[s].rf = mainrf_new(sm, s, "rf", err, n)))
            return -1;
    }
    return 0;
}

static void bl_free(sm_t *sm)
{
    bl_t *b = sm->dpriv;
    if (b)
        free(b->sc);
    free(b);
}

static void bl_front(sm_t *sm, unsigned s)
{
    const sm_cfg_t *c = &sm->c;
    subcore_t *x = &sm->sc[s];
    bl_sc_t *b = x->dpriv;
    rf_in_t *in = ls_in(b->rf);
    ls_clear_strobes(b->rf);
    unsigned launch = sm_launch_inputs(sm, s, b->rf);
    for (unsigned k = 0, p = 0; k < cfg_cus_per_sc(c); k++, p += c->max_srcs)
        sm_cu_requests(sm, s, k, in->rd_valid + p, in->rd_warp + p, in->rd_reg + p);
    sm_writeback_inputs(sm, s, in);
    b->out = ls_eval(b->rf, 1);
    sm_launch_done(sm, s, launch);
}

static void bl_collector_inputs(sm_t *sm, unsigned s, unsigned k, ls_inst_t *cu)
{
    const rf_out_t *ro = ((bl_sc_t *)sm->sc[s].dpriv)->out;
    sm_cu_inputs(sm, cu, SM_CU_PORTS(sm, k, ro, rd_gnt, rsp_valid, rsp_data));
}

static void bl_back(sm_t *sm, unsigned s)
{
    bl_sc_t *b = sm->sc[s].dpriv;
    sm_writeback_done(sm, s, b->out->wr_gnt);
    ls_tick(b->rf);
}

static void bl_end(sm_t *sm)
{
    bl_t *b = sm->dpriv;
    for (unsigned s = 0; s < sm->c.schedulers; s++)
        mainrf_count(sm, b->sc[s].rf, &b->st);
}

const design_ops_t design_baseline = {
    .schedulers = SCHED_ALL_POLICIES,
    .stats = bl_stats,
    .init = bl_init,
    .free = bl_free,
    .front = bl_front,
    .slot = sm_cu_free,
    .issue = sm_cu_alloc,
    .collector_inputs = bl_collector_inputs,
    .back = bl_back,
    .end = bl_end,
};
