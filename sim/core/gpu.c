/* The GPU (gpu.h): its SMs, the block scheduler, the cycle's steps on threads. */
#define _DEFAULT_SOURCE /* syscall(2): the barrier's futex */
#include "gpu.h"
#include "core.h"
#include "mem/l2.h"
#include "progress.h"
#include "stream/prefetch.h"
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { STEP_FRONT, STEP_BACK, STEP_QUIT };

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

typedef struct {
    struct gpu *g;
    unsigned t;
} worker_t;

struct gpu {
    sm_cfg_t c;
    unsigned n, threads, rtl_sm, last_block_sm;
    sm_t **sm;
    l2sys_t *l2;
    uint64_t cycles;
    /* the workers' barrier: a count and a generation that flips when all have arrived */
    atomic_uint arrived, gen, sleepers;
    unsigned spin;      /* polls before a waiting thread sleeps */
    /* this cycle: SMs with a memory instruction for the serial step; some SM retired an
     * instruction; some SM failed (set by the workers, read after the barrier) */
    uint8_t *mem_due;
    atomic_int progress, any_failed;
    int step;
    pthread_t *tid;
    worker_t *workers;
    sm_stats_t st;
    stat_group_t groups[8];
    uint64_t *agg[8];
    unsigned ngroups;
};

/* every thread waits here until all have come: spinning, with a thread per core for up to
 * about a millisecond (a cycle's step is shorter), then asleep on the generation (a futex)
 * until the last one wakes the sleepers; a spinner never burns a core another process needs */
