/* Synthesis estimates: parsing the Yosys outputs of synth/run.sh, SRAM-macro estimate, the
 * summary file (JSON via jansson) and the table. */
#include "synth.h"
#include "cmodel/common.h"
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char synth_method[] =
    "SRAM macros = the arrays the RTL marks gpurf_sram (rows, bits, ports; a read and a write "
    "port on one address are one read/write port), priced by the preset's SRAM law "
    "(sim/energy/sram.h, shaped by CACTI 7) as the energy model prices them; logic = standard "
    "cells of synth/cells.lib (NanGate45 areas); critical path = ABC register-to-register "
    "combinational delay, excluding SRAM access, clock-to-Q and setup; STA = OpenSTA's worst "
    "path on the mapped netlist with the same liberty (clock-to-Q, logic and setup: the slack "
    "sign-off), SRAM macros black boxes";

static FILE *open_part(const char *dir, const char *block, const char *preset, const char *ext,
                       char *path, size_t pn)
{
    snprintf(path, pn, "%s/%s__%s.%s", dir, block, preset, ext);
    return fopen(path, "r");
}

static double nand2_area(const char *lib, char *err, size_t n)
{
    FILE *f = fopen(lib, "r");
    if (!f)
        return gpurf_fail(err, n, "%s: cannot open", lib);
    char line[512];
    int in = 0;
    double a = -1;
    while (a < 0 && fgets(line, sizeof line, f)) {
        if (strstr(line, "cell (NAND2_X1)"))
            in = 1;
        const char *p = in ? strstr(line, "area :") : NULL;
        if (p)
            a = strtod(p + 6, NULL);
    }
    fclose(f);
    return a > 0 ? a : gpurf_fail(err, n, "%s: no area for cell NAND2_X1", lib);
}

static int read_stat(FILE *f, const char *path, synth_block_t *b, char *err, size_t n)
{
    char line[512];
    b->logic_um2 = -1;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "Chip area for module");
        if (p && (p = strchr(p, ':')))
            b->logic_um2 = strtod(p + 1, NULL);
    }
    return b->logic_um2 >= 0 ? 0 : gpurf_fail(err, n, "%s: no 'Chip area' line", path);
}

static int read_cells(const char *path, synth_block_t *b, char *err, size_t n)
{
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je);
    if (!root)
        return gpurf_fail(err, n, "%s:%d: %s", path, je.line, je.text);
    json_t *mods = json_object_get(root, "modules"), *m;
    const char *name;
    int found = 0;
    json_object_foreach(mods, name, m) {
        json_t *types = json_object_get(m, "num_cells_by_type"), *c;
        const char *t;
        json_object_foreach(types, t, c) {
            unsigned long k = (unsigned long)json_integer_value(c);
            if (t[0] == '$')
                continue;
            b->cells += k;
            if (!strncmp(t, "DFF", 3))
                b->ffs += k;
        }
        found = 1;
    }
    json_decref(root);
    return found ? 0 : gpurf_fail(err, n, "%s: no module statistics", path);
}

/* one $mem_v2 cell's geometry into b (equal geometries counted together) */
static int add_macro(synth_block_t *b, unsigned long rows, unsigned long bits, unsigned ports,
                     const char *path, char *err, size_t n)
{
    b->macros++;
    b->mem_bits += rows * bits;
    for (unsigned i = 0; i < b->n_geoms; i++)
        if (b->geom[i].rows == rows && b->geom[i].bits == bits && b->geom[i].ports == ports)
            return b->geom[i].count++, 0;
    if (b->n_geoms == SYNTH_MAX_GEOMS)
        return gpurf_fail(err, n, "%s: more than %d SRAM geometries", path, SYNTH_MAX_GEOMS);
    b->geom[b->n_geoms++] = (synth_macro_t){rows, bits, ports, 1};
    return 0;
}

