/* SASS opcode tables, Kepler to Hopper. Each entry: base opcode, Accel-Sim category, the
 * architectures whose table holds it. Kepler to Ampere follow accel-sim-framework's
 * gpu-simulator/ISA_Def/<arch>_opcode.h (Maxwell uses the Pascal table, Ada the Ampere
 * one); Hopper is Accel-Sim's hopper_opcode.h plus the sm_90 opcodes of NVIDIA's CUDA Binary
 * Utilities instruction set reference that it lacks (IGMMA, BGMMA, STSM, ACQBULK,
 * ENDCOLLECTIVE, PREEXIT, VHMNMX). */
#include "isa.h"
#include <stdlib.h>
#include <string.h>

#define K (1u << ARCH_KEPLER)
#define P (1u << ARCH_PASCAL)
#define V (1u << ARCH_VOLTA)
#define T (1u << ARCH_TURING)
#define A (1u << ARCH_AMPERE)
#define H (1u << ARCH_HOPPER)
#define ALL (K | P | V | T | A | H)
#define PH (P | V | T | A | H)
#define VH (V | T | A | H)
#define TH (T | A | H)
#define AH (A | H)
#define KP (K | P)

typedef struct {
    const char *name;
    uint8_t cat, archs;
} op_t;

static const op_t ops[] = {
    /* 32- and 16-bit floating point */
    {"FADD", CAT_SP, ALL}, {"FADD32I", CAT_SP, ALL}, {"FCHK", CAT_SP, ALL}, {"FFMA", CAT_SP, ALL},
    {"FFMA32I", CAT_SP, ALL}, {"FMNMX", CAT_SP, ALL}, {"FMUL", CAT_SP, ALL},
    {"FMUL32I", CAT_SP, ALL}, {"FSET", CAT_SP, ALL}, {"FSETP", CAT_SP, ALL},
    {"FSEL", CAT_SP, PH}, {"FSWZADD", CAT_SP, PH}, {"FSWZ", CAT_SP, K}, {"RRO", CAT_SP, KP},
    {"FCMP", CAT_SP, KP}, {"HADD2", CAT_SP, PH}, {"HFMA2", CAT_SP, PH}, {"HMUL2", CAT_SP, PH},
    {"HSET2", CAT_SP, PH}, {"HSETP2", CAT_SP, PH}, {"HADD2_32I", CAT_SP, VH},
    {"HFMA2_32I", CAT_SP, VH}, {"HMUL2_32I", CAT_SP, VH}, {"HMNMX2", CAT_SP, AH},
    {"VIMNMX", CAT_SP, H}, {"VIMNMX3", CAT_SP, H}, {"VHMNMX", CAT_SP, H},
    {"MUFU", CAT_SFU, ALL},
    /* double precision and tensor cores */
    {"DADD", CAT_DP, ALL}, {"DFMA", CAT_DP, ALL}, {"DMUL", CAT_DP, ALL}, {"DSETP", CAT_DP, ALL},
    {"DMNMX", CAT_DP, KP}, {"DSET", CAT_DP, KP},
    {"HMMA", CAT_TENSOR, VH}, {"IMMA", CAT_INT, P | V}, {"IMMA", CAT_TENSOR, TH},
    {"BMMA", CAT_TENSOR, TH}, {"DMMA", CAT_TENSOR, AH},
    /* integer */
    {"IADD", CAT_INT, ALL}, {"IADD32I", CAT_INT, ALL}, {"IMAD", CAT_INT, ALL},
    {"IMUL", CAT_INT, ALL}, {"IMUL32I", CAT_INT, ALL}, {"ISCADD", CAT_INT, ALL},
    {"ISCADD32I", CAT_INT, ALL}, {"IMNMX", CAT_INT, ALL}, {"SHR", CAT_INT, ALL},
    {"SHL", CAT_INT, ALL}, {"SHF", CAT_INT, ALL}, {"LOP", CAT_INT, ALL}, {"LOP32I", CAT_INT, ALL},
    {"FLO", CAT_INT, ALL}, {"ISETP", CAT_INT, ALL}, {"POPC", CAT_INT, ALL},
    {"ISUB", CAT_INT, K}, {"ISAD", CAT_INT, K}, {"IMADSP", CAT_INT, KP}, {"BFE", CAT_INT, KP},
    {"BFI", CAT_INT, KP}, {"ICMP", CAT_INT, KP}, {"ISET", CAT_INT, KP}, {"XMAD", CAT_INT, P},
    {"VADD", CAT_INT, P}, {"VMNMX", CAT_INT, P}, {"BMSK", CAT_INT, PH}, {"BREV", CAT_INT, PH},
    {"IABS", CAT_INT, PH}, {"IADD3", CAT_INT, PH}, {"IDP", CAT_INT, PH}, {"IDP4A", CAT_INT, PH},
    {"LEA", CAT_INT, PH}, {"LOP3", CAT_INT, PH}, {"VABSDIFF", CAT_INT, PH},
    {"VABSDIFF4", CAT_INT, PH}, {"VIADD", CAT_INT, H}, {"VIADDMNMX", CAT_INT, H},
    /* conversion, movement, predicates, miscellaneous: the generic ALU */
    {"F2F", CAT_ALU, ALL}, {"F2I", CAT_ALU, ALL}, {"I2F", CAT_ALU, ALL}, {"I2I", CAT_ALU, ALL},
    {"MOV", CAT_ALU, ALL}, {"MOV32I", CAT_ALU, ALL}, {"SEL", CAT_ALU, ALL},
    {"PRMT", CAT_ALU, ALL}, {"SHFL", CAT_ALU, ALL}, {"P2R", CAT_ALU, ALL}, {"R2P", CAT_ALU, ALL},
    {"PSETP", CAT_ALU, ALL}, {"LDC", CAT_ALU, ALL}, {"CCTL", CAT_ALU, ALL},
    {"CCTLL", CAT_ALU, ALL}, {"NOP", CAT_ALU, ALL}, {"S2R", CAT_ALU, ALL}, {"B2R", CAT_ALU, ALL},
    {"VOTE", CAT_ALU, ALL}, {"CSET", CAT_ALU, KP}, {"CSETP", CAT_ALU, KP},
    {"PSET", CAT_ALU, KP}, {"I2IP", CAT_ALU, PH}, {"FRND", CAT_ALU, PH}, {"SGXT", CAT_ALU, PH},
    {"PLOP3", CAT_ALU, PH}, {"MATCH", CAT_ALU, PH}, {"QSPC", CAT_ALU, PH},
    {"ERRBAR", CAT_ALU, PH}, {"CCTLT", CAT_ALU, PH}, {"CS2R", CAT_ALU, PH},
    {"CSMTEST", CAT_ALU, PH}, {"DEPBAR", CAT_ALU, PH}, {"GETLMEMBASE", CAT_ALU, PH},
    {"LEPC", CAT_ALU, PH}, {"PMTRIG", CAT_ALU, PH}, {"R2B", CAT_ALU, PH},
    {"SETCTAID", CAT_ALU, PH}, {"SETLMEMBASE", CAT_ALU, PH}, {"VOTE_VTG", CAT_ALU, PH},
    {"MOVM", CAT_ALU, TH}, {"F2FP", CAT_ALU, AH}, {"I2FP", CAT_ALU, AH}, {"F2IP", CAT_ALU, AH},
    {"LDGDEPBAR", CAT_ALU, AH}, {"SUATOM", CAT_ALU, TH}, {"SULD", CAT_ALU, TH},
    {"SURED", CAT_ALU, TH}, {"SUST", CAT_ALU, TH}, {"SUQUERY", CAT_ALU, AH},
    {"CGAERRBAR", CAT_ALU, H}, {"ARRIVES", CAT_ALU, H}, {"UCGABAR_ARV", CAT_ALU, H},
    {"UCGABAR_WAIT", CAT_ALU, H}, {"WARPGROUP", CAT_ALU, H}, {"HGMMA", CAT_ALU, H},
    {"QGMMA", CAT_ALU, H}, {"IGMMA", CAT_ALU, H}, {"BGMMA", CAT_ALU, H},
    {"USETMAXREG", CAT_ALU, H}, {"ACQBULK", CAT_ALU, H}, {"ENDCOLLECTIVE", CAT_ALU, H},
    /* texture: the ALU on Kepler/Pascal, a texture unit from Volta on */
    {"TEX", CAT_ALU, KP}, {"TLD", CAT_ALU, KP}, {"TLD4", CAT_ALU, KP}, {"TXQ", CAT_ALU, KP},
    {"TMML", CAT_ALU, P}, {"TXD", CAT_ALU, P}, {"TEXS", CAT_ALU, P}, {"TLD4S", CAT_ALU, P},
    {"TLDS", CAT_ALU, P}, {"TEX", CAT_TEX, VH}, {"TLD", CAT_TEX, VH}, {"TLD4", CAT_TEX, VH},
    {"TMML", CAT_TEX, VH}, {"TXD", CAT_TEX, VH}, {"TXQ", CAT_TEX, VH},
    /* loads and stores */
    {"LD", CAT_LOAD, ALL}, {"LDG", CAT_LOAD, ALL}, {"LDL", CAT_LOAD, ALL}, {"LDS", CAT_LOAD, ALL},
    {"LDSM", CAT_LOAD, TH}, {"LDSLK", CAT_LOAD, K}, {"LDGSTS", CAT_LOAD, AH},
    {"SUCLAMP", CAT_LOAD, K}, {"SUBFM", CAT_LOAD, K}, {"SUEAU", CAT_LOAD, K},
    {"SULDGA", CAT_LOAD, K}, {"ST", CAT_STORE, ALL}, {"STL", CAT_STORE, ALL},
    {"STS", CAT_STORE, ALL}, {"ATOM", CAT_STORE, ALL}, {"RED", CAT_STORE, ALL},
    {"STG", CAT_STORE, PH}, {"ATOMS", CAT_STORE, PH}, {"ATOMG", CAT_STORE, PH},
    {"STSCUL", CAT_STORE, K}, {"SUSTGA", CAT_STORE, K}, {"STSM", CAT_STORE, H},
    {"MEMBAR", CAT_MEMBAR, ALL}, {"FENCE", CAT_FENCE, H}, {"SYNCS", CAT_SYNCS, H},
    {"UBLKCP", CAT_TMA, H}, {"UBLKPF", CAT_TMA, H}, {"UBLKRED", CAT_TMA, H},
    {"UTMALDG", CAT_TMA, H}, {"UTMAPF", CAT_TMA, H}, {"UTMAREDG", CAT_TMA, H},
    {"UTMASTG", CAT_TMA, H}, {"UTMACCTL", CAT_TMA, H}, {"UTMACMDFLUSH", CAT_TMA, H},
    /* uniform datapath (Turing on) */
    {"R2UR", CAT_UDP, TH}, {"S2UR", CAT_UDP, TH}, {"UBMSK", CAT_UDP, TH}, {"UBREV", CAT_UDP, TH},
    {"UCLEA", CAT_UDP, TH}, {"UFLO", CAT_UDP, TH}, {"UIADD3", CAT_UDP, TH},
    {"UIMAD", CAT_UDP, TH}, {"UISETP", CAT_UDP, TH}, {"ULDC", CAT_UDP, TH},
    {"ULEA", CAT_UDP, TH}, {"ULOP", CAT_UDP, TH}, {"ULOP3", CAT_UDP, TH},
    {"ULOP32I", CAT_UDP, TH}, {"UMOV", CAT_UDP, TH}, {"UP2UR", CAT_UDP, TH},
    {"UPLOP3", CAT_UDP, TH}, {"UPOPC", CAT_UDP, TH}, {"UPRMT", CAT_UDP, TH},
    {"UPSETP", CAT_UDP, TH}, {"UR2UP", CAT_UDP, TH}, {"USEL", CAT_UDP, TH},
    {"USGXT", CAT_UDP, TH}, {"USHF", CAT_UDP, TH}, {"USHL", CAT_UDP, TH},
    {"USHR", CAT_UDP, TH}, {"VOTEU", CAT_UDP, TH}, {"REDUX", CAT_UDP, AH},
    {"UF2FP", CAT_UDP, AH},
    /* control */
    {"BRA", CAT_BRANCH, ALL}, {"BRX", CAT_BRANCH, ALL}, {"JMP", CAT_BRANCH, ALL},
    {"JMX", CAT_BRANCH, ALL}, {"BPT", CAT_BRANCH, ALL}, {"RET", CAT_RET, ALL},
    {"BMOV", CAT_BRANCH, PH}, {"BREAK", CAT_BRANCH, PH}, {"BSSY", CAT_BRANCH, PH},
    {"BSYNC", CAT_BRANCH, PH}, {"NANOSLEEP", CAT_BRANCH, PH}, {"RPCMOV", CAT_BRANCH, PH},
    {"WARPSYNC", CAT_BRANCH, PH}, {"YIELD", CAT_BRANCH, PH}, {"CALL", CAT_CALL, PH},
    {"RTT", CAT_RET, PH}, {"KILL", CAT_BRANCH, P | V}, {"KILL", CAT_TENSOR, TH},
    {"BRXU", CAT_BRANCH, TH}, {"JMXU", CAT_BRANCH, TH}, {"ELECT", CAT_BRANCH, H},
    {"PREEXIT", CAT_BRANCH, H}, {"CAL", CAT_CALL, KP}, {"JCAL", CAT_CALL, KP},
    {"PRET", CAT_CALL, KP}, {"BRK", CAT_CALL, KP}, {"PBK", CAT_CALL, KP},
    {"CONT", CAT_CALL, KP}, {"PCNT", CAT_CALL, KP}, {"SSY", CAT_CALL, KP},
    {"SYNC", CAT_BRANCH, P}, {"PEXIT", CAT_CALL, P},
    {"EXIT", CAT_EXIT, ALL}, {"BAR", CAT_BARRIER, ALL},
};