static void barrier(gpu_t *g)
{
    const unsigned gen = atomic_load(&g->gen);
    if (atomic_fetch_add(&g->arrived, 1) + 1 == g->threads) {
        atomic_store(&g->arrived, 0);
        atomic_fetch_add(&g->gen, 1);
        if (atomic_load(&g->sleepers))
            syscall(SYS_futex, (unsigned *)&g->gen, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
        return;
    }
    for (unsigned spin = 0; atomic_load(&g->gen) == gen; spin++)
        if (spin > g->spin) {
            atomic_fetch_add(&g->sleepers, 1);
            syscall(SYS_futex, (unsigned *)&g->gen, FUTEX_WAIT_PRIVATE, gen, NULL, NULL, 0);
            atomic_fetch_sub(&g->sleepers, 1);
        } else
            cpu_relax();
}

/* thread t's share of a parallel step: SMs t, t + threads, ..., the back halves in the
 * reverse order, so that an SM's two halves (and its back half and the next cycle's front
 * half) are near in time for half of the SMs and their data is still in the core's caches */
static void run_step(gpu_t *g, unsigned t)
{
    if (g->step == STEP_FRONT)
        for (unsigned i = t; i < g->n; i += g->threads) {
            sm_cycle_front(g->sm[i]);
            if (g->sm[i]->mem_pend.valid)
                g->mem_due[i] = 1;
        }
    else if (t < g->n)
        for (unsigned i = t + (g->n - 1 - t) / g->threads * g->threads;; i -= g->threads) {
            sm_t *sm = g->sm[i];
            sm_cycle_back(sm);
            if (sm->st.instructions != sm->insts_seen) {
                sm->insts_seen = sm->st.instructions;
                atomic_store_explicit(&g->progress, 1, memory_order_relaxed);
            }
            if (sm_failed(sm))
                atomic_store_explicit(&g->any_failed, 1, memory_order_relaxed);
            if (i < g->threads)
                break;
        }
}

static void *worker(void *arg)
{
    worker_t *w = arg;
    gpu_t *g = w->g;
    for (;;) {
        barrier(g);
        if (g->step == STEP_QUIT)
            return NULL;
        run_step(g, w->t);
        barrier(g);
    }
}

/* one parallel step on every thread; the calling thread is thread 0 */
static void parallel(gpu_t *g, int step)
{
    g->step = step;
    if (g->threads > 1)
        barrier(g);
    run_step(g, 0);
    if (g->threads > 1)
        barrier(g);
}

gpu_t *gpu_new(const sm_cfg_t *c, const sm_opts_t *o, unsigned rtl_sm, unsigned threads,
               char *err, size_t n)
{
    if (rtl_sm >= c->sms) {
        snprintf(err, n, "field 'rtl_sm': SM %u does not exist (the run has %u SMs)", rtl_sm,
                 c->sms);
        return NULL;
    }
    gpu_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->c = *c;
    g->n = c->sms;
    g->rtl_sm = rtl_sm;
    g->last_block_sm = g->n - 1;
    if (!threads) {
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cores > 0 ? (unsigned)cores : 1;
    }
    g->threads = threads < g->n ? threads : g->n;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    g->spin = cores >= (long)g->threads ? 1u << 16 : 200;
    g->sm = calloc(g->n, sizeof *g->sm);
    g->mem_due = calloc(g->n, 1);
    g->l2 = l2sys_new(c);
    if (!g->sm || !g->mem_due || !g->l2) {
        snprintf(err, n, "out of memory");
        gpu_free(g);
        return NULL;
    }
    sm_opts_t plain = *o;
    plain.rtl_blocks = NULL;
    plain.wave_dir = NULL;
    plain.wave_all = 0;
    plain.win_inst = NULL;
    plain.sthld_log = NULL;
    plain.reg_log = NULL;
    for (unsigned i = 0; i < g->n; i++)
        if (!(g->sm[i] = sm_new(c, i == rtl_sm ? o : &plain, g->l2, i, err, n))) {
            gpu_free(g);
            return NULL;
        }
    unsigned ng;
    const stat_group_t *sg = sm_stat_groups(g->sm[0], &ng);
    for (unsigned k = 0; k < ng; k++) {
        g->agg[k] = k ? calloc(sg[k].list->n, sizeof(uint64_t)) : (uint64_t *)&g->st;
        if (!g->agg[k]) {
            snprintf(err, n, "out of memory");
            gpu_free(g);
            return NULL;
        }
        g->groups[k] = (stat_group_t){sg[k].list, g->agg[k]};
    }
    g->ngroups = ng;
    if (g->threads > 1) {
        g->tid = calloc(g->threads, sizeof *g->tid);
        g->workers = calloc(g->threads, sizeof *g->workers);
        if (!g->tid || !g->workers) {
            g->threads = 1;
            snprintf(err, n, "out of memory");
            gpu_free(g);
            return NULL;
        }
        for (unsigned t = 1; t < g->threads; t++) {
            g->workers[t] = (worker_t){g, t};
            if (pthread_create(&g->tid[t], NULL, worker, &g->workers[t])) {
                g->threads = t; /* the threads that started share the SMs */
                break;
            }
        }
    }
    return g;
}

void gpu_free(gpu_t *g)
{
    if (!g)
        return;
    if (g->tid && g->threads > 1) {
        g->step = STEP_QUIT;
        barrier(g);
        for (unsigned t = 1; t < g->threads; t++)
            pthread_join(g->tid[t], NULL);
    }
    free(g->tid);
    free(g->workers);
    for (unsigned i = 0; g->sm && i < g->n; i++)
        sm_free(g->sm[i]);
    for (unsigned k = 1; k < g->ngroups; k++)
        free(g->agg[k]);
    free(g->sm);
    free(g->mem_due);
    l2sys_free(g->l2);
    free(g);
}

unsigned gpu_sms(const gpu_t *g) { return g->n; }
unsigned gpu_threads(const gpu_t *g) { return g->threads; }
sm_t *gpu_sm(gpu_t *g, unsigned i) { return g->sm[i]; }
sm_t *gpu_rtl_sm(gpu_t *g) { return g->sm[g->rtl_sm]; }

const stat_group_t *gpu_stat_groups(gpu_t *g, unsigned *n)
{
    for (unsigned k = 0; k < g->ngroups; k++) {
        memset(g->agg[k], 0, g->groups[k].list->n * sizeof(uint64_t));
        for (unsigned i = 0; i < g->n; i++) {
            unsigned ng;
            const stat_group_t *sg = sm_stat_groups(g->sm[i], &ng);
            for (unsigned j = 0; j < sg[k].list->n; j++)
                g->agg[k][j] += sg[k].v[j];
        }
    }
    g->st.cycles = g->cycles;
    g->st.max_resident_warps = 0;
    for (unsigned i = 0; i < g->n; i++)
        if (sm_stats(g->sm[i])->max_resident_warps > g->st.max_resident_warps)
            g->st.max_resident_warps = sm_stats(g->sm[i])->max_resident_warps;
    *n = g->ngroups;
    return g->groups;
}

const sm_stats_t *gpu_stats(gpu_t *g)
{
    unsigned n;
    gpu_stat_groups(g, &n);
    return &g->st;
}

/* the block scheduler's cycle: each SM with room takes at most one block, from the SM after
 * the last that took one; a kernel without blocks left is over for every SM */
static int launch_blocks(gpu_t *g)
{
    const unsigned first = g->last_block_sm + 1;
    for (unsigned j = 0; j < g->n; j++) {
        sm_t *sm = g->sm[(first + j) % g->n];
        if (sm->kernel_exhausted)
            break;
        const uint64_t before = sm->st.blocks_launched;
        if (sm_try_launch(sm))
            return -1;
        if (sm->st.blocks_launched != before)
            g->last_block_sm = sm->id;
        if (sm->kernel_exhausted)
            for (unsigned i = 0; i < g->n; i++)
                g->sm[i]->kernel_exhausted = 1;
    }
    return 0;
}

static int all_idle(const gpu_t *g)
{
    for (unsigned i = 0; i < g->n; i++)
        if (!sm_idle(g->sm[i]))
            return 0;
    return 1;
}

/* the first SM that failed: its code (its message is in err, every SM's err is the run's) */
static int failed(const gpu_t *g)
{
    for (unsigned i = 0; i < g->n; i++)
        if (sm_failed(g->sm[i]))
            return sm_failed(g->sm[i]);
    return 0;
}

static int deadlock(gpu_t *g, const kernel_t *k, uint64_t idle, char *err, size_t n)
{
    snprintf(err, n, "no forward progress for %llu cycles at cycle %llu (kernel '%s'): no SM "
             "retired an instruction; the SMs' state is above", (unsigned long long)idle,
             (unsigned long long)g->cycles, k->name);
    fprintf(stderr, "gpurf: deadlock at cycle %llu, kernel '%s':\n",
            (unsigned long long)g->cycles, k->name);
    for (unsigned i = 0; i < g->n; i++)
        sm_describe(g->sm[i], stderr);
    return 2;
}

/* kernel kidx of the workload to its end: 0, or the run's exit code; *stop when --stop-at
 * ended the run */
static int run_kernel(gpu_t *g, workload_t *wl, unsigned kidx, uint64_t idle_limit,
                      progress_t *pr, int *stop, char *err, size_t n)
{
    const sm_opts_t *o = &g->sm[g->rtl_sm]->o;
    kernel_t *k = workload_kernel(wl, kidx, err, n);
    if (!k)
        return 2;
    for (unsigned i = 0; i < g->n; i++) {
        g->sm[i]->kidx = kidx;
        if (sm_setup_kernel(g->sm[i], k))
            return 2;
    }
    uint64_t idle = 0;
    for (;;) {
        if (launch_blocks(g))
            return 2;
        if (g->sm[0]->kernel_exhausted && all_idle(g))
            break;
        g->cycles++;
        parallel(g, STEP_FRONT);
        for (unsigned i = 0; i < g->n; i++)
            if (g->mem_due[i]) {
                g->mem_due[i] = 0;
                sm_mem_step(g->sm[i]);
            }
        parallel(g, STEP_BACK);
        if (atomic_load(&g->any_failed))
            return failed(g);
        if (o->stop_at && g->cycles >= o->stop_at) {
            *stop = 1;
            return 0;
        }
        idle = atomic_exchange(&g->progress, 0) ? 0 : idle + 1;
        if (idle > idle_limit)
            return deadlock(g, k, idle, err, n);
        progress_tick(pr, kidx, wl->n, k->name, g->cycles);
    }
    if (k->rewind)
        k->rewind(k);
    return 0;
}

int gpu_run(gpu_t *g, workload_t *wl, char *err, size_t n)
{
    const sm_opts_t *o = &g->sm[g->rtl_sm]->o;
    for (unsigned i = 0; i < g->n; i++) {
        g->sm[i]->err = err;
        g->sm[i]->errn = n;
    }
    const uint64_t idle_limit =
        o->deadlock ? o->deadlock
                    : 100ull * (g->c.l1_latency + g->c.l2_latency + g->c.dram_latency + 1000);
    progress_t pr;
    progress_start(&pr);
    int code = 0, stop = 0;
    for (unsigned kidx = 0; kidx < wl->n && !code && !stop; kidx++) {
        kernel_t *next = kidx + 1 < wl->n ? workload_ready(wl, kidx + 1) : NULL;
        if (next) /* its first blocks ready when this kernel ends */
            kernel_read_ahead(next);
        code = run_kernel(g, wl, kidx, idle_limit, &pr, &stop, err, n);
    }
    progress_end(&pr);
    if (code || stop)
        return code;
    for (unsigned i = 0; i < g->n; i++)
        sm_end(g->sm[i]);
    return 0;
}
