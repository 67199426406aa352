/* The preset's fields against what the blocks hold (their C models' and RTL's maxima and
 * minima), checked for every run whatever the design: a value no block can take is refused
 * even when the chosen design does not build that block (cfg_validate calls it). Limits that
 * hold only in one design's combination of fields (LTRF's fill ports per cache bank, Malekeh's
 * SM-wide allocator, renaming's physical registers, the caches' main-RF write ports, the
 * scratchpad's registers per pool slot) stay in that design: a field another design ignores
 * may legitimately take a value it cannot. */
#include "cfg_int.h"
#include "rc.h"
#include "rsp.h"
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
    REQ(c->rsp_regs >= 1 && c->rsp_regs <= RSP_MAX_ENTRIES,
        "%s: field 'rsp_regs': %u, the rsp block holds 1 to %u entries", c->name, c->rsp_regs,
        RSP_MAX_ENTRIES);
    REQ(c->rc_rports <= RC_MAX_RPORTS && c->rc_rports <= RSP_MAX_RPORTS,
        "%s: field 'rc_rports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_rports,
        RC_MAX_RPORTS < RSP_MAX_RPORTS ? RC_MAX_RPORTS : RSP_MAX_RPORTS);
    REQ(c->rc_wports <= RC_MAX_WPORTS && c->rc_wports <= RSP_MAX_WPORTS,
        "%s: field 'rc_wports': %u exceeds the rc and rsp blocks' %u", c->name, c->rc_wports,
        RC_MAX_WPORTS < RSP_MAX_WPORTS ? RC_MAX_WPORTS : RSP_MAX_WPORTS);
    return 0;
}
