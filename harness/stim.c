/* Recorded block stimulus (see stim.h). */
#include "stim.h"
#include <stdlib.h>
#include <string.h>

unsigned stim_bits(const pt_table_t *t, const void *cfg, int dir)
{
    unsigned w = 0;
    for (unsigned i = 0; i < t->nports; i++)
        if (t->ports[i].dir == dir)
            w += pt_total_bits(t, cfg, i);
    return w;
}

unsigned stim_offset(const pt_table_t *t, const void *cfg, unsigned i)
{
    unsigned w = 0;
    for (unsigned k = 0; k < i; k++)
        if (t->ports[k].dir == t->ports[i].dir)
            w += pt_total_bits(t, cfg, k);
    return w;
}

static uint32_t *scratch(const pt_table_t *t, const void *cfg, int dir)
{
    return calloc(stim_bits(t, cfg, dir) / 32 + 4, sizeof(uint32_t));
}

static int bit(const uint32_t *v, unsigned b) { return v[b / 32] >> (b % 32) & 1; }
static void set(uint32_t *v, unsigned b) { v[b / 32] |= 1u << (b % 32); }

void stim_write(FILE *f, const pt_table_t *t, const void *cfg, int dir, const void *s)
{
    unsigned w = stim_bits(t, cfg, dir);
    uint32_t *line = scratch(t, cfg, dir), *port = scratch(t, cfg, dir);
    for (unsigned i = 0, off = 0; i < t->nports; i++) {
        if (t->ports[i].dir != dir)
            continue;
        unsigned pb = pt_total_bits(t, cfg, i);
        memset(port, 0, (w / 32 + 4) * sizeof *port);
        pt_pack(t, cfg, i, s, port);
        for (unsigned b = 0; b < pb; b++)
            if (bit(port, b))
                set(line, off + b);
        off += pb;
    }
    for (int d = (int)((w + 3) / 4) - 1; d >= 0; d--)
        fputc("0123456789abcdef"[line[d / 8] >> (d % 8 * 4) & 15], f);
    fputc('\n', f);
    free(line);
    free(port);
}

int stim_read(const char *text, const pt_table_t *t, const void *cfg, int dir, void *s,
              size_t size)
{
    unsigned w = stim_bits(t, cfg, dir), digits = (w + 3) / 4;
    size_t len = strcspn(text, "\r\n");
    if (len != digits)
        return -1;
    uint32_t *line = scratch(t, cfg, dir), *port = scratch(t, cfg, dir);
    int rc = 0;
    for (unsigned d = 0; d < digits && !rc; d++) {
        char ch = text[digits - 1 - d];
        unsigned v = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0')
                   : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10) : 16;
        if (v > 15)
            rc = -1;
        else
            line[d / 8] |= v << (d % 8 * 4);
    }
    memset(s, 0, size);
    for (unsigned i = 0, off = 0; i < t->nports && !rc; i++) {
        if (t->ports[i].dir != dir)
            continue;
        unsigned pb = pt_total_bits(t, cfg, i);
        memset(port, 0, (w / 32 + 4) * sizeof *port);
        for (unsigned b = 0; b < pb; b++)
            if (bit(line, off + b))
                set(port, b);
        pt_unpack(t, cfg, i, port, s);
        off += pb;
    }
    free(line);
    free(port);
    return rc;
}
