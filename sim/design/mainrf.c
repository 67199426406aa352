/* The main register file as a design component (mainrf.h). */
#include "mainrf.h"

STATS_LIST(mainrf_stats, "rf", MAINRF_STATS);

ls_inst_t *mainrf_new(sm_t *sm, unsigned s, const char *block, char *err, size_t n)
{
    char name[40];
    snprintf(name, sizeof name, "rf.sc%u", s);
    return sm_make_inst(sm, block, name, err, n);
}

void mainrf_count(sm_t *sm, const ls_inst_t *rf, mainrf_stats_t *st)
{
    const rf_state_t *r = rf->st;
    sm->st.rf_reads += r->reads;
    sm->st.rf_writes += r->writes;
    /* a read waits read_conflicts request-cycles in all, then takes its grant cycle and
     * bank_latency more */
    sm->st.mrf_read_latency += r->read_conflicts + r->reads * (1 + r->c.bank_latency);
    st->bank_conflicts += r->read_conflicts;
    st->write_conflicts += r->write_conflicts;
}
