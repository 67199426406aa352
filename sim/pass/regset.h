/* A set of architectural registers R0..R255 as a 256-bit vector (PREFETCH bit-vectors,
 * liveness sets, working sets). */
#ifndef GPURF_REGSET_H
#define GPURF_REGSET_H
#include <stdint.h>

typedef struct {
    uint64_t w[4];
} regset_t;

static inline void rs_add(regset_t *s, unsigned r) { s->w[r >> 6 & 3] |= 1ull << (r & 63); }
static inline void rs_del(regset_t *s, unsigned r) { s->w[r >> 6 & 3] &= ~(1ull << (r & 63)); }
static inline int rs_has(const regset_t *s, unsigned r) { return s->w[r >> 6 & 3] >> (r & 63) & 1; }
static inline regset_t rs_or(regset_t a, regset_t b)
{
    for (unsigned i = 0; i < 4; i++)
        a.w[i] |= b.w[i];
    return a;
}
static inline int rs_eq(const regset_t *a, const regset_t *b)
{
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2] && a->w[3] == b->w[3];
}
/* the lowest register in the set, 256 when it is empty */
static inline unsigned rs_first(const regset_t *s)
{
    for (unsigned i = 0; i < 4; i++)
        if (s->w[i])
            return 64 * i + (unsigned)__builtin_ctzll(s->w[i]);
    return 256;
}
static inline unsigned rs_count(const regset_t *s)
{
    return (unsigned)(__builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]) +
                      __builtin_popcountll(s->w[2]) + __builtin_popcountll(s->w[3]));
}

#endif
