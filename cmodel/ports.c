/* Generic port-table operations (see ports.h). */
#include "ports.h"
#include <string.h>

unsigned pt_total_bits(const pt_table_t *t, const void *cfg, unsigned i)
{
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    return bits * count;
}

/* v (n <= 32 bits, already masked) into a zeroed flat image at bit pos */
static void put_bits(uint32_t *flat, unsigned pos, uint32_t v, unsigned n)
{
    unsigned sh = pos & 31;
    flat[pos >> 5] |= v << sh;
    if (sh + n > 32)
        flat[(pos >> 5) + 1] |= v >> (32 - sh);
}

static uint32_t get_bits(const uint32_t *flat, unsigned pos, unsigned n)
{
    unsigned sh = pos & 31;
    uint32_t v = flat[pos >> 5] >> sh;
    if (sh + n > 32)
        v |= flat[(pos >> 5) + 1] << (32 - sh);
    return v & gpurf_mask(n);
}

/* word w of element e occupies bits [pos, pos+n) of the flat image */
static unsigned word_bits(unsigned bits, unsigned w) { return bits - w * 32 >= 32 ? 32 : bits - w * 32; }

void pt_pack(const pt_table_t *t, const void *cfg, unsigned i, const void *s, uint32_t *flat)
{
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    pt_pack_n(&t->ports[i], bits, count, s, flat);
}

void pt_pack_n(const pt_port_t *p, unsigned bits, unsigned count, const void *s, uint32_t *flat)
{
    if (!(bits & 31)) { /* whole words: elements are consecutive in the image */
        for (unsigned e = 0; e < count; e++)
            memcpy(flat + (size_t)e * (bits >> 5), pt_elem_c(p, s, e), bits >> 3);
        return;
    }
    memset(flat, 0, ((bits * count + 31) / 32) * 4);
    if (bits == 1 && p->kind == PT_V) {
        const uint32_t *src = pt_elem_c(p, s, 0);
        for (unsigned e = 0; e < count; e++)
            flat[e >> 5] |= (src[e] & 1u) << (e & 31);
        return;
    }
    for (unsigned e = 0; e < count; e++) {
        const uint32_t *src = pt_elem_c(p, s, e);
        for (unsigned w = 0; w * 32 < bits; w++) {
            unsigned n = word_bits(bits, w);
            unsigned pos = e * bits + w * 32;
            if (!(pos & 31) && n == 32)
                flat[pos >> 5] = src[w];
            else
                put_bits(flat, pos, src[w] & gpurf_mask(n), n);
        }
    }
}

void pt_unpack(const pt_table_t *t, const void *cfg, unsigned i, const uint32_t *flat, void *s)
{
    const pt_port_t *p = &t->ports[i];
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    if (!(bits & 31)) {
        for (unsigned e = 0; e < count; e++)
            memcpy(pt_elem(p, s, e), flat + (size_t)e * (bits >> 5), bits >> 3);
        return;
    }
    for (unsigned e = 0; e < count; e++) {
        uint32_t *dst = pt_elem(p, s, e);
        for (unsigned w = 0; w * 32 < bits; w++) {
            unsigned pos = e * bits + w * 32;
            unsigned n = word_bits(bits, w);
            dst[w] = (!(pos & 31) && n == 32) ? flat[pos >> 5] : get_bits(flat, pos, n);
        }
    }
}

int pt_compare(const pt_table_t *t, const void *cfg, int dir, const void *a, const void *b,
               unsigned *port, unsigned *elem, unsigned *word, uint64_t *fields)
{
    for (unsigned i = 0; i < t->nports; i++) {
        const pt_port_t *p = &t->ports[i];
        if (p->dir != dir)
            continue;
        unsigned bits, count;
        t->dims(cfg, i, &bits, &count);
        for (unsigned e = 0; e < count; e++) {
            const uint32_t *x = pt_elem_c(p, a, e), *y = pt_elem_c(p, b, e);
            (*fields)++;
            for (unsigned w = 0; w * 32 < bits; w++) {
                uint32_t m = gpurf_mask(word_bits(bits, w));
                if ((x[w] & m) != (y[w] & m)) {
                    *port = i;
                    *elem = e;
                    *word = w;
                    return 1;
                }
            }
        }
    }
    return 0;
}

void pt_print_elem(const pt_table_t *t, const void *cfg, unsigned i, const void *s, unsigned e,
                   FILE *f)
{
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    const uint32_t *x = pt_elem_c(&t->ports[i], s, e);
    unsigned words = (bits + 31) / 32;
    if (words == 1) {
        fprintf(f, "0x%x", x[0] & gpurf_mask(bits));
        return;
    }
    fputs("0x", f);
    for (unsigned w = words; w-- > 0;)
        fprintf(f, "%08x%s", x[w], w ? "_" : "");
}

void pt_print(const pt_table_t *t, const void *cfg, int dir, const void *s, FILE *f)
{
    for (unsigned i = 0; i < t->nports; i++) {
        const pt_port_t *p = &t->ports[i];
        if (p->dir != dir)
            continue;
        unsigned bits, count;
        t->dims(cfg, i, &bits, &count);
        fprintf(f, "    %-14s", p->name);
        for (unsigned e = 0; e < count; e++) {
            fputs(e ? " " : "", f);
            if (p->kind == PT_D && count > 1)
                fprintf(f, "\n      [%u] ", e);
            pt_print_elem(t, cfg, i, s, e, f);
        }
        fputc('\n', f);
    }
}
