/* gpurf energy: the energy model's table for a preset (energy/energy.h, energy/sram.h), or a
 * finished run's statistics priced by it (--run). */
#include "cli.h"
#include "energy/energy.h"
#include "report.h"
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static void print_text(const sm_cfg_t *c, const energy_table_t *t)
{
    const sram_model_t *m = &t->m;
    printf("energy model of preset %s (main RF %s, %u MHz)\n", c->name,
           sram_tech_name(c->mrf_tech), c->clock_mhz);
    printf("main RF priced as %s; register cache and scratchpad priced with %u ports\n",
           c->mrf_array == MRF_ARRAY_MONOLITHIC ? "one array of its capacity" : "its banks",
           t->s[E_rc].g.ports);
    printf("SRAM law: CACTI 7's shape x %.4f + %.4f pJ x log2(rows)/8 (energy), x %.1f + %.1f uW "
           "x log2(rows)/8 (leakage); wire %.4f pJ/bit/mm; arbiter %.3f pJ per request-cycle\n",
           m->s_e, m->d_e, m->s_l, m->d_l, m->wire_pj_bit_mm, t->arbiter_pj);
    printf("%-9s %9s %7s %6s %5s %9s %9s %9s %11s %11s %10s  %s\n", "structure", "rows", "bits",
           "slices", "ports", "instances", "read_pj", "write_pj", "leak_uw", "area_um2", "wire_mm", "what");
    for (unsigned i = 0; i < E_N; i++) {
        const energy_struct_t *s = &t->s[i];
        printf("%-9s %9.1f %7.0f %6.0f %5u %9.0f %9.3f %9.3f %11.2f %11.0f %10.3f  %s\n",
               energy_struct_names[i], s->g.rows, s->g.bits, s->slices, s->g.ports, s->instances,
               s->cost.read_pj, s->cost.write_pj, s->cost.leak_uw, s->cost.area_um2, s->wire_mm,
               energy_struct_what[i]);
    }
}

static int write_json(const sm_cfg_t *c, const energy_table_t *t, const char *path)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:f}", "preset", c->name, "mrf_tech",
                          sram_tech_name(c->mrf_tech), "mrf_array",
                          c->mrf_array == MRF_ARRAY_MONOLITHIC ? "monolithic" : "banked",
                          "clock_mhz", (json_int_t)c->clock_mhz, "arbiter_pj", t->arbiter_pj);
    json_object_set_new(o, "model",
                        json_pack("{s:f, s:f, s:f, s:f, s:f}", "scale_e", t->m.s_e, "dec_e_pj",
                                  t->m.d_e, "scale_leak", t->m.s_l, "dec_leak_uw", t->m.d_l,
                                  "wire_pj_bit_mm", t->m.wire_pj_bit_mm));
    json_t *ss = json_object();
    for (unsigned i = 0; i < E_N; i++) {
        const energy_struct_t *s = &t->s[i];
        json_object_set_new(ss, energy_struct_names[i],
                            json_pack("{s:f, s:f, s:f, s:i, s:f, s:f, s:f, s:f, s:f, s:f}",
                                      "rows", s->g.rows, "bits", s->g.bits, "slices", s->slices,
                                      "ports", (int)s->g.ports,
                                      "instances", s->instances, "read_pj", s->cost.read_pj,
                                      "write_pj", s->cost.write_pj, "leak_uw", s->cost.leak_uw,
                                      "area_um2", s->cost.area_um2, "wire_mm", s->wire_mm));
    }
    json_object_set_new(o, "structures", ss);
    int rc = json_dump_file(o, path, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
    json_decref(o);
    if (rc)
        fprintf(stderr, "gpurf energy: cannot write %s\n", path);
    return rc ? 2 : 0;
}

/* a finished run's statistics (its JSON's "stats") priced by c's model: --run */
static int reprice(const sm_cfg_t *c, const char *run, const char *out)
{
    json_error_t je;
    json_t *r = json_load_file(run, 0, &je), *st = r ? json_object_get(r, "stats") : NULL;
    if (!st || !json_is_object(st)) {
        fprintf(stderr, "gpurf energy: %s:%d: %s\n", run, r ? 0 : je.line,
                r ? "no \"stats\" object (not a gpurf sim --json file)" : je.text);
        json_decref(r);
        return 2;
    }
    const size_t n = json_object_size(st);
    stat_desc_t *d = calloc(n ? n : 1, sizeof *d);
    uint64_t *v = calloc(n ? n : 1, sizeof *v);
    unsigned i = 0;
    const char *k;
    json_t *x;
    json_object_foreach(st, k, x) if (json_is_integer(x))
    {
        d[i].name = k;
        v[i++] = (uint64_t)json_integer_value(x);
    }
    const stat_list_t l = {"run", d, i};
    const stat_group_t g = {&l, v};
    rf_energy_t e;
    energy_of_run(c, &g, 1, &e);
    json_t *o = report_energy_json(&e);
    printf("%s priced by preset %s (pJ):", run, c->name);
    json_object_foreach(o, k, x) printf(" %s %.1f", k, json_real_value(x));
    printf("\n");
    int rc = 0;
    if (out && json_dump_file(json_pack("{s:o}", "energy_pj", o), out, JSON_INDENT(1))) {
        fprintf(stderr, "gpurf energy: cannot write %s\n", out);
        rc = 2;
    } else if (!out)
        json_decref(o);
    free(d);
    free(v);
    json_decref(r);
    return rc;
}

int cmd_energy(const args_t *a)
{
    if (a->check)
        return cmd_energy_check(a);
    char err[1024];
    sm_cfg_t c;
    energy_table_t t;
    if (cli_load_cfg(a, &c, NULL, err, sizeof err) || energy_table(&c, &t, err, sizeof err)) {
        fprintf(stderr, "gpurf energy: %s\n", err);
        return 2;
    }
    if (a->run)
        return reprice(&c, a->run, a->json);
    print_text(&c, &t);
    return a->json ? write_json(&c, &t, a->json) : 0;
}
