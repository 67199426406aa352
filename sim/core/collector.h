/* The collectors as the core and the designs see them, whichever block fills the collector
 * slots (design_ops_t.collector: ocu, or a block with the same collector ports such as the
 * caching collector unit ccu): one accessor, the ports located by name in the block's port
 * table once. Dispatch, the value check, allocation and every design read and drive the
 * collectors through it. */
#ifndef GPURF_COLLECTOR_H
#define GPURF_COLLECTOR_H
#include "cmodel/ports.h"
#include <stddef.h>

/* the ports every collector block has (the ocu's, ocu_ports.def) */
#define CU_PORTS(X)                                                                                \
    X(alloc_valid) X(alloc_warp) X(alloc_info) X(alloc_src_valid) X(alloc_src) X(rd_gnt)           \
    X(rsp_valid) X(rsp_data) X(disp_ready) X(busy) X(rd_valid) X(rd_warp) X(rd_reg)                \
    X(disp_valid) X(disp_info) X(disp_data)

typedef struct {
#define X(n) const pt_port_t *n;
    CU_PORTS(X)
#undef X
} cu_ports_t;

/* the collector ports of table t; -1 with a message naming the missing port */
int cu_ports_find(const pt_table_t *t, cu_ports_t *p, char *err, size_t n);

/* element e of a port in a collector's in or out struct */
static inline uint32_t cu_get(const pt_port_t *p, const void *s, unsigned e)
{
    return *pt_elem_c(p, s, e);
}
static inline void cu_set(const pt_port_t *p, void *s, unsigned e, uint32_t v)
{
    *pt_elem(p, s, e) = v;
}
/* the lanes of a data element (rsp_data, disp_data) */
static inline const uint32_t *cu_data(const pt_port_t *p, const void *s, unsigned e)
{
    return pt_elem_c(p, s, e);
}

#endif