static int read_mem(FILE *f, const char *path, synth_block_t *b, char *err, size_t n)
{
    char line[4096], raddr[4096] = "", waddr[4096] = "";
    unsigned long width = 0, size = 0, rd = 0, wr = 0;
    int in = 0;
    for (;;) {
        int eof = !fgets(line, sizeof line, f);
        if (eof || strstr(line, "cell $")) {
            /* read and write ports on the same address signals are read/write ports */
            unsigned long shared = *raddr && !strcmp(raddr, waddr) ? (rd < wr ? rd : wr) : 0;
            if (in && add_macro(b, size, width, (unsigned)(rd + wr - shared), path, err, n))
                return -1;
            if (eof)
                return 0;
            in = strstr(line, "cell $mem_v2") != NULL;
            width = size = rd = wr = 0;
            *raddr = *waddr = 0;
            continue;
        }
        const char *p;
        if ((p = strstr(line, "parameter \\WIDTH ")))
            width = strtoul(p + 17, NULL, 10);
        else if ((p = strstr(line, "parameter \\SIZE ")))
            size = strtoul(p + 16, NULL, 10);
        else if ((p = strstr(line, "parameter \\RD_PORTS ")))
            rd = strtoul(p + 20, NULL, 10);
        else if ((p = strstr(line, "parameter \\WR_PORTS ")))
            wr = strtoul(p + 20, NULL, 10);
        else if ((p = strstr(line, "connect \\RD_ADDR ")))
            snprintf(raddr, sizeof raddr, "%s", p + 17);
        else if ((p = strstr(line, "connect \\WR_ADDR ")))
            snprintf(waddr, sizeof waddr, "%s", p + 17);
    }
}

static int read_delay(FILE *f, const char *path, synth_block_t *b, char *err, size_t n)
{
    char line[4096];
    b->crit_ps = -1;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "Delay =");
        if (p && strstr(line, "ABC:"))
            b->crit_ps = strtod(p + 7, NULL);
    }
    return b->crit_ps >= 0 ? 0 : gpurf_fail(err, n, "%s: no ABC 'Delay =' line (stime)", path);
}

/* OpenSTA's report_checks: the worst path's data arrival time and slack (ns) */
static int read_sta(FILE *f, const char *path, synth_block_t *b, char *err, size_t n)
{
    char line[4096];
    int arr = 0, slk = 0;
    while (fgets(line, sizeof line, f)) {
        double v;
        if (!strncmp(line, "Error", 5))
            return gpurf_fail(err, n, "%s: OpenSTA: %s", path, line);
        if (!arr && strstr(line, "data arrival time") && sscanf(line, "%lf", &v) == 1)
            b->sta_arrival_ps = v * 1000, arr = 1;
        else if (!slk && strstr(line, "slack (") && sscanf(line, "%lf", &v) == 1)
            b->sta_slack_ps = v * 1000, b->sta_met = strstr(line, "(MET)") != NULL, slk = 1;
    }
    return arr && slk ? 0 : gpurf_fail(err, n, "%s: no OpenSTA path (arrival and slack)", path);
}

int synth_read_block(const char *dir, const char *block, const char *preset, const char *lib,
                     synth_block_t *b, char *err, size_t n)
{
    char path[1024];
    memset(b, 0, sizeof *b);
    snprintf(b->block, sizeof b->block, "%s", block);
    double nand2 = nand2_area(lib, err, n);
    if (nand2 < 0)
        return -1;
    FILE *f = open_part(dir, block, preset, "params", path, sizeof path);
    if (!f || !fgets(b->params, sizeof b->params, f)) {
        if (f)
            fclose(f);
        return gpurf_fail(err, n, "%s: missing or empty (run make synth)", path);
    }
    fclose(f);
    b->params[strcspn(b->params, "\n")] = 0;
    if (!(f = open_part(dir, block, preset, "period", path, sizeof path)) ||
        fscanf(f, "%u", &b->period_ps) != 1 || !b->period_ps) {
        if (f)
            fclose(f);
        return gpurf_fail(err, n, "%s: missing or not a period in ps (run make synth)", path);
    }
    fclose(f);
    if (!(f = open_part(dir, block, preset, "stat", path, sizeof path)))
        return gpurf_fail(err, n, "%s: cannot open", path);
    int rc = read_stat(f, path, b, err, n);
    fclose(f);
    if (rc)
        return -1;
    snprintf(path, sizeof path, "%s/%s__%s.json", dir, block, preset);
    if (read_cells(path, b, err, n))
        return -1;
    if (!(f = open_part(dir, block, preset, "mem", path, sizeof path)))
        return gpurf_fail(err, n, "%s: cannot open", path);
    rc = read_mem(f, path, b, err, n);
    fclose(f);
    if (rc)
        return -1;
    if (!(f = open_part(dir, block, preset, "log", path, sizeof path)))
        return gpurf_fail(err, n, "%s: cannot open", path);
    rc = read_delay(f, path, b, err, n);
    fclose(f);
    if (rc)
        return -1;
    if (!(f = open_part(dir, block, preset, "sta", path, sizeof path)))
        return gpurf_fail(err, n, "%s: cannot open (run make synth)", path);
    rc = read_sta(f, path, b, err, n);
    fclose(f);
    b->nand2_eq = b->logic_um2 / nand2;
    return rc;
}

