/* --latency-x (latency_x.h). */
#include "latency_x.h"
#include "core/gpu.h"
#include "design/design.h"
#include "stream/stream.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int latx_measure(const sm_cfg_t *c, double *avg, char *err, size_t n)
{
    workload_t w;
    if (workload_gen(LATX_KERNEL, &w, err, n))
        return -1;
    sm_opts_t o;
    memset(&o, 0, sizeof o);
    o.design = design_find("baseline");
    sm_cfg_t one = *c; /* the reference kernel runs on one SM */
    one.sms = 1;
    gpu_t *g = gpu_new(&one, &o, 0, 1, err, n);
    int rc = g ? gpu_run(g, &w, err, n) : -1;
    if (!rc)
        *avg = stats_derive(gpu_stats(g), c).mrf_read_latency_avg;
    gpu_free(g);
    workload_free(&w);
    if (rc > 0 || (!rc && !(*avg > 0))) {
        char why[512];
        snprintf(why, sizeof why, "%s", rc ? err : "no main-RF reads");
        snprintf(err, n, "--latency-x: the reference kernel (%s) at bank_latency %u: %s",
                 LATX_KERNEL, c->bank_latency, why);
    }
    return rc || !(*avg > 0) ? -1 : 0;
}

static int ratio_at(const sm_cfg_t *c, unsigned lat, double base, double *ratio, double *avg,
                    char *err, size_t n)
{
    sm_cfg_t k = *c;
    k.bank_latency = lat;
    if (latx_measure(&k, avg, err, n))
        return -1;
    *ratio = *avg / base;
    return 0;
}

int latx_apply(sm_cfg_t *c, double factor, const sm_cfg_t *ref, latx_t *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->factor = factor;
    r->from = c->bank_latency;
    if (latx_measure(ref ? ref : c, &r->base_avg, err, n))
        return -1;
    /* the ratio grows with the access time: the smallest access time reaching F (found by
     * doubling the step above the preset's, short runs first), or the one below it when that
     * one is nearer */
    unsigned lo = 0, hi = r->from, step = 1;
    double rhi = 1, ahi = r->base_avg, rlo = -1, alo = 0; /* rlo < 0: lo not measured yet */
    if (ref && ratio_at(c, hi, r->base_avg, &rhi, &ahi, err, n))
        return -1;
    while (rhi < factor) {
        lo = hi, rlo = rhi, alo = ahi;
        hi = r->from + step > 64 ? 64 : r->from + step;
        step *= 2;
        if (ratio_at(c, hi, r->base_avg, &rhi, &ahi, err, n))
            return -1;
        if (rhi < factor && hi == 64) {
            snprintf(err, n, "--latency-x %g: even bank_latency 64 gives only %.2f x the "
                     "preset's average read latency", factor, rhi);
            return -1;
        }
    }
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        double rm, am;
        if (ratio_at(c, mid, r->base_avg, &rm, &am, err, n))
            return -1;
        if (rm >= factor)
            hi = mid, rhi = rm, ahi = am;
        else
            lo = mid, rlo = rm, alo = am;
    }
    if (rlo < 0 && ratio_at(c, lo, r->base_avg, &rlo, &alo, err, n))
        return -1;
    const int take_lo = rlo >= factor || fabs(rlo - factor) < fabs(rhi - factor);
    r->to = take_lo ? lo : hi;
    r->avg = take_lo ? alo : ahi;
    c->bank_latency = r->to;
    return 0;
}
