/* Generic port-table operations (see ports.h). */
#include "ports.h"
#include <string.h>

unsigned pt_elem_words(const pt_port_t *p) { return p->kind == PT_D ? GPURF_MAX_LANES : 1; }

uint32_t *pt_elem(const pt_port_t *p, void *s, unsigned e)
{
    return (uint32_t *)((char *)s + p->off) + (size_t)e * pt_elem_words(p);
}

const uint32_t *pt_elem_c(const pt_port_t *p, const void *s, unsigned e)
{
    return (const uint32_t *)((const char *)s + p->off) + (size_t)e * pt_elem_words(p);
}

unsigned pt_total_bits(const pt_table_t *t, const void *cfg, unsigned i)
{
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    return bits * count;
}

static void put_bits(uint32_t *flat, unsigned pos, uint32_t v, unsigned n)
{
    for (unsigned b = 0; b < n; b++)
        if ((v >> b) & 1u)
            flat[(pos + b) >> 5] |= 1u << ((pos + b) & 31);
}

static uint32_t get_bits(const uint32_t *flat, unsigned pos, unsigned n)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < n; b++)
        v |= ((flat[(pos + b) >> 5] >> ((pos + b) & 31)) & 1u) << b;
    return v;
}

/* word w of element e occupies bits [pos, pos+n) of the flat image */
static unsigned word_bits(unsigned bits, unsigned w) { return bits - w * 32 >= 32 ? 32 : bits - w * 32; }

void pt_pack(const pt_table_t *t, const void *cfg, unsigned i, const void *s, uint32_t *flat)
{
    const pt_port_t *p = &t->ports[i];
    unsigned bits, count;
    t->dims(cfg, i, &bits, &count);
    memset(flat, 0, ((bits * count + 31) / 32) * 4);
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
