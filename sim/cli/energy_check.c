/* gpurf energy --check: the SRAM law (energy/sram.h) against CACTI 7's grid. Every 40 nm point
 * with figures is priced by the law; read and write energy are compared after the law's scale
 * at the anchor (the grid's 4 KB 128-bit single-ported array: CACTI 5.3's figures, which the
 * law meets, against CACTI 7's), leakage likewise, area as it is. A point is "used" when a
 * preset's structure (one slice of it), under either main-RF accounting (the monolithic one
 * for main RFs of at most 256 KB, the hybrid paper's), has its line width and ports and the
 * grid's nearest capacity; the check fails (exit 1) when a used point is off
 * by more than 25 % in any quantity. */
#include "cli.h"
#include "cmodel/common.h"
#include "energy/energy.h"
#include <glob.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LIMIT 0.25
#define GRID_MAX 1024
#define USED_MAX 512

enum { Q_READ, Q_WRITE, Q_LEAK, Q_AREA, Q_N };
static const char *const qname[Q_N] = {"read", "write", "leakage", "area"};

typedef struct {
    double cap, bits, rows, ports;
    double cacti[Q_N], err[Q_N];
    char used[160];
} gpoint_t;

/* the grid's 40 nm rows with figures; -1 with the file, line and field named */
static int load_grid(const char *path, gpoint_t *g, unsigned *n, char *err, size_t en)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return snprintf(err, en, "%s: cannot open the CACTI grid (--grid FILE; "
                        "../shared/reference/cacti7/grid.tsv)", path), -1;
    static const char *const need[] = {"node_nm", "capacity_bytes", "line_bits", "rows",
                                       "rw_ports", "read_ports", "write_ports", "read_pj",
                                       "write_pj", "leakage_mw", "area_mm2"};
    enum { NEED = sizeof need / sizeof *need };
    int col[NEED];
    char line[4096];
    unsigned ln = 0;
    *n = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\r\n")] = 0;
        char *fld[64];
        unsigned nf = 0;
        for (char *p = line, *t; nf < 64; p = t + 1) {
            fld[nf++] = p;
            if (!(t = strchr(p, '\t')))
                break;
            *t = 0;
        }
        if (ln == 1) {
            for (unsigned k = 0; k < NEED; k++) {
                col[k] = -1;
                for (unsigned j = 0; j < nf; j++)
                    if (!strcmp(fld[j], need[k]))
                        col[k] = (int)j;
                if (col[k] < 0)
                    rc = gpurf_fail(err, en, "%s:1: no column '%s'", path, need[k]);
            }
            continue;
        }
        double v[NEED];
        int empty = 0;
        for (unsigned k = 0; !rc && k < NEED; k++) {
            if ((unsigned)col[k] >= nf) {
                rc = gpurf_fail(err, en, "%s:%u: field '%s' missing", path, ln, need[k]);
                break;
            }
            char *end;
            const char *s = fld[col[k]];
            if (k >= 7 && !*s) {
                empty = 1;
                continue;
            }
            v[k] = strtod(s, &end);
            if (*end || !*s || !(v[k] >= 0))
                rc = gpurf_fail(err, en, "%s:%u: field '%s': '%s' is not a number", path, ln,
                              need[k], s);
        }
        if (rc || empty || v[0] != 40)
            continue;
        if (*n == GRID_MAX) {
            rc = gpurf_fail(err, en, "%s:%u: more than %d points", path, ln, GRID_MAX);
            break;
        }
        gpoint_t *p = &g[(*n)++];
        memset(p, 0, sizeof *p);
        *p = (gpoint_t){.cap = v[1], .bits = v[2], .rows = v[3], .ports = v[4] + v[5] + v[6],
                        .cacti = {v[7], v[8], v[9], v[10]}};
    }
    fclose(f);
    if (!rc && !*n)
        rc = gpurf_fail(err, en, "%s: no 40 nm point with figures", path);
    return rc;
}

/* the grid point a slice of rows x bits with `ports` ports is priced near: its width and ports,
 * the nearest capacity; NULL when the grid has no such width or ports */
