/* Seeded generator of synthetic kernels. Spec: comma-separated key=value, all optional:
 *   seed=1 blocks=8 warps=4 regs=24 insts=40 loops=8 div=20 dep=50
 *   alu=70 sfu=6 shmem=10 gmem=10 (instruction mix weights of the loop body)
 *   idiv=0 window=0 addr=stream stride=128 tile=16 its=0 calls=2
 * The kernel: a prologue that writes every register, a loop body of `insts` instructions run
 * `loops` times with a forward branch over a quarter of the body: a warp-dependent subset of
 * iterations skips it (div = percent), and in idiv percent of the others the warp diverges,
 * the skipped part running on a random part of the lanes (its mask) before the warp
 * reconverges; an epilogue stores and exits. `dep` is the percent of sources taken from the
 * last few destinations (dependency chains). window=W (0: off) draws the operands of body
 * instruction k from W registers starting at k * (regs - W) / insts: a window sliding over the
 * registers, so register-intervals grow long (LTRF Table 4). Global addresses: addr=stream
 * (every access a new fully used line), stride (lane l at l * stride bytes: one line per lane
 * when stride >= 128), tile (lines of a per-block tile of `tile` lines, reused), random (any
 * line of a 64 MB footprint per lane); shared-memory lanes stride by 4 bytes (no conflicts).
 * temps=T (percent of the registers, 0: off) makes short-lived registers (Jeon and Annavaram
 * Fig. 3(a)): half of them are written in the prologue and read once before the loop, then
 * dead (r12); the others are loaded from global memory at each iteration's start and go
 * through read-write sequences in the body (each body instruction, with probability T
 * percent, reads and rewrites the next one), their last read feeding a long-lived register
 * (r0); the remaining registers are long-lived as without the knob (r2).
 * pdiv=P (0: off) gives the forward branch an else path: the quarter after the skipped part,
 * reached over a branch at the skipped part's end; in P percent of the iterations that run the
 * skipped part the warp diverges into both paths, the skipped part on a random part of the
 * lanes and the else path on the others, then reconverges, so registers written on all lanes
 * are overwritten in part on both paths and read on all lanes later (a warp that takes the
 * branch runs the else path only).
 * pred=P (0: off): P percent of the body's other instructions run predicated, on a random part
 * of the warp's active lanes (an eighth of them on none: an empty mask, memory lines included).
 * threads=T (0: off, every warp full) makes blocks of T threads: the last warp of a block
 * runs on the first T - 32 (warps - 1) lanes only (T above 32 (warps - 1), at most 32 warps).
 * wide=P (0: off) makes a register-bandwidth-bound stream: P percent of the body's ALU
 * instructions read two 32-bit sources and a 64-bit addend into a 64-bit result (IMAD.WIDE:
 * four source registers), and P percent of its shared accesses move 128 bits (LDS.U.128 into
 * four registers, STS.128 from four; lanes 16 bytes apart). dfma=P (0: off): P percent of the
 * ALU instructions read three 64-bit sources (DFMA: six registers, the most a collector takes;
 * the DP unit's rate, 1/32 on turing, then bounds the kernel). A wide operand starts at a
 * register aligned to its width. MMA instructions are not generated: an HMMA.16816's fragments
 * (A four registers, B two, C four) exceed a six-slot collector.
 * its=P (0: off) adds a region to the loop body as independent thread scheduling (Volta on)
 * records it: a full-mask write of T, then BSSY and a branch into side A or side B, which meet
 * at a BSYNC. In P percent of the iterations the warp's lanes split into two flows (its two
 * halves, or a random part and the rest) that run one after the other: the first to the BSYNC,
 * then the second, on the first's side half of the time (the same PCs twice) or on the other;
 * otherwise the warp runs one side whole. Side A reads W+1, then writes W..W+3 (LDS.U.128) on
 * its flow's lanes; side B reads W+2 and W+3 (what the other flow may have written) and writes
 * a 64-bit pair P (IMAD.WIDE) and W..W+3; after the BSYNC every lane reads W, W+3 and P+1.
 * calls=N (0..8, default 2) puts N call sites of one subroutine in the region (side A the odd
 * ones), each followed by a read of P: the subroutine reads T and P and writes U and P on the
 * calling flow's lanes, so its RET has up to N successors. T, U and P are four registers of
 * their own above the body's (regs leaves at least 12 long-lived ones); T and U are dead after
 * the region, but only once every flow has read them.
 * The same seed gives the same kernel; gen_write_traces writes it as an Accel-Sim
 * kernelslist.g + kernel-1.traceg with the same masks and addresses, in the address modes the
 * tracer writes (base and stride when the active lanes are contiguous with one stride, an empty
 * mask included; else base and deltas), or every address listed (list = 1). */
#ifndef GPURF_GEN_H
#define GPURF_GEN_H
#include "stream.h"

#define GEN_MAX_CALLS 8

typedef struct {
    unsigned seed, blocks, warps, regs, insts, loops, div, dep;
    unsigned w_alu, w_sfu, w_shmem, w_gmem;
    unsigned idiv, window, addr, stride, tile, temps, pdiv, pred, threads, wide, dfma, its, calls;
} gen_spec_t;

enum { GEN_ADDR_STREAM, GEN_ADDR_STRIDE, GEN_ADDR_TILE, GEN_ADDR_RANDOM };

int gen_parse(const char *spec, gen_spec_t *g, char *err, size_t n);
int gen_kernel(const gen_spec_t *g, kernel_t **out, char *err, size_t n);
int gen_write_traces(const gen_spec_t *g, const char *dir, int list, char *err, size_t n);

#endif
