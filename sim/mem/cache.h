/* A set-associative cache of lines of sectors with LRU replacement, as the L1 and each L2
 * slice keep it (mem.h). A line is valid in a way while any of its sectors is. */
#ifndef GPURF_CACHE_H
#define GPURF_CACHE_H
#include <stdint.h>

typedef struct {
    uint64_t tag, used;   /* line address; LRU stamp */
    uint32_t sectors;     /* valid sectors; 0: invalid way */
} way_t;

typedef struct {
    unsigned sets, ways, line_bits, sector_bits;
    way_t *w;
    uint64_t stamp;
} cache_t;

unsigned log2u(unsigned v);
/* 0, or -1 out of memory */
int cache_init(cache_t *k, unsigned size, unsigned ways, unsigned line, unsigned sector);
void cache_free(cache_t *k);
/* the way holding the line (set: its set index), or NULL */
way_t *cache_find(cache_t *k, uint64_t line, uint64_t set);
/* hit when every requested sector is valid; a hit refreshes the line's LRU stamp */
int cache_hit(cache_t *k, uint64_t line, uint64_t set, uint32_t sectors);
/* a fill: the line's way gains the sectors, or it takes an invalid way of the set, else the
 * least recently used one */
void cache_fill(cache_t *k, uint64_t line, uint64_t set, uint32_t sectors);

#endif
