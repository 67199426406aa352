/* ccu_alloc: Malekeh's CCU allocator (Sec. 6) over NumCcus CCUs, taking NumReqs requests per
 * cycle (ccu_pool sm: one per SM over every CCU, a request port per scheduler, as the authors'
 * prototype; subcore: one per sub-core over its CCUs, one port). Requests (req_valid/warp and
 * req_age, the warp's age rank: 0 the oldest resident warp) are served one after another in
 * the prototype's priority order (rfwithcache.cc priority_func): warps that own a CCU first,
 * then the older, then the lower port. For each, from the CCUs' port R (ccu_valid/warp/near)
 * and busy bits, a CCU granted to an earlier request this cycle counting as busy:
 *   0. a request whose warp has an earlier request this cycle waits (stall OWN_BUSY; the SM
 *      never sends two, and so a warp never gets two CCUs in a cycle);
 *   1. the warp's own CCU (it owns one; the highest-numbered if it held two): granted if free
 *      (class OWN); if busy, the warp waits (stall OWN_BUSY);
 *   2. else among free CCUs: one that is empty (class EMPTY), else the least recently granted
 *      of those holding only far values (class FAR);
 *   3. else, when every free CCU holds a near value: once the stall counter allows it, the
 *      least recently granted free CCU (class NEAR); before that, the request stalls and the
 *      counter counts (stall STHLD);
 *   4. no free CCU: stall FULL.
 * Each request sees the counter and LRU ranks as the earlier ones left them.
 * A grant to a CCU owned by another warp flushes it (grant_flush). The stall counter
 * (SthldBits + 1 wide, saturating) follows SthldCounter:
 *   0 (sthld_counter near, the paper's and its authors' prototype's): a near CCU is replaced
 *     when the counter is higher than STHLD, and only that replacement resets it (Sec. 6: "Only
 *     when the counter is higher than STHLD will the CCU be replaced. Otherwise, the CCU
 *     allocator is stalled and the counter is incremented"; rfwithcache.cc m_stalls_in_a_row);
 *   1 (sthld_counter grant): replaced once the counter has reached STHLD (STHLD = 0 never
 *     waits), every grant resets it, so every episode waits the whole STHLD.
 * The paper keeps one counter per core: one per allocator (per SM with ccu_pool sm). LRU ranks among the CCUs (0 = granted last, reset gives CCU k rank k) order
 * classes FAR and NEAR. has_data[w]: warp w owns a CCU that holds data (the scheduler's
 * priority, Sec. 5).
 *
 * Outputs are combinational in the inputs and the state; the edge updates the counter and
 * the ranks. */
#ifndef GPURF_CCU_ALLOC_H
#define GPURF_CCU_ALLOC_H
#include "cfg.h"
#include "ports.h"

#define CCU_ALLOC_MAX_CCUS 16
#define CCU_ALLOC_MAX_WARPS 64
#define CCU_ALLOC_MAX_REQS 8

enum { CCU_GRANT_OWN, CCU_GRANT_EMPTY, CCU_GRANT_FAR, CCU_GRANT_NEAR };
enum { CCU_STALL_NONE, CCU_STALL_OWN_BUSY, CCU_STALL_STHLD, CCU_STALL_FULL };

#define CCU_ALLOC_PARAMS(P)                                                                        \
    P(NumCcus, num_ccus)                                                                           \
    P(NumWarps, num_warps)                                                                         \
    P(SthldBits, sthld_bits)                                                                       \
    P(SthldCounter, sthld_counter)                                                                 \
    P(NumReqs, num_reqs)

typedef struct {
#define P(V, f) unsigned f;
    CCU_ALLOC_PARAMS(P)
#undef P
    unsigned warp_bits, ccu_bits;
} ccu_alloc_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "ccu_alloc_ports.def"
#undef IN
#undef OUT
} ccu_alloc_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "ccu_alloc_ports.def"
#undef IN
#undef OUT
} ccu_alloc_out_t;

typedef struct {
    ccu_alloc_cfg_t c;
    uint32_t counter;
    uint8_t lru[CCU_ALLOC_MAX_CCUS];
    uint64_t grants[4], stalls[4];
} ccu_alloc_state_t;

extern const pt_table_t ccu_alloc_port_table;

void ccu_alloc_cfg_from_sm(const sm_cfg_t *sm, ccu_alloc_cfg_t *c);
void ccu_alloc_cfg_derive(ccu_alloc_cfg_t *c);
/* the preset's allocator with the counter reset by every grant (block ccu_alloc_gr) */
void ccu_alloc_gr_cfg_from_sm(const sm_cfg_t *sm, ccu_alloc_cfg_t *c);
int ccu_alloc_init(ccu_alloc_state_t *s, const ccu_alloc_cfg_t *c);
void ccu_alloc_free(ccu_alloc_state_t *s);
void ccu_alloc_eval(ccu_alloc_state_t *s, const ccu_alloc_in_t *in, ccu_alloc_out_t *out);
void ccu_alloc_tick(ccu_alloc_state_t *s, const ccu_alloc_in_t *in);

#endif
