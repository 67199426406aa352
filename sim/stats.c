/* Statistics printing (text; JSON is written by report.c with jansson). */
#include "stats.h"

void stats_print_text(const sm_stats_t *s, FILE *f)
{
#define S(n, d) fprintf(f, "  %-22s %14llu   %s\n", #n, (unsigned long long)s->n, d);
    SM_STATS(S)
#undef S
    fprintf(f, "  %-22s %14.4f   %s\n", "ipc", s->cycles ? (double)s->instructions / s->cycles : 0.0,
            "instructions per cycle");
}
