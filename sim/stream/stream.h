/* Instruction streams: kernels made of thread blocks made of warps, each warp a dynamic
 * list of instructions with operands already expanded to the registers they cover.
 * Sources: Accel-Sim traces (trace.c), the native text format (native.c), the generator
 * (gen.c). A kernel hands out its thread blocks one at a time (next_block) so that a long
 * generated run keeps memory flat. */
#ifndef GPURF_STREAM_H
#define GPURF_STREAM_H
#include <stddef.h>
#include <stdint.h>

#define INST_MAX_DST 8
#define INST_MAX_SRC 16
#define REG_NONE 255 /* RZ */

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
    uint8_t dst[INST_MAX_DST], src[INST_MAX_SRC];
    uint8_t space;           /* MS_*: MS_NONE when the stream gave no addresses */
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

/* an opcode as decoded once per kernel: latency class (-1 unknown) and operand widths */
typedef struct {
    int8_t cls;
    uint8_t dst_width, src_width[INST_MAX_SRC];
} op_info_t;

typedef struct kernel {
    char name[256], file[512];
    unsigned id, nregs, shmem, threads_per_block, warps_per_block, nblocks;
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
} kernel_t;

typedef struct {
    kernel_t **k;
    unsigned n;
} workload_t;

/* the index of an opcode in the kernel's table, added and decoded when new; -1 out of memory */
int kernel_op_index(kernel_t *k, const char *opcode);
void kernel_ops_free(kernel_t *k);
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

/* Load PATH: a kernelslist.g, a .traceg, or a native stream file (.txt / .gpurf).
 * Returns 0, or -1 with err "file:line: field 'x': ..." */
int workload_load(const char *path, workload_t *w, char *err, size_t n);
/* Generated workload from a spec string (see gen.h) */
int workload_gen(const char *spec, workload_t *w, char *err, size_t n);
void workload_free(workload_t *w);

/* kernels kept in memory: hand out the stored blocks in order */
kernel_t *kernel_new_stored(void);
tblock_t *kernel_stored_add_block(kernel_t *k, uint32_t id, uint32_t nwarps);
tblock_t *kernel_stored_block(kernel_t *k, unsigned i);

int trace_load_list(const char *path, workload_t *w, char *err, size_t n);
int trace_load_kernel(const char *path, unsigned id, kernel_t **out, char *err, size_t n);
int native_load(const char *path, workload_t *w, char *err, size_t n);

#endif
