/* rflc: the release-flag cache of cross-warp register renaming (Jeon and Annavaram Sec. 6.2,
 * Fig. 8), one per sub-core, shared by its warps. An entry holds one pir's 54 flag bits,
 * tagged by the static index of the first instruction the pir covers (the paper's 324 B
 * has no tags; they are counted apart), with a valid bit and a true-LRU rank.
 *   lookup  lk_*: a hit (combinational) gives the flags: the warp skips fetching the pir;
 *   fill    fill_*: a missed pir, fetched and decoded, is cached at the edge: in the entry
 *           already holding its tag, else the lowest-numbered invalid entry, else the least
 *           recently used valid entry no warp needs; with none the warp uses the pir once
 *           (fill_ok 0). An entry whose touch is pending (hit or filled at the last edge) is
 *           not a victim.
 *   in use  in_use: registered, the previous cycle's test (Sec. 6.2: an entry is in use while
 *           some warp's next instruction, warp_next, lies in the Span instructions it covers).
 * Pipelined for the clock (docs/synthesis.md): a cycle's hit and fill touch the LRU ranks at
 * the next edge, the hit's first, so a fill's victim is chosen from ranks one cycle old.
 *   flush   a new kernel's program (its tags index other instructions): every entry becomes
 *           invalid at the edge; a fill in the same cycle is dropped (its touch is not), the
 *           ranks are kept. */
#ifndef GPURF_RFLC_H
#define GPURF_RFLC_H
#include "cfg.h"
#include "ports.h"

#define RFLC_MAX_ENTRIES 64
#define RFLC_MAX_WARPS 64
#define RFLC_TAG_BITS 16  /* static instruction indices */
#define RFLC_FLAG_BITS 54 /* a pir's payload */

#define RFLC_PARAMS(P)                                                                             \
    P(Entries, entries)                                                                            \
    P(NumWarps, num_warps)                                                                         \
    P(Span, span)

typedef struct {
#define P(V, f) unsigned f;
    RFLC_PARAMS(P)
#undef P
    unsigned slot_bits;
} rflc_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "rflc_ports.def"
#undef IN
#undef OUT
} rflc_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "rflc_ports.def"
#undef IN
#undef OUT
} rflc_out_t;

typedef struct {
    rflc_cfg_t c;
    uint8_t valid[RFLC_MAX_ENTRIES], lru[RFLC_MAX_ENTRIES], in_use[RFLC_MAX_ENTRIES];
    unsigned hp, hs, fp, fs; /* the last edge's hit and fill: touches the next edge applies */
    uint32_t tag[RFLC_MAX_ENTRIES], lo[RFLC_MAX_ENTRIES], hi[RFLC_MAX_ENTRIES];
    uint64_t hits, misses, fills, bypassed;
} rflc_state_t;

extern const pt_table_t rflc_port_table;

void rflc_cfg_from_sm(const sm_cfg_t *sm, rflc_cfg_t *c);
void rflc_cfg_derive(rflc_cfg_t *c);
int rflc_init(rflc_state_t *s, const rflc_cfg_t *c);
void rflc_free(rflc_state_t *s);
void rflc_eval(rflc_state_t *s, const rflc_in_t *in, rflc_out_t *out);
void rflc_tick(rflc_state_t *s, const rflc_in_t *in);

#endif
