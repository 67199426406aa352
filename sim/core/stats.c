/* Statistics printing (text; JSON is written by cli/report.c with jansson). */
#include "stats.h"

STATS_LIST(core_stats, "core", CORE_STATS);

void stats_print_text(const stat_group_t *g, unsigned n, const stats_derived_t *dv, FILE *f)
{
    for (unsigned k = 0; k < n; k++)
        for (unsigned i = 0; i < g[k].list->n; i++)
            fprintf(f, "  %-22s %14llu   %s\n", g[k].list->d[i].name,
                    (unsigned long long)g[k].v[i], g[k].list->d[i].desc);
#define D(nm, d, v) fprintf(f, "  %-22s %14.4f   %s\n", #nm, dv->nm, d);
    DERIVED_STATS(D)
#undef D
}