/* the Lanes value in chparam arguments, 0 if none */
static unsigned params_lanes(const char *params)
{
    const char *p = strstr(params, "-set Lanes ");
    return p ? (unsigned)strtoul(p + 11, NULL, 10) : 0;
}

static double lanes_at(double x1, double x2, unsigned L) { return x1 + (double)(L - 1) * (x2 - x1); }

int synth_read_sliced(const char *dir, const char *block, const char *preset, const char *lib,
                      synth_block_t *b, char *err, size_t n)
{
    char p1[96], p2[96], path[1024], params[sizeof b->params];
    snprintf(p1, sizeof p1, "%s__lanes1", preset);
    snprintf(p2, sizeof p2, "%s__lanes2", preset);
    snprintf(path, sizeof path, "%s/%s__%s.stat", dir, block, p1);
    if (access(path, R_OK))
        return synth_read_block(dir, block, preset, lib, b, err, n);
    snprintf(path, sizeof path, "%s/%s__%s__slice.params", dir, block, preset);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(params, sizeof params, f)) {
        if (f)
            fclose(f);
        return gpurf_fail(err, n, "%s: missing or empty (synth/slice.sh writes it)", path);
    }
    fclose(f);
    params[strcspn(params, "\n")] = 0;
    const unsigned L = params_lanes(params);
    if (L < 1)
        return gpurf_fail(err, n, "%s: no Lanes parameter to extrapolate to", path);
    synth_block_t s2;
    if (synth_read_block(dir, block, p1, lib, b, err, n) || synth_read_block(dir, block, p2, lib, &s2, err, n))
        return -1;
    if (params_lanes(b->params) != 1 || params_lanes(s2.params) != 2)
        return gpurf_fail(err, n, "%s/%s: the slices were not synthesized with 1 and 2 lanes", dir, block);
    if (b->n_geoms != s2.n_geoms)
        return gpurf_fail(err, n, "%s/%s: the slices' SRAM geometries differ in number", dir, block);
    for (unsigned k = 0; k < b->n_geoms; k++) {
        const synth_macro_t *a = &b->geom[k], *c = &s2.geom[k];
        if (a->rows != c->rows || a->count != c->count || c->bits < a->bits)
            return gpurf_fail(err, n, "%s/%s: SRAM geometry %u differs between the slices in more than its width "
                              "and ports", dir, block, k);
    }
    b->logic_um2 = lanes_at(b->logic_um2, s2.logic_um2, L);
    b->nand2_eq = lanes_at(b->nand2_eq, s2.nand2_eq, L);
    b->cells = (unsigned long)lanes_at((double)b->cells, (double)s2.cells, L);
    b->ffs = (unsigned long)lanes_at((double)b->ffs, (double)s2.ffs, L);
    b->mem_bits = 0;
    for (unsigned k = 0; k < b->n_geoms; k++) {
        synth_macro_t *g = &b->geom[k];
        g->bits = (unsigned long)lanes_at((double)g->bits, (double)s2.geom[k].bits, L);
        g->ports = s2.geom[k].ports; /* a one-lane array's shared address may be optimized apart */
        b->mem_bits += g->rows * g->bits * g->count;
    }
    b->crit_ps = s2.crit_ps;
    b->sta_arrival_ps = s2.sta_arrival_ps;
    b->sta_slack_ps = s2.sta_slack_ps;
    b->sta_met = s2.sta_met;
    b->lanes_sliced = L;
    snprintf(b->params, sizeof b->params, "%s", params);
    return 0;
}