static const char *const cls_names[CLS_N] = {"alu", "sfu", "shmem", "gmem", "branch", "barrier", "exit"};
static const char *const cat_names[CAT_N] = {
    "SP_OP", "INTP_OP", "DP_OP", "SFU_OP", "TENSOR_OP", "ALU_OP", "LOAD_OP", "STORE_OP", "TEX_OP",
    "UDP_OP", "BRANCH_OP", "CALL_OPS", "RET_OPS", "EXIT_OPS", "BARRIER_OP", "MEMORY_BARRIER_OP",
    "TMA_OP", "FENCE_OP", "SYNCS_OP"};
static const char *const arch_names[ARCH_N] = {"kepler", "pascal", "volta", "turing", "ampere", "hopper"};

const char *isa_class_name(int cls) { return cls >= 0 && cls < CLS_N ? cls_names[cls] : "?"; }
const char *isa_cat_name(int cat) { return cat >= 0 && cat < CAT_N ? cat_names[cat] : "?"; }
const char *isa_arch_name(int arch) { return arch >= 0 && arch < ARCH_N ? arch_names[arch] : "any"; }

int isa_class_by_name(const char *name)
{
    for (int c = 0; c < CLS_N; c++)
        if (!strcmp(cls_names[c], name))
            return c;
    return -1;
}

