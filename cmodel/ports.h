/* Port tables: one list per block (cmodel/X_ports.def) drives the C in/out structs, the
 * Verilator shims, the lockstep comparison, mismatch printing and wave naming.
 *
 * A .def file lists IN(kind, name, bits, count, maxcount) and OUT(...) entries in RTL port
 * order (after clk_i, rst_ni). `bits` and `count` are expressions over `c`, a pointer to
 * the block's cfg. Kinds:
 *   S  scalar      C field uint32_t name;                     RTL [bits-1:0]
 *   V  vector      C field uint32_t name[maxcount];           RTL [count*bits-1:0], elem i at i*bits
 *   D  data vector C field uint32_t name[maxcount][MAX_LANES]; bits = lanes*32, lane l of elem i at
 *                  (i*lanes + l)*32
 * The RTL port is named name_i or name_o. */
#ifndef GPURF_PORTS_H
#define GPURF_PORTS_H
#include "common.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { PT_IN, PT_OUT };
enum { PT_S, PT_V, PT_D };

typedef struct {
    const char *name;
    int dir, kind;
    size_t off;        /* offset in the block's in or out struct */
    unsigned maxcount; /* capacity of the C field */
} pt_port_t;

typedef struct {
    const char *block;
    const pt_port_t *ports;
    unsigned nports;
    /* widths for a given cfg: element bits and element count of port i */
    void (*dims)(const void *cfg, unsigned i, unsigned *bits, unsigned *count);
} pt_table_t;

#define PT_FIELD_S(name, maxn) uint32_t name;
#define PT_FIELD_V(name, maxn) uint32_t name[maxn];
#define PT_FIELD_D(name, maxn) uint32_t name[maxn][GPURF_MAX_LANES];

/* words of C storage per element, and the pointer to element e of port p */
static inline unsigned pt_elem_words(const pt_port_t *p)
{
    return p->kind == PT_D ? GPURF_MAX_LANES : 1;
}
static inline uint32_t *pt_elem(const pt_port_t *p, void *s, unsigned e)
{
    return (uint32_t *)((char *)s + p->off) + (size_t)e * pt_elem_words(p);
}
static inline const uint32_t *pt_elem_c(const pt_port_t *p, const void *s, unsigned e)
{
    return (const uint32_t *)((const char *)s + p->off) + (size_t)e * pt_elem_words(p);
}

/* total RTL bits of port i */
unsigned pt_total_bits(const pt_table_t *t, const void *cfg, unsigned i);

/* flat little-endian bit image (RTL layout) <-> C struct field */
void pt_pack(const pt_table_t *t, const void *cfg, unsigned i, const void *s, uint32_t *flat);
/* the same with the port's dimensions given (callers that pack every cycle keep them) */
void pt_pack_n(const pt_port_t *p, unsigned bits, unsigned count, const void *s, uint32_t *flat);
void pt_unpack(const pt_table_t *t, const void *cfg, unsigned i, const uint32_t *flat, void *s);

/* First difference between two structs over ports of direction dir. Returns 0 if equal,
 * else 1 and the port index, element and 32-bit word that differ. `fields` counts the
 * element fields compared. */
int pt_compare(const pt_table_t *t, const void *cfg, int dir, const void *a, const void *b,
               unsigned *port, unsigned *elem, unsigned *word, uint64_t *fields);

/* print every port of direction dir as name=value (hex) */
void pt_print(const pt_table_t *t, const void *cfg, int dir, const void *s, FILE *f);
/* print one element of a port in hex (wide data most significant word first) */
void pt_print_elem(const pt_table_t *t, const void *cfg, unsigned i, const void *s, unsigned e,
                   FILE *f);

/* Build the port table of a block. Include with PT_BLOCK (e.g. rf) and PT_DEF
 * (e.g. "rf_ports.def") defined; defines X_port_table. */
#define PT_CAT2(a, b) a##b
#define PT_CAT(a, b) PT_CAT2(a, b)

#endif
#ifndef PT_STR
#define PT_STR2(a) #a
#define PT_STR(a) PT_STR2(a)
#endif
