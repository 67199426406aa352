/* Instruction streams: kernels made of thread blocks made of warps, each warp a dynamic
 * list of instructions with operands already expanded to the registers they cover.
 * Sources: Accel-Sim traces (trace.c), the native text format (native.c), the generator
 * (gen.c). A kernel hands out its thread blocks one at a time (next_block) so that a long
 * generated run keeps memory flat. */
#ifndef GPURF_STREAM_H
#define GPURF_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define INST_MAX_DST 8
#define INST_MAX_SRC 16
#define INST_MAX_UDST 2
#define INST_MAX_USRC 4
#define REG_NONE 255 /* RZ */
/* operand codes handed to warp_push: Rn is n; URn is REG_UNIFORM | n (UR63 = URZ, no
 * register); Pn / UPn / PT are REG_PRED (predicates: neither register file) */
#define REG_UNIFORM 0x100u
#define REG_PRED 0x200u
#define UREG_NONE 63 /* URZ */

/* asynchronous global-to-shared copies (sm_80 on; Accel-Sim's m_is_ldgsts, m_is_ldgdepbar,
 * m_is_depbar): LDGSTS copies, LDGDEPBAR closes the warp's open group of copies, DEPBAR waits
 * until at most its immediate's number of the closed groups still have copies in flight */
enum { AS_NONE, AS_COPY, AS_COMMIT, AS_WAIT };

/* memory spaces of an access (from the opcode) */
enum { MS_NONE, MS_GLOBAL, MS_LOCAL, MS_SHARED };
/* coalescing geometry (Accel-Sim's sectored caches): 32-byte sectors of 128-byte lines */
#define MEM_LINE_BITS 7
#define MEM_SECTOR_BITS 5
#define MEM_SECTORS (1u << (MEM_LINE_BITS - MEM_SECTOR_BITS))

typedef struct {
    uint32_t pc, mask, line; /* line: in the stream file, 0 if generated */
    uint16_t op;             /* index into the kernel's opcode table */
    uint8_t cls, ndst, nsrc;
    uint8_t kind, half_ii;   /* execution kind (exec_kind_t) and FP16x2 halved interval */
    uint8_t dst[INST_MAX_DST], src[INST_MAX_SRC];
    /* uniform registers (Turing on): their own register file, never the main RF's banks */
    uint8_t nudst, nusrc, udst[INST_MAX_UDST], usrc[INST_MAX_USRC];
    uint8_t space;           /* MS_*: MS_NONE when the stream gave no addresses */
    uint8_t mem_read;        /* the access reads memory (LD*, LDGSTS into shared memory,
                                ATOM with a result); otherwise a write (ST*, RED) */
    uint8_t async;           /* AS_*: an asynchronous copy, its group's commit or a wait */
    uint8_t async_keep;      /* AS_WAIT: closed groups that may stay in flight (DEPBAR's
                                immediate; 0 without one) */
    uint8_t nreq;            /* global/local: line requests after coalescing */
    uint8_t shm_ways;        /* shared: accesses per bank (bank-conflict degree), >= 1 */
    uint32_t req;            /* index of the first line request in the warp's mreq */
} inst_t;

/* a coalesced line request: (line address << MEM_SECTORS) | sector mask */
typedef uint64_t mreq_t;

typedef struct {
    inst_t *v;
    uint32_t n, cap;
    mreq_t *mreq;            /* line requests of the memory instructions, in order */
    uint32_t nmreq, capmreq;
} warp_trace_t;

typedef struct {
    uint32_t id, nwarps;
    warp_trace_t *warps;
} tblock_t;

/* an opcode as decoded once per kernel: Accel-Sim category and latency class on the
 * kernel's architecture (-1 unknown), operand widths, the stream line that named it first */
typedef struct {
    int8_t cls, cat;
    uint8_t kind, half_ii; /* exec_kind_t; isa_half_interval */
    uint8_t dst_width, src_width[INST_MAX_SRC];
    uint32_t line;
} op_info_t;

/* --opcode-class OP=CLASS: OP a base opcode (every variant) or a full one */
typedef struct {
    char op[48];
    int cls;
} opclass_t;

/* what a user sets on top of a trace's header (0 / NULL: the header's) */
typedef struct {
    unsigned regs;            /* --regs: registers per thread */
    unsigned binary_version;  /* --arch smXY */
    const opclass_t *ovr;     /* --opcode-class */
    unsigned novr;
    int probe;                /* only the first kernel, and only its header when that names
                                 the binary version (picking a preset): not for a run */
    int background;           /* a kernel list's kernels after the first loaded in a thread
                                 (bgload.h): the reader reads them through workload_kernel */
} load_opts_t;