static gpoint_t *nearest(gpoint_t *g, unsigned n, double rows, double bits, unsigned ports)
{
    gpoint_t *best = NULL;
    for (unsigned i = 0; i < n; i++)
        if (g[i].bits == bits && g[i].ports == ports &&
            (!best || fabs(log(g[i].rows / rows)) < fabs(log(best->rows / rows))))
            best = &g[i];
    return best;
}

static void mark(gpoint_t *p, const char *who)
{
    if (strstr(p->used, who))
        return;
    size_t l = strlen(p->used);
    if (l + strlen(who) + 3 < sizeof p->used)
        snprintf(p->used + l, sizeof p->used - l, "%s%s", l ? ", " : "", who);
    else if (!strstr(p->used, "..."))
        snprintf(p->used + l, sizeof p->used - l, "%s", "...");
}

/* mark every grid point the presets in dir price; the structures off the grid on stdout */
static int mark_used(const char *dir, gpoint_t *g, unsigned n, json_t *off, char *err, size_t en)
{
    char pat[4096];
    snprintf(pat, sizeof pat, "%s/*.json", dir);
    glob_t gl;
    if (glob(pat, 0, NULL, &gl))
        return gpurf_fail(err, en, "%s: no preset", pat);
    for (size_t k = 0; k < gl.gl_pathc; k++)
        for (unsigned acc = MRF_ARRAY_BANKED; acc <= MRF_ARRAY_MONOLITHIC; acc++) {
            sm_cfg_t c;
            energy_table_t t;
            if (cfg_load(gl.gl_pathv[k], dir, &c, err, en)) {
                globfree(&gl);
                return -1;
            }
            c.mrf_array = acc;
            if (energy_table(&c, &t, err, en)) {
                globfree(&gl);
                return -1;
            }
            for (unsigned i = 0; i < E_N; i++) {
                const energy_struct_t *s = &t.s[i];
                if (!s->g.rows || (acc == MRF_ARRAY_MONOLITHIC && i != E_mrf))
                    continue;
                char who[128];
                snprintf(who, sizeof who, "%s %s%s", c.name, energy_struct_names[i],
                         acc == MRF_ARRAY_MONOLITHIC ? " (monolithic)" : "");
                /* the monolithic accounting is the hybrid paper's, for a main RF of 256 KB
                 * (002 L177); a larger one is listed, not checked */
                const int beyond = acc == MRF_ARRAY_MONOLITHIC &&
                                   (double)c.rf_warp_regs * c.lanes * 4 > 262144;
                gpoint_t *p = beyond ? NULL : nearest(g, n, s->g.rows, s->g.bits, s->g.ports);
                if (p)
                    mark(p, c.name);
                else
                    json_array_append_new(off, json_pack("{s:s, s:f, s:f, s:i}", "structure", who,
                                                         "rows", s->g.rows, "bits", s->g.bits,
                                                         "ports", (int)s->g.ports));
            }
        }
    globfree(&gl);
    return 0;
}

