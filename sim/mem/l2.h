/* The GPU's memory side, shared by every SM (mem.h is an SM's side): the interconnect, the L2
 * in l2_slices slices (sectored, l2_size / l2_slices bytes each, l2_assoc ways) and DRAM in
 * dram_channels channels. Lines interleave over slices and over channels every
 * dram_interleave bytes. A request crosses the interconnect (icnt_latency) to its slice, which
 * takes one request per cycle; a hit returns l2_latency later and crosses back; a miss goes to
 * its channel: the bank's row buffer (tRCD, tCL, tRP), the transfer of its sectors behind the
 * transfers before it, then dram_latency and the way back. The channels' data buses are
 * modelled as one pool of dram_bw bytes per cycle (their sum; a simplification: a channel
 * that many lines map to at once is not slower than the others). Writes make their sectors
 * valid in the slice (write-back L2) and are acknowledged l2_latency plus both crossings after
 * they are sent.
 *
 * Order contract: the GPU applies its SMs' requests of a cycle in SM order (gpu.h), so the
 * answers do not depend on how the SMs are spread over threads. The reply path is not
 * bandwidth limited (a request's reply returns at the latency above). */
#ifndef GPURF_L2_H
#define GPURF_L2_H
#include "cmodel/cfg.h"
#include "mem.h"

typedef struct l2sys l2sys_t;

l2sys_t *l2sys_new(const sm_cfg_t *c);
void l2sys_free(l2sys_t *s);
/* a read of the line's sectors sent at cycle t: the cycle its data is back at the SM; the
 * counters of the SM that sent it in st */
uint64_t l2_read(l2sys_t *s, mem_stats_t *st, uint64_t t, uint64_t line, uint32_t sectors);
/* a write sent at cycle t: the cycle its acknowledgement is back at the SM */
uint64_t l2_write(l2sys_t *s, uint64_t t, uint64_t line, uint32_t sectors);

#endif
