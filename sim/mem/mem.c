/* The SM's memory hierarchy (mem.h). */
#include "mem.h"
#include <stdlib.h>
#include <string.h>

STATS_LIST(mem_stat_list, "memory", MEM_STATS);

typedef struct {
    uint64_t tag, used;   /* line address; LRU stamp */
    uint32_t sectors;     /* valid sectors; 0: invalid way */
} way_t;

typedef struct {
    unsigned sets, ways, line_bits, sector_bits;
    way_t *w;
    uint64_t stamp;
} cache_t;

typedef struct {
    uint64_t line, ready;
    uint32_t sectors;
    int valid;
} mshr_t;

typedef struct {
    uint64_t row;
    int open;
    double ready;         /* the cycle the bank takes its next column command */
} dbank_t;

struct mem {
    sm_cfg_t c;
    cache_t l1, l2;
    mshr_t *mshr;
    dbank_t *bank;        /* dram_channels x dram_banks */
    double trcd, tcl, trp; /* DRAM timings in core cycles */
    uint64_t port_free, l2_free;
    double dram_free;     /* the cycle the DRAM queue has moved everything before */
    mem_stats_t st;
};

static unsigned log2u(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

static int cache_init(cache_t *k, unsigned size, unsigned ways, unsigned line, unsigned sector)
{
    k->ways = ways;
    k->sets = size / (ways * line);
    k->line_bits = log2u(line);
    k->sector_bits = log2u(sector);
    k->w = calloc((size_t)k->sets * ways, sizeof *k->w);
    return k->w ? 0 : -1;
}

static way_t *cache_find(cache_t *k, uint64_t line)
{
    way_t *set = k->w + (size_t)(line % k->sets) * k->ways;
    for (unsigned i = 0; i < k->ways; i++)
        if (set[i].sectors && set[i].tag == line)
            return &set[i];
    return NULL;
}

/* hit when every requested sector is valid; a hit refreshes the line's LRU stamp */
static int cache_hit(cache_t *k, uint64_t line, uint32_t sectors)
{
    way_t *w = cache_find(k, line);
    if (!w || (w->sectors & sectors) != sectors)
        return 0;
    w->used = ++k->stamp;
    return 1;
}

/* a fill: the line's way gains the sectors, or it takes an invalid way of the set, else the
 * least recently used one */
static void cache_fill(cache_t *k, uint64_t line, uint32_t sectors)
{
    way_t *w = cache_find(k, line);
    if (!w) {
        way_t *set = k->w + (size_t)(line % k->sets) * k->ways;
        w = &set[0];
        for (unsigned i = 1; i < k->ways && w->sectors; i++)
            if (!set[i].sectors || set[i].used < w->used)
                w = &set[i];
        w->tag = line;
        w->sectors = 0;
    }
    w->sectors |= sectors;
    w->used = ++k->stamp;
}

mem_t *mem_new(const sm_cfg_t *c)
{
    mem_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->c = *c;
    m->mshr = calloc(c->l1_mshrs, sizeof *m->mshr);
    m->bank = calloc((size_t)c->dram_channels * c->dram_banks, sizeof *m->bank);
    const double ps_per_cycle = 1e6 / c->clock_mhz;
    m->trcd = c->dram_trcd_ps / ps_per_cycle;
    m->tcl = c->dram_tcl_ps / ps_per_cycle;
    m->trp = c->dram_trp_ps / ps_per_cycle;
    if (!m->mshr || !m->bank || cache_init(&m->l1, c->l1_size, c->l1_assoc, c->l1_line, c->l1_sector) ||
        cache_init(&m->l2, c->l2_size, c->l2_assoc, c->l1_line, c->l1_sector)) {
        mem_free(m);
        return NULL;
    }
    return m;
}

void mem_free(mem_t *m)
{
    if (!m)
        return;
    free(m->l1.w);
    free(m->l2.w);
    free(m->mshr);
    free(m->bank);
    free(m);
}

int mem_ready(const mem_t *m, uint64_t now) { return m->port_free <= now; }
const mem_stats_t *mem_stats(const mem_t *m) { return &m->st; }

/* the returned fills of the MSHRs up to cycle t enter the L1 */
static void retire_mshrs(mem_t *m, uint64_t t)
{
    for (unsigned i = 0; i < m->c.l1_mshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].ready <= t) {
            cache_fill(&m->l1, m->mshr[i].line, m->mshr[i].sectors);
            m->mshr[i].valid = 0;
        }
}

