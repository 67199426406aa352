/* An SM's side of the memory hierarchy (mem.h): its L1, MSHRs and load/store port. */
#include "mem.h"
#include "cache.h"
#include "l2.h"
#include <stdlib.h>
#include <string.h>

STATS_LIST(mem_stat_list, "memory", MEM_STATS);

typedef struct {
    uint64_t line, ready;
    uint32_t sectors;
    int valid;
} mshr_t;

struct mem {
    sm_cfg_t c;
    cache_t l1;
    mshr_t *mshr;
    l2sys_t *l2;          /* the GPU's memory side */
    uint64_t port_free;
    mem_stats_t st;
};

mem_t *mem_new(const sm_cfg_t *c, l2sys_t *l2)
{
    mem_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->c = *c;
    m->mshr = calloc(c->l1_mshrs, sizeof *m->mshr);
    m->l2 = l2;
    if (!m->mshr || cache_init(&m->l1, c->l1_size, c->l1_assoc, c->l1_line, c->l1_sector)) {
        mem_free(m);
        return NULL;
    }
    return m;
}

void mem_free(mem_t *m)
{
    if (!m)
        return;
    cache_free(&m->l1);
    free(m->mshr);
    free(m);
}

int mem_ready(const mem_t *m, uint64_t now) { return m->port_free <= now; }
const mem_stats_t *mem_stats(const mem_t *m) { return &m->st; }

/* the returned fills of the MSHRs up to cycle t enter the L1 */
static void retire_mshrs(mem_t *m, uint64_t t)
{
    for (unsigned i = 0; i < m->c.l1_mshrs; i++)
        if (m->mshr[i].valid && m->mshr[i].ready <= t) {
            cache_fill(&m->l1, m->mshr[i].line, m->mshr[i].line, m->mshr[i].sectors);
            m->mshr[i].valid = 0;
        }
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
        return l2_read(m->l2, &m->st, *t, line, sectors);
    }
    retire_mshrs(m, *t);
    if (cache_hit(&m->l1, line, line, sectors)) {
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
                uint64_t r = l2_read(m->l2, &m->st, *t + look, line, more);
                m->mshr[i].sectors |= more;
                if (r > m->mshr[i].ready)
                    m->mshr[i].ready = r;
            }
            return m->mshr[i].ready;
        }
    for (;;) {
        for (unsigned i = 0; i < m->c.l1_mshrs; i++)
            if (!m->mshr[i].valid) {
                m->mshr[i] = (mshr_t){line, l2_read(m->l2, &m->st, *t + look, line, sectors), sectors, 1};
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
                    if (!bypass && (m->c.l1_write_alloc || cache_find(&m->l1, line, line)))
                        cache_fill(&m->l1, line, line, sec);
                    r = l2_write(m->l2, t + (!bypass && m->c.l1_lookup_first ? m->c.l1_latency : 0),
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