typedef struct kernel {
    char name[256], file[512];
    unsigned id, nregs, shmem, threads_per_block, warps_per_block, nblocks;
    int arch;                  /* ARCH_* of the opcode table, ARCH_ANY for native/generated */
    unsigned binary_version;   /* as used (after --arch or inference) */
    unsigned hi_reg, hi_ureg;  /* highest vector / uniform register named, + 1 */
    int defer_unknown;         /* an unknown opcode is not yet an error (arch not yet known) */
    const opclass_t *ovr;
    unsigned novr;
    char **ops;                /* the kernel's opcode table: ops[i], decoded in opi[i] */
    op_info_t *opi;
    unsigned nops, capops;
    int32_t *ophash;           /* open-addressing index of ops by name (ophash_cap slots) */
    unsigned ophash_cap;
    /* 1: filled *b with the next block; 0: no more blocks; -1: error (message in err) */
    int (*next_block)(struct kernel *k, tblock_t *b, char *err, size_t n);
    /* the SM is done with a block from next_block (NULL: the kernel keeps it) */
    void (*done_block)(struct kernel *k, tblock_t *b);
    void (*rewind)(struct kernel *k);
    void (*destroy)(struct kernel *k);
    void *priv;
    struct prefetch *pf;      /* the read-ahead of its blocks (prefetch.h), or NULL */
    int frozen;               /* loaded: the opcode table and hi_reg / hi_ureg no longer grow
                                 (the blocks may be read in another thread) */
    struct prog *recovered;   /* the program prog_recover read (cfgrec.h), or NULL */
} kernel_t;

typedef struct {
    kernel_t **k;              /* k[i]: read it through workload_kernel while a run may load */
    unsigned n;                /* kernels listed */
    struct bgload *bg;         /* the load of the later kernels in a thread (bgload.h), or NULL */
} workload_t;

/* kernel i of w, waiting for the background load to reach it; NULL with err (the kernel's
 * load error, or an earlier one's) when it cannot be loaded */
kernel_t *workload_kernel(workload_t *w, unsigned i, char *err, size_t n);
/* kernel i if it is loaded now, else NULL (never waits) */
kernel_t *workload_ready(workload_t *w, unsigned i);
/* the background load waited for to its end: 0, or -1 with the first bad kernel's message;
 * then w->n is the number of kernels loaded and k[0..n-1] may be read directly */
int workload_settle(workload_t *w, char *err, size_t n);

/* the index of an opcode in the kernel's table, added and decoded when new; -1 out of memory,
 * -2 new to a frozen kernel */
int kernel_op_index(kernel_t *k, const char *opcode, uint32_t line);
/* decode every opcode of the table again (after the kernel's architecture is known) */
void kernel_ops_decode(kernel_t *k);
/* what the kernel holds besides its reader: the opcode table, the recovered program */
void kernel_ops_free(kernel_t *k);
/* err: opcode op is in no table of the kernel's architecture (file, first line, opcode) */
void kernel_unknown_op(const kernel_t *k, unsigned op, char *err, size_t n);
/* append an instruction, expanding operands; error text names file:line and field */
int warp_push(kernel_t *k, warp_trace_t *w, const inst_t *base, const char *opcode,
              const unsigned *dst, unsigned ndst, const unsigned *src, unsigned nsrc,
              char *err, size_t n);
void tblock_free(tblock_t *b);
/* the memory space an opcode accesses (MS_NONE: not a load/store with addresses) */
int mem_space(const char *opcode);
/* give the warp's last instruction its addresses: addr[l] for every lane l set in mask,
 * `width` bytes each; coalesces global/local accesses into line requests and computes the
 * shared-memory bank-conflict degree. -1 out of memory */
int warp_set_addrs(warp_trace_t *w, int space, const uint64_t *addr, uint32_t mask,
                   unsigned width);

/* where readers write warnings (wrong headers, ignored commands); NULL (the default): nowhere;
 * the command line sets stderr */
extern FILE *stream_warnings;

/* Load PATH: a kernelslist.g, a .traceg (plain, .xz or .gz), or a native stream file
 * (.txt / .gpurf); o may be NULL. Warnings (wrong headers) go to stderr.
 * Returns 0, or -1 with err "file:line: field 'x': ..." */
int workload_load(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n);
/* Generated workload from a spec string (see gen.h) */
int workload_gen(const char *spec, workload_t *w, char *err, size_t n);
void workload_free(workload_t *w);

/* kernels kept in memory: hand out the stored blocks in order */
kernel_t *kernel_new_stored(void);
tblock_t *kernel_stored_add_block(kernel_t *k, uint32_t id, uint32_t nwarps);
tblock_t *kernel_stored_block(kernel_t *k, unsigned i);

int trace_load_list(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n);
int trace_load_kernel(const char *path, unsigned id, const load_opts_t *o, kernel_t **out,
                      char *err, size_t n);
int native_load(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n);

#endif