/* the cycle a request sent at t is taken by the L2 (one per cycle, behind the interconnect) */
static uint64_t l2_arrival(mem_t *m, uint64_t t)
{
    uint64_t t2 = t + m->c.icnt_latency;
    if (t2 < m->l2_free)
        t2 = m->l2_free;
    m->l2_free = t2 + 1;
    return t2;
}

/* a write sent at cycle t (write-back L2: the sectors become valid there): the cycle its
 * acknowledgement is back at the SM */
static uint64_t l2_write(mem_t *m, uint64_t t, uint64_t line, uint32_t sectors)
{
    uint64_t t2 = l2_arrival(m, t);
    cache_fill(&m->l2, line, sectors);
    return t2 + m->c.l2_latency + m->c.icnt_latency;
}

/* a DRAM read of the line (address line << line_bits) issued at cycle t: the cycle its data
 * leaves the bank; the bank's row buffer opens the line's row */
static double dram_bank(mem_t *m, double t, uint64_t line)
{
    const sm_cfg_t *c = &m->c;
    const uint64_t a = line << m->l2.line_bits, chunk = a / c->dram_interleave;
    const uint64_t ch = chunk % c->dram_channels;
    const uint64_t in_ch = chunk / c->dram_channels * c->dram_interleave + a % c->dram_interleave;
    const uint64_t rowno = in_ch / c->dram_row_bytes;
    dbank_t *b = &m->bank[ch * c->dram_banks + rowno % c->dram_banks];
    const uint64_t row = rowno / c->dram_banks;
    double cmd = t > b->ready ? t : b->ready;
    if (!b->open || b->row != row) {
        cmd += (b->open ? m->trp : 0) + m->trcd;
        b->open = 1;
        b->row = row;
        m->st.dram_row_misses++;
    }
    b->ready = cmd;
    return cmd + m->tcl;
}

/* a read sent at cycle t: the cycle its data is back at the SM */
static uint64_t l2_access(mem_t *m, uint64_t t, uint64_t line, uint32_t sectors)
{
    uint64_t t2 = l2_arrival(m, t);
    if (cache_hit(&m->l2, line, sectors)) {
        m->st.l2_hits++;
        return t2 + m->c.l2_latency + m->c.icnt_latency;
    }
    m->st.dram_accesses++;
    double start = dram_bank(m, (double)(t2 + m->c.l2_latency), line);
    if (m->dram_free > start)
        start = m->dram_free;
    unsigned bytes = (unsigned)__builtin_popcount(sectors) << m->l2.sector_bits;
    m->dram_free = start + (double)bytes / m->c.dram_bw;
    cache_fill(&m->l2, line, sectors);
    return (uint64_t)(m->dram_free + 0.999999) + m->c.dram_latency + m->c.icnt_latency;
}

/* a load of the line's sectors: the cycle its data is back; *sent: the sectors it sends
 * towards the L2 */
