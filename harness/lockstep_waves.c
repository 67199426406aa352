/* Lockstep engine: the FST dumps of the Verilated twins, their fitted GTKWave views and the
 * cross-block merged dumps (contract in lockstep.h). */
#include "datadir.h"
#include "lockstep.h"
#include <string.h>

void ls_wave_path(const ls_ctx_t *ctx, const ls_inst_t *x, const char *prefix, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s%s.fst", ctx->wave_dir ? ctx->wave_dir : "waves", prefix, x->name);
}

void ls_view_path(const char *fst, char *buf, size_t n)
{
    size_t l = strlen(fst);
    snprintf(buf, n, "%.*s.gtkw", (int)(l > 4 ? l - 4 : l), fst);
}

/* The view waves/<name>.gtkw fitted to a closed dump, beside it. */
static int fit_view(const char *name, const char *fst)
{
    char view[512], out[520], err[512];
    const char *dir = gpurf_data_dir("GPURF_VIEWS", "waves", "rf.gtkw");
    snprintf(view, sizeof view, "%s/%s.gtkw", dir, name);
    ls_view_path(fst, out, sizeof out);
    if (!rtl_write_view || rtl_write_view(view, fst, out, err, sizeof err) >= 0)
        return 0;
    fprintf(stderr, "gpurf: view for %s: %s\n", fst, err);
    return -1;
}

static int write_view(const ls_inst_t *x) { return fit_view(x->bd->module, x->wave); }

int ls_merge_waves(ls_ctx_t *c, const char *view, const char *out, const char *const *insts,
                   const char *const *scopes, unsigned n)
{
    char path[16][512], fst[512], err[512];
    const char *in[16];
    if (!rtl_merge_waves || n > 16)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        const ls_inst_t *x = NULL;
        for (unsigned k = 0; k < c->n_all && !x; k++)
            if (!strcmp(c->all[k]->name, insts[i]) && c->all[k]->wave[0])
                x = c->all[k];
        if (!x)
            return 0;
        snprintf(path[i], sizeof path[i], "%s", x->wave);
        in[i] = path[i];
    }
    snprintf(fst, sizeof fst, "%s/%s.fst", c->wave_dir ? c->wave_dir : "waves", out);
    if (rtl_merge_waves(fst, in, scopes, n, err, sizeof err)) {
        fprintf(stderr, "gpurf: %s\n", err);
        return -1;
    }
    if (fit_view(view, fst))
        return -1;
    char v[520];
    ls_view_path(fst, v, sizeof v);
    printf("waves: %s view of %s in one dump\n  gtkwave %s %s\n", view, out, fst, v);
    return 1;
}

void ls_print_waves(const ls_ctx_t *c, FILE *f)
{
    for (unsigned i = 0; i < c->n_all; i++)
        if (c->all[i]->wave[0]) {
            char view[520];
            ls_view_path(c->all[i]->wave, view, sizeof view);
            fprintf(f, "waves: one FST and fitted view per instance in %s (time in cycles: 1 ns a cycle); "
                       "open one with\n"
                       "  gtkwave %s %s\n", c->wave_dir ? c->wave_dir : "waves", c->all[i]->wave, view);
            return;
        }
}

int ls_close_waves(ls_ctx_t *c)
{
    int bad = 0;
    for (unsigned i = 0; i < c->n_all; i++) {
        ls_inst_t *x = c->all[i];
        if (!x->tracing)
            continue;
        x->rtl->trace_close(x->m);
        x->tracing = 0;
        bad += write_view(x) < 0;
    }
    return bad;
}