int isa_arch_of_binary(unsigned v)
{
    if (v >= 30 && v <= 37)
        return ARCH_KEPLER;
    if (v >= 50 && v <= 62)
        return ARCH_PASCAL;
    if (v == 70 || v == 72)
        return ARCH_VOLTA;
    if (v == 75)
        return ARCH_TURING;
    if (v == 80 || v == 86 || v == 87 || v == 89)
        return ARCH_AMPERE;
    if (v == 90)
        return ARCH_HOPPER;
    return -1;
}

unsigned isa_parse_arch(const char *s)
{
    if (!strncmp(s, "sm_", 3))
        s += 3;
    else if (!strncmp(s, "sm", 2))
        s += 2;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || *end || v > 1000 || isa_arch_of_binary((unsigned)v) < 0)
        return 0;
    return (unsigned)v;
}

static size_t base_len(const char *op)
{
    const char *d = strchr(op, '.');
    return d ? (size_t)(d - op) : strlen(op);
}

int isa_category(int arch, const char *opcode)
{
    size_t n = base_len(opcode);
    for (int a = arch == ARCH_ANY ? ARCH_N - 1 : arch; a >= 0; a--) {
        for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
            if ((ops[i].archs >> a & 1) && strlen(ops[i].name) == n &&
                !strncmp(ops[i].name, opcode, n))
                return ops[i].cat;
        if (arch != ARCH_ANY)
            break;
    }
    return -1;
}