static uint64_t load_line(mem_t *m, uint64_t *t, uint64_t line, uint32_t sectors, int bypass,
                          int *miss, unsigned *sent)
{
    *sent = (unsigned)__builtin_popcount(sectors);
    if (bypass) {
        m->st.l1_bypassed++;
        *miss = 1;
        return l2_access(m, *t, line, sectors);
    }
    retire_mshrs(m, *t);
    if (cache_hit(&m->l1, line, sectors)) {
        m->st.l1_hits++;
        *sent = 0;
        return *t + m->c.l1_latency;
    }
    *miss = 1;
    m->st.l1_misses++;
    /* l1_lookup_first: a miss leaves after the L1's pipeline (GPGPU-Sim's l1_latency_queue) */
    const unsigned look = m->c.l1_lookup_first ? m->c.l1_latency : 0;
    for (unsigned i = 0; i < m->c.l1_mshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].line == line) {
            uint32_t more = sectors & ~m->mshr[i].sectors;
            *sent = (unsigned)__builtin_popcount(more);
            if (more) {
                uint64_t r = l2_access(m, *t + look, line, more);
                m->mshr[i].sectors |= more;
                if (r > m->mshr[i].ready)
                    m->mshr[i].ready = r;
            }
            return m->mshr[i].ready;
        }
    for (;;) {
        for (unsigned i = 0; i < m->c.l1_mshrs; i++)
            if (!m->mshr[i].valid) {
                m->mshr[i] = (mshr_t){line, l2_access(m, *t + look, line, sectors), sectors, 1};
                return m->mshr[i].ready;
            }
        uint64_t next = UINT64_MAX;
        for (unsigned i = 0; i < m->c.l1_mshrs; i++)
            if (m->mshr[i].ready < next)
                next = m->mshr[i].ready;
        m->st.mshr_stalls += next - *t;
        *t = next;
        retire_mshrs(m, *t);
    }
}

uint64_t mem_access(mem_t *m, const warp_trace_t *tr, const inst_t *in, int is_load, uint64_t now,
                    int *l1_miss)
{
    *l1_miss = 0;
    uint64_t t = now > m->port_free ? now : m->port_free, done = t + 1;
    if (in->space == MS_SHARED) {
        m->st.shmem_conflict_cycles += in->shm_ways - 1u;
        m->port_free = t + in->shm_ways;
        return t + m->c.lat_shmem + in->shm_ways - 1;
    }
    if (in->space == MS_NONE) {
        *l1_miss = 1;
        m->port_free = t + 1;
        done = t + m->c.l2_latency + 2 * m->c.icnt_latency;
    }
    const int bypass = in->space == MS_GLOBAL && m->c.l1_gmem_bypass;
    const cache_t *k = &m->l1;
    const mreq_t *req = tr->mreq + in->req;
    for (unsigned i = 0; i < in->nreq && in->space != MS_NONE; i++) {
        /* the coalescer's 32-byte sectors regrouped into the L1's lines and sectors */
        const uint64_t cline = req[i] >> MEM_SECTORS;
        uint64_t line = ~0ull;
        uint32_t sec = 0;
        for (unsigned s = 0; s <= MEM_SECTORS; s++) {
            uint64_t a = s < MEM_SECTORS && (req[i] >> s & 1)
                             ? (cline << MEM_LINE_BITS) + ((uint64_t)s << MEM_SECTOR_BITS)
                             : ~0ull;
            uint64_t l = a == ~0ull ? ~0ull : a >> k->line_bits;
            if (sec && (l != line || s == MEM_SECTORS)) {
                /* sectors to the L2 leave one per cycle with l1_sector_issue (the last
                 * nsent - 1 after the first); hits take the L1's banks together */
                unsigned nsent = (unsigned)__builtin_popcount(sec);
                uint64_t r;
                if (!is_load) {
                    if (!bypass && (m->c.l1_write_alloc || cache_find(&m->l1, line)))
                        cache_fill(&m->l1, line, sec);
                    r = l2_write(m, t + (!bypass && m->c.l1_lookup_first ? m->c.l1_latency : 0),
                                 line, sec);
                } else
                    r = load_line(m, &t, line, sec, bypass, l1_miss, &nsent);
                const unsigned issue = m->c.l1_sector_issue && nsent > 1 ? nsent : 1;
                r += issue - 1;
                if (r > done)
                    done = r;
                t += issue;
                sec = 0;
            }
            if (a != ~0ull) {
                line = l;
                sec |= 1u << ((a >> k->sector_bits) & ((1u << (k->line_bits - k->sector_bits)) - 1));
            }
        }
    }
    if (in->space != MS_NONE)
        m->port_free = t;
    if (is_load) {
        m->st.loads++;
        m->st.load_latency_total += done - now;
    }
    return done;
}
