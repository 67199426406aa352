/* SASS opcode table (Kepler to Ampere base opcodes as they appear in NVBit traces). */
#include "isa.h"
#include <stdint.h>
#include <string.h>

typedef struct {
    const char *name;
    int cls;
} op_t;

static const op_t ops[] = {
    /* global, local, texture and constant memory */
    {"LDG", CLS_GMEM}, {"STG", CLS_GMEM}, {"LD", CLS_GMEM}, {"ST", CLS_GMEM}, {"LDL", CLS_GMEM},
    {"STL", CLS_GMEM}, {"ATOM", CLS_GMEM}, {"ATOMG", CLS_GMEM}, {"RED", CLS_GMEM},
    {"LDGSTS", CLS_GMEM}, {"TEX", CLS_GMEM}, {"TLD", CLS_GMEM}, {"TLD4", CLS_GMEM},
    {"TXQ", CLS_GMEM}, {"SUST", CLS_GMEM}, {"SULD", CLS_GMEM}, {"SUATOM", CLS_GMEM},
    {"SURED", CLS_GMEM}, {"CCTL", CLS_GMEM}, {"LDC", CLS_SHMEM},
    /* shared memory */
    {"LDS", CLS_SHMEM}, {"STS", CLS_SHMEM}, {"ATOMS", CLS_SHMEM}, {"LDSM", CLS_SHMEM},
    /* special function and slow arithmetic */
    {"MUFU", CLS_SFU}, {"RRO", CLS_SFU}, {"DADD", CLS_SFU}, {"DMUL", CLS_SFU}, {"DFMA", CLS_SFU},
    {"DSETP", CLS_SFU}, {"DMNMX", CLS_SFU}, {"F2F", CLS_SFU}, {"F2I", CLS_SFU}, {"I2F", CLS_SFU},
    {"I2I", CLS_SFU}, {"FRND", CLS_SFU}, {"POPC", CLS_SFU}, {"FLO", CLS_SFU}, {"BREV", CLS_SFU},
    {"HMMA", CLS_SFU}, {"IMMA", CLS_SFU}, {"DMMA", CLS_SFU}, {"BMMA", CLS_SFU},
    /* control flow */
    {"BRA", CLS_BRANCH}, {"BRX", CLS_BRANCH}, {"JMP", CLS_BRANCH}, {"JMX", CLS_BRANCH},
    {"CAL", CLS_BRANCH}, {"CALL", CLS_BRANCH}, {"RET", CLS_BRANCH}, {"SSY", CLS_BRANCH},
    {"SYNC", CLS_BRANCH}, {"PBK", CLS_BRANCH}, {"BRK", CLS_BRANCH}, {"PCNT", CLS_BRANCH},
    {"CONT", CLS_BRANCH}, {"PRET", CLS_BRANCH}, {"BPT", CLS_BRANCH}, {"BSSY", CLS_BRANCH},
    {"BSYNC", CLS_BRANCH}, {"BREAK", CLS_BRANCH}, {"WARPSYNC", CLS_BRANCH}, {"KILL", CLS_BRANCH},
    {"NOP", CLS_BRANCH}, {"MEMBAR", CLS_BRANCH}, {"DEPBAR", CLS_BRANCH}, {"ERRBAR", CLS_BRANCH},
    {"YIELD", CLS_BRANCH}, {"BMOV", CLS_BRANCH}, {"NANOSLEEP", CLS_BRANCH},
    {"BAR", CLS_BARRIER}, {"EXIT", CLS_EXIT},
    /* integer, float, logic, move, predicate, conversion: the ALU path */
    {"FADD", CLS_ALU}, {"FMUL", CLS_ALU}, {"FFMA", CLS_ALU}, {"FFMA32I", CLS_ALU},
    {"FADD32I", CLS_ALU}, {"FMUL32I", CLS_ALU}, {"FMNMX", CLS_ALU}, {"FSET", CLS_ALU},
    {"FSETP", CLS_ALU}, {"FCHK", CLS_ALU}, {"FSEL", CLS_ALU}, {"FSWZADD", CLS_ALU},
    {"HADD2", CLS_ALU}, {"HMUL2", CLS_ALU}, {"HFMA2", CLS_ALU}, {"HSETP2", CLS_ALU},
    {"IADD", CLS_ALU}, {"IADD3", CLS_ALU}, {"IADD32I", CLS_ALU}, {"IMAD", CLS_ALU},
    {"IMAD32I", CLS_ALU}, {"IMADSP", CLS_ALU}, {"IMUL", CLS_ALU}, {"IMUL32I", CLS_ALU},
    {"IMNMX", CLS_ALU}, {"ISCADD", CLS_ALU}, {"ISCADD32I", CLS_ALU}, {"ISET", CLS_ALU},
    {"ISETP", CLS_ALU}, {"ICMP", CLS_ALU}, {"IABS", CLS_ALU}, {"XMAD", CLS_ALU},
    {"LEA", CLS_ALU}, {"LOP", CLS_ALU}, {"LOP3", CLS_ALU}, {"LOP32I", CLS_ALU},
    {"SHL", CLS_ALU}, {"SHR", CLS_ALU}, {"SHF", CLS_ALU}, {"BFE", CLS_ALU}, {"BFI", CLS_ALU},
    {"MOV", CLS_ALU}, {"MOV32I", CLS_ALU}, {"SEL", CLS_ALU}, {"PRMT", CLS_ALU},
    {"SHFL", CLS_ALU}, {"S2R", CLS_ALU}, {"CS2R", CLS_ALU}, {"R2P", CLS_ALU}, {"P2R", CLS_ALU},
    {"PSETP", CLS_ALU}, {"PSET", CLS_ALU}, {"PLOP3", CLS_ALU}, {"VOTE", CLS_ALU},
    {"VABSDIFF", CLS_ALU}, {"VMNMX", CLS_ALU}, {"IDP", CLS_ALU},
    {"ULDC", CLS_ALU}, {"UMOV", CLS_ALU}, {"S2UR", CLS_ALU}, {"R2UR", CLS_ALU},
    {"REDUX", CLS_ALU}, {"MATCH", CLS_ALU}, {"F2FP", CLS_ALU},
};