static int base_is(const char *op, const char *const *names)
{
    size_t n = base_len(op);
    for (unsigned i = 0; names[i]; i++)
        if (strlen(names[i]) == n && !strncmp(names[i], op, n))
            return 1;
    return 0;
}

int isa_class_of(int cat, const char *opcode)
{
    static const char *const shared[] = {"LDS", "STS", "ATOMS", "LDSM", "STSM", "LDSLK", "STSCUL", NULL};
    switch (cat) {
    case CAT_SP: case CAT_INT: case CAT_ALU: case CAT_UDP: return CLS_ALU;
    case CAT_SFU: case CAT_DP: case CAT_TENSOR: case CAT_TEX: return CLS_SFU;
    case CAT_LOAD: case CAT_STORE: case CAT_SYNCS:
        return cat == CAT_SYNCS || base_is(opcode, shared) ? CLS_SHMEM : CLS_GMEM;
    case CAT_TMA: return CLS_GMEM;
    case CAT_BRANCH: case CAT_CALL: case CAT_RET: case CAT_MEMBAR: case CAT_FENCE: return CLS_BRANCH;
    case CAT_EXIT: return CLS_EXIT;
    case CAT_BARRIER: return CLS_BARRIER;
    default: return -1;
    }
}

int isa_class(const char *opcode)
{
    int cat = isa_category(ARCH_ANY, opcode);
    return cat < 0 ? -1 : isa_class_of(cat, opcode);
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
    static const char *const names[] = {"DADD", "DMUL", "DFMA", "DMNMX", NULL};
    return base_is(op, names);
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
    if (is_double(op) || !strncmp(op, "DSETP", 5))
        return 2;
    if (has_mod(op, "WIDE"))
        return i == 2 ? 2 : 1;
    return 1;
}

