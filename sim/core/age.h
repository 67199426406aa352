/* Issue-order slots: the valid records of a small array (a design's own issue stages),
 * oldest first. Each record holds an int `valid` and a uint64_t `seq` (issue order) at the
 * byte offsets given. */
#ifndef GPURF_AGE_H
#define GPURF_AGE_H
#include <stddef.h>
#include <stdint.h>

static inline unsigned slots_by_age(const void *v, size_t stride, size_t valid_off,
                                    size_t seq_off, unsigned n, unsigned *ord)
{
    const char *b = v;
#define AGE_SEQ(i) (*(const uint64_t *)(b + (size_t)(i) * stride + seq_off))
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!*(const int *)(b + (size_t)i * stride + valid_off))
            continue;
        unsigned j = k++;
        while (j && AGE_SEQ(ord[j - 1]) > AGE_SEQ(i)) {
            ord[j] = ord[j - 1];
            j--;
        }
        ord[j] = i;
    }
#undef AGE_SEQ
    return k;
}
/* SLOTS_BY_AGE(array, type, n, ord) for an array of records of that type */
#define SLOTS_BY_AGE(a, type, n, ord)                                                              \
    slots_by_age((a), sizeof(type), offsetof(type, valid), offsetof(type, seq), (n), (ord))

#endif
