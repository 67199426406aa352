/* SASS opcode classes: which execution path and latency an instruction takes, and how many
 * registers its operands really cover (.64/.128/.WIDE). Unknown opcodes are an error. */
#ifndef GPURF_ISA_H
#define GPURF_ISA_H
#include "cmodel/cfg.h"
#include <stdint.h>

typedef enum { CLS_ALU, CLS_SFU, CLS_SHMEM, CLS_GMEM, CLS_BRANCH, CLS_BARRIER, CLS_EXIT, CLS_N } op_class_t;

/* class of a full opcode such as "LDG.E.128"; -1 if the base opcode is unknown */
int isa_class(const char *opcode);
const char *isa_class_name(int cls);
/* registers covered by a destination / source operand of this opcode (1, 2 or 4) */
unsigned isa_dst_width(const char *opcode);
unsigned isa_src_width(const char *opcode, unsigned src_index);
/* opcode ends control flow of a basic block (branch, call, return, exit) */
int isa_is_control(const char *opcode);
/* function call / return (register-intervals never span them) */
int isa_is_call(const char *opcode);
int isa_is_return(const char *opcode);
/* execution latency of a class (memory classes: sim/mem) */
unsigned isa_latency(const sm_cfg_t *c, int cls);

#endif
