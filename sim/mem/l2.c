/* The GPU's interconnect, L2 slices and DRAM channels (l2.h). */
#include "l2.h"
#include "cache.h"
#include <stdlib.h>

typedef struct {
    uint64_t row;
    int open;
    double ready;         /* the cycle the bank takes its next column command */
} dbank_t;

typedef struct {
    cache_t tags;
    uint64_t free;        /* the cycle the slice takes its next request */
} slice_t;

struct l2sys {
    sm_cfg_t c;
    slice_t *sl;
    dbank_t *bank;        /* dram_channels x dram_banks */
    double dram_free;     /* the cycle the data buses have moved everything before */
    double trcd, tcl, trp; /* DRAM timings in core cycles */
    unsigned line_bits, sector_bits, lpc; /* lines per interleave chunk (at least 1) */
};

l2sys_t *l2sys_new(const sm_cfg_t *c)
{
    l2sys_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->c = *c;
    s->sl = calloc(c->l2_slices, sizeof *s->sl);
    s->bank = calloc((size_t)c->dram_channels * c->dram_banks, sizeof *s->bank);
    const double ps_per_cycle = 1e6 / c->clock_mhz;
    s->trcd = c->dram_trcd_ps / ps_per_cycle;
    s->tcl = c->dram_tcl_ps / ps_per_cycle;
    s->trp = c->dram_trp_ps / ps_per_cycle;
    s->line_bits = log2u(c->l1_line);
    s->sector_bits = log2u(c->l1_sector);
    s->lpc = c->dram_interleave > c->l1_line ? c->dram_interleave / c->l1_line : 1;
    if (!s->sl || !s->bank) {
        l2sys_free(s);
        return NULL;
    }
    for (unsigned i = 0; i < c->l2_slices; i++)
        if (cache_init(&s->sl[i].tags, c->l2_size / c->l2_slices, c->l2_assoc, c->l1_line,
                       c->l1_sector)) {
            l2sys_free(s);
            return NULL;
        }
    return s;
}

void l2sys_free(l2sys_t *s)
{
    if (!s)
        return;
    for (unsigned i = 0; s->sl && i < s->c.l2_slices; i++)
        cache_free(&s->sl[i].tags);
    free(s->sl);
    free(s->bank);
    free(s);
}

/* the line's slice, and its set index there (the line number within the slice) */
static slice_t *slice_of(l2sys_t *s, uint64_t line, uint64_t *set)
{
    const uint64_t n = s->c.l2_slices, chunk = line / s->lpc;
    *set = chunk / n * s->lpc + line % s->lpc;
    return &s->sl[chunk % n];
}

/* the cycle a request sent at t is taken by its slice (one per cycle, behind the
 * interconnect) */
static uint64_t arrival(l2sys_t *s, slice_t *x, uint64_t t)
{
    uint64_t t2 = t + s->c.icnt_latency;
    if (t2 < x->free)
        t2 = x->free;
    x->free = t2 + 1;
    return t2;
}

uint64_t l2_write(l2sys_t *s, uint64_t t, uint64_t line, uint32_t sectors)
{
    uint64_t set;
    slice_t *x = slice_of(s, line, &set);
    uint64_t t2 = arrival(s, x, t);
    cache_fill(&x->tags, line, set, sectors);
    return t2 + s->c.l2_latency + s->c.icnt_latency;
}

/* a DRAM read of the line issued at cycle t: the cycle its data leaves the bank; the bank's
 * row buffer opens the line's row */
static double dram_bank(l2sys_t *s, mem_stats_t *st, double t, uint64_t line)
{
    const sm_cfg_t *c = &s->c;
    const uint64_t a = line << s->line_bits, chunk = a / c->dram_interleave;
    const uint64_t ch = chunk % c->dram_channels;
    const uint64_t in_ch = chunk / c->dram_channels * c->dram_interleave + a % c->dram_interleave;
    const uint64_t rowno = in_ch / c->dram_row_bytes;
    dbank_t *b = &s->bank[ch * c->dram_banks + rowno % c->dram_banks];
    const uint64_t row = rowno / c->dram_banks;
    double cmd = t > b->ready ? t : b->ready;
    if (!b->open || b->row != row) {
        cmd += (b->open ? s->trp : 0) + s->trcd;
        b->open = 1;
        b->row = row;
        st->dram_row_misses++;
    }
    b->ready = cmd;
    return cmd + s->tcl;
}

uint64_t l2_read(l2sys_t *s, mem_stats_t *st, uint64_t t, uint64_t line, uint32_t sectors)
{
    uint64_t set;
    slice_t *x = slice_of(s, line, &set);
    uint64_t t2 = arrival(s, x, t);
    if (cache_hit(&x->tags, line, set, sectors)) {
        st->l2_hits++;
        return t2 + s->c.l2_latency + s->c.icnt_latency;
    }
    st->dram_accesses++;
    double start = dram_bank(s, st, (double)(t2 + s->c.l2_latency), line);
    if (s->dram_free > start)
        start = s->dram_free;
    unsigned bytes = (unsigned)__builtin_popcount(sectors) << s->sector_bits;
    s->dram_free = start + (double)bytes / s->c.dram_bw;
    cache_fill(&x->tags, line, set, sectors);
    return (uint64_t)(s->dram_free + 0.999999) + s->c.dram_latency + s->c.icnt_latency;
}