int cmd_energy_check(const args_t *a)
{
    char err[1024];
    sm_cfg_t c;
    sram_model_t m;
    static gpoint_t g[GRID_MAX];
    unsigned n;
    const char *grid = a->grid ? a->grid : "../shared/reference/cacti7/grid.tsv";
    if (cli_load_cfg(a, &c, NULL, err, sizeof err) || sram_model(&c, &m, err, sizeof err) ||
        load_grid(grid, g, &n, err, sizeof err)) {
        fprintf(stderr, "gpurf energy: %s\n", err);
        return 2;
    }
    json_t *off = json_array();
    if (mark_used(a->presets_dir, g, n, off, err, sizeof err)) {
        fprintf(stderr, "gpurf energy: %s\n", err);
        json_decref(off);
        return 2;
    }
    /* the law's scale: CACTI 7's shape times s (the anchors' CACTI 5.3 figures over it) */
    const double scale[Q_N] = {m.s_e, m.s_e, m.s_l / 1000, 1};
    double worst_used = 0, sum_abs[Q_N] = {0}, worst[Q_N] = {0};
    unsigned nused = 0;
    json_t *pts = json_array();
    printf("The SRAM law against CACTI 7 (%s, 40 nm): the law's error, %% (read and write energy "
           "over the law's scale %.3f, leakage over %.3f, area as it is); used: the presets "
           "pricing the point\n\n", grid, scale[Q_READ], scale[Q_LEAK]);
    printf("| KB | line bits | rows | ports | CACTI read pJ | read | write | leakage | area | used by |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (unsigned i = 0; i < n; i++) {
        gpoint_t *p = &g[i];
        const sram_cost_t lc = sram_cost(&m, (sram_geom_t){p->rows, p->bits, (unsigned)p->ports,
                                                           TECH_HP_SRAM});
        const double law[Q_N] = {lc.read_pj, lc.write_pj, lc.leak_uw / 1000, lc.area_um2 / 1e6};
        json_t *e = json_object();
        for (unsigned q = 0; q < Q_N; q++) {
            p->err[q] = law[q] / (scale[q] * p->cacti[q]) - 1;
            sum_abs[q] += fabs(p->err[q]);
            worst[q] = fmax(worst[q], fabs(p->err[q]));
            if (*p->used)
                worst_used = fmax(worst_used, fabs(p->err[q]));
            json_object_set_new(e, qname[q], json_real(p->err[q]));
        }
        nused += !!*p->used;
        printf("| %g | %g | %g | %g | %.2f | %+.0f | %+.0f | %+.0f | %+.0f | %s |\n", p->cap / 1024,
               p->bits, p->rows, p->ports, p->cacti[Q_READ], 100 * p->err[Q_READ],
               100 * p->err[Q_WRITE], 100 * p->err[Q_LEAK], 100 * p->err[Q_AREA], p->used);
        json_array_append_new(pts, json_pack("{s:f, s:f, s:f, s:f, s:o, s:s}", "capacity_bytes",
                                             p->cap, "line_bits", p->bits, "rows", p->rows,
                                             "ports", p->ports, "error", e, "used_by", p->used));
    }
    printf("\nmean |error| over %u points: read %.1f %%, write %.1f %%, leakage %.1f %%, area "
           "%.1f %%; largest: %.0f, %.0f, %.0f, %.0f %%\n", n, 100 * sum_abs[Q_READ] / n,
           100 * sum_abs[Q_WRITE] / n, 100 * sum_abs[Q_LEAK] / n, 100 * sum_abs[Q_AREA] / n,
           100 * worst[Q_READ], 100 * worst[Q_WRITE], 100 * worst[Q_LEAK], 100 * worst[Q_AREA]);
    printf("%u points used by the presets: largest |error| %.1f %% (limit %.0f %%)\n", nused,
           100 * worst_used, 100 * CHECK_LIMIT);
    printf("not checked (a line width or ports the grid lacks, or a monolithic main RF over 256 KB; "
           "the law extrapolates):");
    size_t k;
    json_t *x;
    json_array_foreach(off, k, x) if (k < 12 || k + 1 == json_array_size(off))
        printf("%s %s", k ? "," : "", json_string_value(json_object_get(x, "structure")));
    printf(" (%zu in all)\n", json_array_size(off));
    int rc = worst_used > CHECK_LIMIT;
    if (a->json) {
        json_t *o = json_pack("{s:s, s:f, s:f, s:f, s:b, s:o, s:o}", "grid", grid, "scale_energy",
                              scale[Q_READ], "scale_leakage", scale[Q_LEAK], "worst_used",
                              worst_used, "pass", !rc, "points", pts, "off_grid", off);
        if (json_dump_file(o, a->json, JSON_INDENT(1))) {
            fprintf(stderr, "gpurf energy: cannot write %s\n", a->json);
            rc = 2;
        }
        json_decref(o);
    } else {
        json_decref(pts);
        json_decref(off);
    }
    if (rc == 1)
        fprintf(stderr, "gpurf energy: a point the presets use is off CACTI 7 by %.1f %% (> %.0f %%)\n",
                100 * worst_used, 100 * CHECK_LIMIT);
    return rc;
}
