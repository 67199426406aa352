/* Run report: statistics and lockstep verdicts as text and as JSON (jansson). */
#include "report.h"
#include <jansson.h>
#include <string.h>

void report_lockstep_totals(const ls_ctx_t *ls, const char *block, ls_totals_t *t)
{
    memset(t, 0, sizeof *t);
    for (unsigned i = 0; i < ls->n_all; i++) {
        const ls_inst_t *x = ls->all[i];
        if (strcmp(x->bd->name, block))
            continue;
        t->instances++;
        t->rtl_instances += x->m != NULL;
        t->cycles += x->cycles_compared;
        t->fields += x->fields_compared;
        t->mismatches += x->mismatches;
    }
}

void report_text(const report_t *r, FILE *f)
{
    fprintf(f, "gpurf %s: design %s, preset %s, stream %s\n", r->mode, r->design, r->preset, r->stream);
    if (r->ls && r->ls->n_all) {
        fprintf(f, "lockstep (%s drives):\n", r->ls->drive_rtl ? "RTL" : "C");
        for (unsigned i = 0; block_list[i]; i++) {
            ls_totals_t t;
            report_lockstep_totals(r->ls, block_list[i]->name, &t);
            if (!t.rtl_instances)
                continue;
            fprintf(f, "  %-4s %3u instances  %10llu cycles  %12llu fields compared  %llu mismatches  %s\n",
                    block_list[i]->name, t.rtl_instances, (unsigned long long)t.cycles,
                    (unsigned long long)t.fields, (unsigned long long)t.mismatches,
                    t.mismatches ? "FAIL" : t.cycles ? "PASS" : "FAIL (nothing compared)");
        }
    }
    fprintf(f, "statistics:\n");
    stats_print_text(r->st, f);
}

int report_json(const report_t *r, const char *path)
{
    json_t *o = json_object(), *st = json_object();
    json_object_set_new(o, "mode", json_string(r->mode));
    json_object_set_new(o, "design", json_string(r->design));
    json_object_set_new(o, "preset", json_string(r->preset));
    json_object_set_new(o, "stream", json_string(r->stream));
#define S(n, d) json_object_set_new(st, #n, json_integer((json_int_t)r->st->n));
    SM_STATS(S)
#undef S
    json_object_set_new(st, "ipc", json_real(r->st->cycles ? (double)r->st->instructions / r->st->cycles : 0));
    json_object_set_new(o, "stats", st);
    if (r->ls) {
        json_t *l = json_object();
        for (unsigned i = 0; block_list[i]; i++) {
            ls_totals_t t;
            report_lockstep_totals(r->ls, block_list[i]->name, &t);
            if (!t.rtl_instances)
                continue;
            json_t *b = json_object();
            json_object_set_new(b, "instances", json_integer(t.rtl_instances));
            json_object_set_new(b, "cycles_compared", json_integer((json_int_t)t.cycles));
            json_object_set_new(b, "fields_compared", json_integer((json_int_t)t.fields));
            json_object_set_new(b, "mismatches", json_integer((json_int_t)t.mismatches));
            json_object_set_new(l, block_list[i]->name, b);
        }
        json_object_set_new(o, "lockstep", l);
    }
    int rc = json_dump_file(o, path, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(o);
    return rc;
}