int synth_save(const synth_sum_t *s, const char *path, char *err, size_t n)
{
    json_t *o = json_object(), *blocks = json_object();
    json_object_set_new(o, "preset", json_string(s->preset));
    json_object_set_new(o, "method", json_string(synth_method));
    for (unsigned i = 0; i < s->n; i++) {
        const synth_block_t *b = &s->b[i];
        json_t *x = json_object();
        json_object_set_new(x, "params", json_string(b->params));
        json_object_set_new(x, "logic_um2", json_real(b->logic_um2));
        json_object_set_new(x, "nand2_eq", json_real(b->nand2_eq));
        json_object_set_new(x, "cells", json_integer((json_int_t)b->cells));
        json_object_set_new(x, "flip_flops", json_integer((json_int_t)b->ffs));
        json_object_set_new(x, "sram_macros", json_integer(b->macros));
        json_object_set_new(x, "memory_bits", json_integer((json_int_t)b->mem_bits));
        json_t *g = json_array();
        for (unsigned k = 0; k < b->n_geoms; k++)
            json_array_append_new(g, json_pack("{s:I, s:I, s:i, s:i}", "rows", (json_int_t)b->geom[k].rows,
                                               "bits", (json_int_t)b->geom[k].bits, "ports", b->geom[k].ports,
                                               "count", b->geom[k].count));
        json_object_set_new(x, "sram", g);
        json_object_set_new(x, "critical_path_ps", json_real(b->crit_ps));
        json_object_set_new(x, "clock_period_ps", json_integer(b->period_ps));
        json_object_set_new(x, "meets_clock", json_boolean(b->sta_met));
        json_object_set_new(x, "sta_arrival_ps", json_real(b->sta_arrival_ps));
        json_object_set_new(x, "sta_slack_ps", json_real(b->sta_slack_ps));
        if (b->lanes_sliced)
            json_object_set_new(x, "lanes_sliced", json_integer(b->lanes_sliced));
        json_object_set_new(blocks, b->block, x);
    }
    json_object_set_new(o, "blocks", blocks);
    int rc = json_dump_file(o, path, JSON_INDENT(2) | JSON_SORT_KEYS);
    json_decref(o);
    return rc ? gpurf_fail(err, n, "%s: cannot write", path) : 0;
}

int synth_load(const char *path, synth_sum_t *s, char *err, size_t n)
{
    json_error_t je;
    memset(s, 0, sizeof *s);
    json_t *o = json_load_file(path, 0, &je);
    if (!o)
        return gpurf_fail(err, n, "%s:%d: %s", path, je.line, je.text);
    json_t *blocks = json_object_get(o, "blocks"), *x;
    const char *name;
    const char *preset = json_string_value(json_object_get(o, "preset"));
    snprintf(s->preset, sizeof s->preset, "%s", preset ? preset : "");
    int rc = json_is_object(blocks) ? 0 : gpurf_fail(err, n, "%s: field 'blocks' missing", path);
    if (!rc && json_object_size(blocks) > SYNTH_MAX_BLOCKS)
        rc = gpurf_fail(err, n, "%s: %zu blocks, at most %d", path, json_object_size(blocks),
                        SYNTH_MAX_BLOCKS);
    json_object_foreach(blocks, name, x) {
        if (rc)
            break;
        synth_block_t *b = &s->b[s->n++];
        const char *params = json_string_value(json_object_get(x, "params"));
        if (!params) {
            rc = gpurf_fail(err, n, "%s: block '%s': field 'params' missing", path, name);
            break;
        }
        snprintf(b->block, sizeof b->block, "%s", name);
        snprintf(b->params, sizeof b->params, "%s", params);
        b->logic_um2 = json_number_value(json_object_get(x, "logic_um2"));
        b->nand2_eq = json_number_value(json_object_get(x, "nand2_eq"));
        b->cells = (unsigned long)json_integer_value(json_object_get(x, "cells"));
        b->ffs = (unsigned long)json_integer_value(json_object_get(x, "flip_flops"));
        b->macros = (unsigned)json_integer_value(json_object_get(x, "sram_macros"));
        b->mem_bits = (unsigned long)json_integer_value(json_object_get(x, "memory_bits"));
        json_t *g = json_object_get(x, "sram"), *e;
        size_t k;
        json_array_foreach(g, k, e) {
            json_int_t rows = 0, bits = 0;
            int ports = 0, count = 0;
            if (k >= SYNTH_MAX_GEOMS || json_unpack(e, "{s:I, s:I, s:i, s:i}", "rows", &rows, "bits", &bits,
                                                   "ports", &ports, "count", &count) ||
                rows <= 0 || bits <= 0 || ports <= 0 || count <= 0) {
                rc = gpurf_fail(err, n, "%s: block '%s': sram[%zu]: want rows, bits, ports, count > 0 (at most %d)",
                                path, name, k, SYNTH_MAX_GEOMS);
                break;
            }
            b->geom[b->n_geoms++] = (synth_macro_t){(unsigned long)rows, (unsigned long)bits, (unsigned)ports,
                                                    (unsigned)count};
        }
        if (rc)
            break;
        b->crit_ps = json_number_value(json_object_get(x, "critical_path_ps"));
        b->period_ps = (unsigned)json_integer_value(json_object_get(x, "clock_period_ps"));
        b->sta_arrival_ps = json_number_value(json_object_get(x, "sta_arrival_ps"));
        b->sta_slack_ps = json_number_value(json_object_get(x, "sta_slack_ps"));
        b->sta_met = json_is_true(json_object_get(x, "meets_clock"));
        b->lanes_sliced = (unsigned)json_integer_value(json_object_get(x, "lanes_sliced"));
        if (!b->period_ps) {
            rc = gpurf_fail(err, n, "%s: block '%s': field 'clock_period_ps' missing", path, name);
            break;
        }
    }
    json_decref(o);
    return rc;
}

