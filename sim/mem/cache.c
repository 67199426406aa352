/* Set-associative sectored caches (cache.h). */
#include "cache.h"
#include <stdlib.h>

unsigned log2u(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

int cache_init(cache_t *k, unsigned size, unsigned ways, unsigned line, unsigned sector)
{
    k->ways = ways;
    k->sets = size / (ways * line);
    k->line_bits = log2u(line);
    k->sector_bits = log2u(sector);
    k->w = calloc((size_t)k->sets * ways, sizeof *k->w);
    return k->w ? 0 : -1;
}

void cache_free(cache_t *k) { free(k->w); }

way_t *cache_find(cache_t *k, uint64_t line, uint64_t set)
{
    way_t *w = k->w + (size_t)(set % k->sets) * k->ways;
    for (unsigned i = 0; i < k->ways; i++)
        if (w[i].sectors && w[i].tag == line)
            return &w[i];
    return NULL;
}

int cache_hit(cache_t *k, uint64_t line, uint64_t set, uint32_t sectors)
{
    way_t *w = cache_find(k, line, set);
    if (!w || (w->sectors & sectors) != sectors)
        return 0;
    w->used = ++k->stamp;
    return 1;
}

void cache_fill(cache_t *k, uint64_t line, uint64_t set, uint32_t sectors)
{
    way_t *w = cache_find(k, line, set);
    if (!w) {
        way_t *s = k->w + (size_t)(set % k->sets) * k->ways;
        w = &s[0];
        for (unsigned i = 1; i < k->ways && w->sectors; i++)
            if (!s[i].sectors || s[i].used < w->used)
                w = &s[i];
        w->tag = line;
        w->sectors = 0;
    }
    w->sectors |= sectors;
    w->used = ++k->stamp;
}