unsigned isa_mem_width(const char *op)
{
    for (const char *p = strchr(op, '.'); p; p = strchr(p + 1, '.')) {
        const char *d = p + 1 + (p[1] == 'U' || p[1] == 'S');
        if (*d < '0' || *d > '9')
            continue;
        char *end;
        unsigned long bits = strtoul(d, &end, 10);
        if ((*end == '.' || !*end) && bits >= 8 && bits <= 128)
            return (unsigned)(bits / 8);
    }
    return 4;
}

int isa_is_control(const char *op)
{
    static const char *const ctl[] = {"BRA", "BRX", "BRXU", "JMP", "JMX", "JMXU", "CAL", "CALL", "JCAL", "RET",
                                      "BRK", "CONT", "KILL", "EXIT", NULL};
    return base_is(op, ctl);
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

int isa_kind(int cat, int cls)
{
    switch (cat) {
    case CAT_SP: return K_SP;
    case CAT_INT: case CAT_ALU: return K_INT;
    case CAT_DP: return K_DP;
    case CAT_SFU: case CAT_TEX: return K_SFU;
    case CAT_TENSOR: return K_TENSOR;
    case CAT_UDP: return K_UDP;
    case CAT_BRANCH: case CAT_CALL: case CAT_RET: return K_BRANCH;
    case CAT_LOAD: case CAT_STORE: case CAT_SYNCS: case CAT_TMA: return K_MEM;
    case CAT_EXIT: case CAT_BARRIER: case CAT_MEMBAR: case CAT_FENCE: return K_CTRL;
    default: break;
    }
    switch (cls) {
    case CLS_SFU: return K_SFU;
    case CLS_SHMEM: case CLS_GMEM: return K_MEM;
    case CLS_BRANCH: return K_BRANCH;
    case CLS_BARRIER: case CLS_EXIT: return K_CTRL;
    default: return K_INT; /* Accel-Sim's ALU_OP: the int latency, interval and unit */
    }
}

int isa_half_interval(const char *opcode)
{
    static const char *const names[] = {"HADD2", "HADD2_32I", "HFMA2", "HFMA2_32I", "HMUL2_32I",
                                        "HSET2", "HSETP2", NULL};
    return base_is(opcode, names);
}

unsigned isa_latency(const sm_cfg_t *c, int kind, int cls)
{
    switch (kind) {
    case K_INT: return c->lat_int;
    case K_DP: return c->lat_dp;
    case K_SFU: return c->lat_sfu;
    case K_TENSOR: return c->lat_tensor;
    case K_UDP: return c->lat_udp;
    case K_BRANCH: case K_CTRL: return c->lat_branch;
    case K_MEM: return cls == CLS_SHMEM ? c->lat_shmem : c->lat_alu;
    default: return c->lat_alu;
    }
}

unsigned isa_interval(const sm_cfg_t *c, int kind, int half)
{
    unsigned ii;
    switch (kind) {
    case K_SP: ii = c->ii_alu; break;
    case K_INT: ii = c->ii_int; break;
    case K_DP: ii = c->ii_dp; break;
    case K_SFU: ii = c->ii_sfu; break;
    case K_TENSOR: ii = c->ii_tensor; break;
    case K_UDP: ii = c->ii_udp; break;
    case K_BRANCH: ii = c->ii_branch; break;
    default: ii = 1; break;
    }
    return half && ii > 1 ? ii / 2 : ii;
}

int isa_unit(const sm_cfg_t *c, int kind)
{
    if (kind == K_INT && !c->int_unit)
        return K_SP;
    if (kind == K_DP && !c->dp_unit)
        return K_SFU;
    return kind;
}
