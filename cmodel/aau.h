/* aau: address allocation unit (LTRF paper Sec. 4.2, Fig. 8). Two queues over the ids
 * 0..Entries-1: `unused` (a FIFO of free ids, full after reset, in order 0,1,2,...) and
 * `occupied` (the allocated ids, kept as a bit-vector because a release names any id).
 * LTRF uses one unit per active warp for register-file cache banks (Entries = rfc_banks,
 * AllocPorts = rfc_alloc_ports: a warp's working set allocated that many banks a cycle) and one
 * shared unit for warp-offset addresses (Entries = active_pool, AllocPorts 1): block `aau_off`.
 *
 * Ports (aau_ports.def; RTL rtl/aau.v), one cycle each, all honoured at the clock edge:
 *   alloc_valid[k]  allocation port k asks for an id; the ports asking take as many ids from
 *                the head of `unused`, in port order, as it holds; they become occupied
 *   rel_valid/rel_id  return an occupied id to the tail of `unused` (ignored if not occupied)
 *   rel_all      release everything: the reset state (all ids unused, in order); overrides
 *                alloc and rel_valid in the same cycle
 *   avail        `unused` is not empty
 *   head[k]      the id the k-th allocation of this cycle takes (valid for k < free_count)
 *   free_count   ids in `unused`
 *   occupied[i]  id i is allocated
 * An alloc and a release in the same cycle both happen; an id released in a cycle can be
 * allocated again from the next cycle on. */
#ifndef GPURF_AAU_H
#define GPURF_AAU_H
#include "cfg.h"
#include "ports.h"

#define AAU_MAX_ENTRIES 64
#define AAU_MAX_ALLOC 64

#define AAU_PARAMS(P) P(Entries, entries) P(AllocPorts, alloc_ports)

typedef struct {
#define P(V, f) unsigned f;
    AAU_PARAMS(P)
#undef P
    unsigned id_bits, count_bits;
} aau_cfg_t;

typedef struct {
#define IN(k, n, b, c, m) PT_FIELD_##k(n, m)
#define OUT(k, n, b, c, m)
#include "aau_ports.def"
#undef IN
#undef OUT
} aau_in_t;

typedef struct {
#define IN(k, n, b, c, m)
#define OUT(k, n, b, c, m) PT_FIELD_##k(n, m)
#include "aau_ports.def"
#undef IN
#undef OUT
} aau_out_t;

typedef struct {
    aau_cfg_t c;
    uint8_t fifo[AAU_MAX_ENTRIES];
    unsigned head, count;
    uint8_t occ[AAU_MAX_ENTRIES];
    uint32_t occ_ver;                  /* bumped whenever occ changes */
    const void *occ_out;               /* the out struct holding occ as of occ_out_ver */
    uint32_t occ_out_ver;
    uint64_t allocs, releases, release_alls; /* activity counters */
} aau_state_t;

extern const pt_table_t aau_port_table;

/* aau: Entries = rfc_banks; aau_off: Entries = active_pool */
void aau_cfg_from_sm(const sm_cfg_t *sm, aau_cfg_t *c);
void aau_off_cfg_from_sm(const sm_cfg_t *sm, aau_cfg_t *c);
void aau_cfg_derive(aau_cfg_t *c);
int aau_init(aau_state_t *s, const aau_cfg_t *c);
void aau_free(aau_state_t *s);
void aau_eval(aau_state_t *s, const aau_in_t *in, aau_out_t *out);
void aau_tick(aau_state_t *s, const aau_in_t *in);
/* no command: the edge changes nothing (harness/blocks.h) */
int aau_quiet(const aau_state_t *s, const aau_in_t *in);

#endif
