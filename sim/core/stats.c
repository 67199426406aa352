/* Statistics printing (text; JSON is written by cli/report.c with jansson). */
#include "stats.h"

STATS_LIST(core_stats, "core", CORE_STATS);

void stats_print_text(const stat_group_t *g, unsigned n, double ipc, FILE *f)
{
    for (unsigned k = 0; k < n; k++)
        for (unsigned i = 0; i < g[k].list->n; i++)
            fprintf(f, "  %-22s %14llu   %s\n", g[k].list->d[i].name,
                    (unsigned long long)g[k].v[i], g[k].list->d[i].desc);
    fprintf(f, "  %-22s %14.4f   %s\n", "ipc", ipc, "instructions per cycle");
}