static const char *const cls_names[CLS_N] = {"alu", "sfu", "shmem", "gmem", "branch", "barrier", "exit"};

const char *isa_class_name(int cls) { return cls >= 0 && cls < CLS_N ? cls_names[cls] : "?"; }

static size_t base_len(const char *op)
{
    const char *d = strchr(op, '.');
    return d ? (size_t)(d - op) : strlen(op);
}

int isa_class(const char *opcode)
{
    size_t n = base_len(opcode);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strlen(ops[i].name) == n && !strncmp(ops[i].name, opcode, n))
            return ops[i].cls;
    return -1;
}

/* does the opcode carry the modifier m (".m" followed by "." or end)? */
static int has_mod(const char *op, const char *m)
{
    size_t n = strlen(m);
    for (const char *p = strchr(op, '.'); p; p = strchr(p + 1, '.'))
        if (!strncmp(p + 1, m, n) && (p[1 + n] == '.' || p[1 + n] == 0))
            return 1;
    return 0;
}

/* double-precision arithmetic (DADD, DMUL, DFMA, DMNMX) works on register pairs */
static int is_double(const char *op)
{
    return op[0] == 'D' && isa_class(op) == CLS_SFU && strncmp(op, "DSETP", 5) != 0;
}

unsigned isa_dst_width(const char *op)
{
    if (has_mod(op, "128"))
        return 4;
    if (has_mod(op, "64") || has_mod(op, "WIDE") || is_double(op))
        return 2;
    return 1;
}

unsigned isa_src_width(const char *op, unsigned i)
{
    int cls = isa_class(op);
    /* memory instructions: the first source is the address (64-bit with .E), later sources
     * are store data of the access width */
    if (cls == CLS_GMEM || cls == CLS_SHMEM) {
        if (i == 0)
            return (cls == CLS_GMEM && has_mod(op, "E")) ? 2 : 1;
        return isa_dst_width(op);
    }
    if (is_double(op) || (op[0] == 'D' && !strncmp(op, "DSETP", 5)))
        return 2;
    if (has_mod(op, "WIDE"))
        return i == 2 ? 2 : 1;
    return 1;
}

int isa_is_control(const char *op)
{
    int c = isa_class(op);
    if (c == CLS_EXIT)
        return 1;
    size_t n = base_len(op);
    static const char *const ctl[] = {"BRA", "BRX", "JMP", "JMX", "CAL", "CALL", "RET", "BRK", "CONT", "KILL", NULL};
    for (unsigned i = 0; ctl[i]; i++)
        if (strlen(ctl[i]) == n && !strncmp(ctl[i], op, n))
            return 1;
    return 0;
}

static int base_is(const char *op, const char *const *names)
{
    size_t n = base_len(op);
    for (unsigned i = 0; names[i]; i++)
        if (strlen(names[i]) == n && !strncmp(names[i], op, n))
            return 1;
    return 0;
}

int isa_is_call(const char *op)
{
    static const char *const names[] = {"CAL", "CALL", "JCAL", NULL};
    return base_is(op, names);
}

int isa_is_return(const char *op)
{
    static const char *const names[] = {"RET", NULL};
    return base_is(op, names);
}

unsigned isa_latency(const sm_cfg_t *c, int cls)
{
    switch (cls) {
    case CLS_SFU: return c->lat_sfu;
    case CLS_SHMEM: return c->lat_shmem;
    case CLS_BRANCH:
    case CLS_BARRIER:
    case CLS_EXIT: return c->lat_branch;
    default: return c->lat_alu;
    }
}
