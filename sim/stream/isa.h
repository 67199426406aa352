/* SASS opcodes per architecture: which Accel-Sim category an opcode belongs to on the
 * architecture that runs it (Kepler sm_3x ... Hopper sm_90), the latency class and execution
 * path gpurf gives that category, and how many registers its operands really cover
 * (.64/.128/.WIDE). An opcode not in its architecture's table is an error. */
#ifndef GPURF_ISA_H
#define GPURF_ISA_H
#include "cmodel/cfg.h"
#include <stdint.h>

typedef enum { CLS_ALU, CLS_SFU, CLS_SHMEM, CLS_GMEM, CLS_BRANCH, CLS_BARRIER, CLS_EXIT, CLS_N } op_class_t;

/* Accel-Sim's operation categories (trace_opcode.h); BRANCH also stands for its
 * SPECIALIZED_UNIT_1 (V+ branch unit), TEX for SPECIALIZED_UNIT_2, TENSOR for _3, UDP for _4 */
typedef enum {
    CAT_SP, CAT_INT, CAT_DP, CAT_SFU, CAT_TENSOR, CAT_ALU, CAT_LOAD, CAT_STORE, CAT_TEX,
    CAT_UDP, CAT_BRANCH, CAT_CALL, CAT_RET, CAT_EXIT, CAT_BARRIER, CAT_MEMBAR, CAT_TMA,
    CAT_FENCE, CAT_SYNCS, CAT_N
} op_cat_t;

/* architecture families with their own opcode table */
typedef enum { ARCH_KEPLER, ARCH_PASCAL, ARCH_VOLTA, ARCH_TURING, ARCH_AMPERE, ARCH_HOPPER, ARCH_N } arch_t;
#define ARCH_ANY (-1) /* hand-written and generated streams: the newest table that knows it */

/* family of a CUDA binary version (35, 61, 90 ...); -1 if none */
int isa_arch_of_binary(unsigned binary_version);
/* "sm_90", "sm90" or "90" -> binary version; 0 if not a known architecture */
unsigned isa_parse_arch(const char *s);
const char *isa_arch_name(int arch);
/* category of a full opcode such as "LDG.E.128" on an architecture; -1 if unknown there */
int isa_category(int arch, const char *opcode);
/* gpurf's latency class of a category (memory categories by the opcode's space) */
int isa_class_of(int cat, const char *opcode);
/* class on any architecture (the newest table that knows the opcode); -1 unknown */
int isa_class(const char *opcode);
const char *isa_class_name(int cls);
int isa_class_by_name(const char *name);
const char *isa_cat_name(int cat);
/* registers covered by a destination / source operand of this opcode (1, 2 or 4) */
unsigned isa_dst_width(const char *opcode);
unsigned isa_src_width(const char *opcode, unsigned src_index);
/* bytes per lane a memory opcode moves (Accel-Sim: its first numeric modifier / 8, else 4) */
unsigned isa_mem_width(const char *opcode);
/* opcode ends control flow of a basic block (branch, call, return, exit) */
int isa_is_control(const char *opcode);
/* function call / return (register-intervals never span them) */
int isa_is_call(const char *opcode);
int isa_is_return(const char *opcode);
/* execution kinds: the unit an operation needs and its latency and initiation interval
 * (Accel-Sim's trace_config::set_latency by category; TEX shares the SFU's, CALL and RET the
 * branch unit's) */
typedef enum {
    K_SP, K_INT, K_DP, K_SFU, K_TENSOR, K_UDP, K_BRANCH, K_MEM, K_CTRL, K_N
} exec_kind_t;
/* kind of a category; cat < 0 (unknown, or a class set by --opcode-class): of the class, alu
 * taken as Accel-Sim's ALU_OP (integer) */
int isa_kind(int cat, int cls);
/* the FP16x2 opcodes whose initiation interval Accel-Sim halves (trace_driven.cc) */
int isa_half_interval(const char *opcode);
/* latency of a kind (memory: shared-memory latency; global and local accesses: sim/mem) */
unsigned isa_latency(const sm_cfg_t *c, int kind, int cls);
/* cycles between two operations entering a unit of this kind (halved for isa_half_interval) */
unsigned isa_interval(const sm_cfg_t *c, int kind, int half);
/* the unit that runs a kind: integer operations on the SP unit without int_unit, double
 * precision on the SFU without dp_unit (one unit of each per sub-core) */
int isa_unit(const sm_cfg_t *c, int kind);

#endif
