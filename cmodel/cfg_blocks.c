/* The preset's fields against what the blocks hold (their C models' and RTL's maxima and
 * minima), checked for every run whatever the design: a value no block can take is refused
 * even when the chosen design does not build that block (cfg_validate calls it). */
#include "avail.h"
#include "ccu_alloc.h"
#include "cfg_int.h"
#include "rc.h"
#include "rf.h"
#include "rsp.h"
#include "wcb.h"
#include <stdio.h>

#define REQ(cond, ...)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            snprintf(err, n, __VA_ARGS__);                                                         \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

int cfg_blocks_check(const sm_cfg_t *c, char *err, size_t n)
{
    /* the register cache and scratchpad (rc, rsp) and their ports into the main RF */
    REQ(c->rc_lines >= 1 && c->rc_lines <= RC_MAX_LINES,
        "%s: field 'rc_lines': %u, the rc block holds 1 to %u lines", c->name, c->rc_lines,
        RC_MAX_LINES);
    REQ(c->rsp_regs >= 1 && c->rsp_regs * c->active_pool <= RSP_MAX_ENTRIES,
        "%s: field 'rsp_regs': %u x active_pool %u, the rsp block holds 1 to %u entries", c->name,
        c->rsp_regs, c->active_pool, RSP_MAX_ENTRIES);
    REQ(c->rc_rports <= RC_MAX_RPORTS && c->rc_rports <= RSP_MAX_RPORTS,
        "%s: field 'rc_rports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_rports,
        RC_MAX_RPORTS < RSP_MAX_RPORTS ? RC_MAX_RPORTS : RSP_MAX_RPORTS);
    REQ(c->rc_wports <= RC_MAX_WPORTS && c->rc_wports <= RSP_MAX_WPORTS,
        "%s: field 'rc_wports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_wports,
        RC_MAX_WPORTS < RSP_MAX_WPORTS ? RC_MAX_WPORTS : RSP_MAX_WPORTS);
    REQ(c->rf_cache_wports >= 1, "%s: field 'rf_cache_wports': 0, the caches' evictions and "
        "write-backs need a main-RF port", c->name);
    /* LTRF's cache fill (rf_fill, wcb) */
    REQ(c->rfc_fill_ports <= c->rfc_banks, "%s: field 'rfc_fill_ports': %u, more than a row's "
        "%u cache banks (rfc_banks)", c->name, c->rfc_fill_ports, c->rfc_banks);
    REQ(c->rfc_alloc_ports <= c->rfc_banks, "%s: field 'rfc_alloc_ports': %u, more than a row's "
        "%u cache banks (rfc_banks)", c->name, c->rfc_alloc_ports, c->rfc_banks);
    REQ(c->active_pool * c->rfc_fill_ports <= RF_MAX_PORTS,
        "%s: field 'rfc_fill_ports': %u rows x %u fill ports exceed the main register file's %u "
        "read ports", c->name, c->active_pool, c->rfc_fill_ports, RF_MAX_PORTS);
    REQ(c->active_pool * c->rfc_alloc_ports <= WCB_MAX_MPORTS,
        "%s: field 'rfc_alloc_ports': %u rows x %u allocation ports exceed the WCB's %u map ports",
        c->name, c->active_pool, c->rfc_alloc_ports, WCB_MAX_MPORTS);
    /* Malekeh's SM-wide CCU allocator (ccu_alloc) */
    REQ(c->ccu_pool != CCU_POOL_SM ||
            (c->collectors <= CCU_ALLOC_MAX_CCUS && c->warp_slots <= CCU_ALLOC_MAX_WARPS &&
             c->schedulers <= CCU_ALLOC_MAX_REQS),
        "%s: field 'ccu_pool': one allocator over %u CCUs, %u warps and %u schedulers exceeds "
        "its RTL's %u, %u and %u (ccu_pool subcore splits it)", c->name, c->collectors,
        c->warp_slots, c->schedulers, CCU_ALLOC_MAX_CCUS, CCU_ALLOC_MAX_WARPS, CCU_ALLOC_MAX_REQS);
    /* renaming's physical registers (avail) */
    REQ(cfg_phys_per_sc(c) <= AVAIL_MAX_PHYS, "%s: field 'rf_warp_regs': %u physical registers "
        "per sub-core exceed the renaming model's %u", c->name, cfg_phys_per_sc(c),
        AVAIL_MAX_PHYS);
    return 0;
}