const synth_block_t *synth_find(const synth_sum_t *s, const char *block)
{
    for (unsigned i = 0; i < s->n; i++)
        if (!strcmp(s->b[i].block, block))
            return &s->b[i];
    return NULL;
}

const synth_block_t *synth_match(const synth_sum_t *s, const block_desc_t *bd, const void *cfg)
{
    const synth_block_t *b = synth_find(s, bd->name);
    char *params = NULL;
    size_t len = 0;
    FILE *m = b ? open_memstream(&params, &len) : NULL;
    if (!m)
        return NULL;
    bd->params(cfg, m, "-set ", " ", " ");
    fclose(m);
    int same = !strcmp(params, b->params);
    free(params);
    return same ? b : NULL;
}

int synth_print_table(const synth_sum_t *s, FILE *f)
{
    int late = 0;
    fprintf(f, "preset %s\n  %-9s %12s %10s %8s %7s %10s %-24s %8s %8s %9s %8s\n", s->preset,
            "block", "logic um2", "NAND2-eq", "cells", "FFs", "SRAM bits", "SRAM macros", "ABC ps",
            "STA ps", "slack ps", "clock ps");
    for (unsigned i = 0; i < s->n; i++) {
        const synth_block_t *b = &s->b[i];
        char mac[25] = "-", *m = mac;
        for (unsigned k = 0; k < b->n_geoms && m < mac + sizeof mac - 1; k++)
            m += snprintf(m, (size_t)(mac + sizeof mac - m), "%s%ux%lux%lu/%up", k ? " " : "",
                          b->geom[k].count, b->geom[k].rows, b->geom[k].bits, b->geom[k].ports);
        late += !b->sta_met && !b->lanes_sliced;
        char note[64] = "";
        if (b->lanes_sliced)
            snprintf(note, sizeof note, "  lane slices to %u lanes (timing: 2 lanes)", b->lanes_sliced);
        else if (!b->sta_met)
            snprintf(note, sizeof note, "  misses the clock (OpenSTA)");
        fprintf(f, "  %-9s %12.0f %10.0f %8lu %7lu %10lu %-24s %8.0f %8.0f %9.0f %8u%s\n", b->block,
                b->logic_um2, b->nand2_eq, b->cells, b->ffs, b->mem_bits, mac, b->crit_ps,
                b->sta_arrival_ps, b->sta_slack_ps, b->period_ps, note);
    }
    return late;
}
