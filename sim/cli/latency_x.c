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
    /* the ratio grows with the access time: the smallest access time reaching F, or the one
     * below it when that one is nearer. Found by the secant through the last two access times
     * measured (the ratio is close to linear in it) above the preset's, then within the
     * bracket by interpolation (a bisection after two moves of one end); the long runs (high
     * access times) are few */
    unsigned lo = 0, hi = r->from;
    double rhi = 1, ahi = r->base_avg, rlo = -1, alo = 0; /* rlo < 0: lo not measured yet */
    if (ref && ratio_at(c, hi, r->base_avg, &rhi, &ahi, err, n))
        return -1;
    while (rhi < factor) {
        if (hi == 64) {
            snprintf(err, n, "--latency-x %g: even bank_latency 64 gives only %.2f x the "
                     "preset's average read latency", factor, rhi);
            return -1;
        }
        unsigned next = hi + 1; /* lo, once measured, is the access time before hi */
        if (rlo >= 0 && rhi > rlo)
            next = hi + (unsigned)ceil((factor - rhi) * (hi - lo) / (rhi - rlo));
        else if (rlo >= 0)
            next = hi + 2 * (hi - lo);
        if (next > 64)
            next = 64;
        lo = hi, rlo = rhi, alo = ahi;
        hi = next;
        if (ratio_at(c, hi, r->base_avg, &rhi, &ahi, err, n))
            return -1;
    }
    for (int last = 0, same = 0; hi - lo > 1;) { /* same: moves of one end in a row */
        unsigned mid = (lo + hi) / 2;
        if (same < 2 && rlo >= 0 && rhi > rlo) {
            mid = lo + (unsigned)ceil((factor - rlo) * (hi - lo) / (rhi - rlo));
            mid = mid <= lo ? lo + 1 : mid >= hi ? hi - 1 : mid;
        }
        double rm, am;
        if (ratio_at(c, mid, r->base_avg, &rm, &am, err, n))
            return -1;
        const int side = rm >= factor ? 1 : -1;
        same = side == last ? same + 1 : 1;
        last = side;
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
