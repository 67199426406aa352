/* Deterministic input mutator for parser fuzzing (tests/run.sh): reads IN, applies K random
 * edits chosen by SEED (byte flips, digit and token changes, deleted, duplicated or truncated
 * lines, inserted garbage) and writes OUT.
 *   fuzz_mutate IN OUT SEED K */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;
static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* start of the line holding byte i */
static size_t line_start(const char *b, size_t i)
{
    while (i && b[i - 1] != '\n')
        i--;
    return i;
}

static size_t line_end(const char *b, size_t n, size_t i)
{
    while (i < n && b[i] != '\n')
        i++;
    return i < n ? i + 1 : n;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: fuzz_mutate IN OUT SEED K\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 2;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    for (size_t r; (r = fread(b + n, 1, cap - n, f)) > 0;)
        if ((n += r) == cap)
            b = realloc(b, cap *= 2);
    fclose(f);
    rng = strtoull(argv[3], NULL, 0);
    static const char *const junk[] = {"-1", "R256", "R99999", "0x", "4294967296", ";", " ", "\t",
                                       "R", "@", "=", "#", "9999999999999999999999", ".128", "\n"};
    for (long k = strtol(argv[4], NULL, 0); k > 0 && n; k--) {
        size_t i = rnd() % n, s = line_start(b, i), e = line_end(b, n, i);
        b = realloc(b, n + 64 + (e - s));
        switch (rnd() % 7) {
        case 0: b[i] ^= (char)(1u << rnd() % 8); break;
        case 1: if (b[i] >= '0' && b[i] <= '9') b[i] = (char)('0' + rnd() % 10); else b[i] = (char)('0' + rnd() % 10); break;
        case 2: memmove(b + s, b + e, n - e); n -= e - s; break;              /* delete line */
        case 3: memmove(b + e + (e - s), b + e, n - e); memcpy(b + e, b + s, e - s); n += e - s; break;
        case 4: n = i; break;                                                  /* truncate */
        default: {
            const char *j = junk[rnd() % (sizeof junk / sizeof *junk)];
            size_t l = strlen(j);
            memmove(b + i + l, b + i, n - i);
            memcpy(b + i, j, l);
            n += l;
        }
        }
    }
    f = fopen(argv[2], "wb");
    if (!f || fwrite(b, 1, n, f) != n)
        return 2;
    fclose(f);
    free(b);
    return 0;
}
