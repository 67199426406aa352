/* Aggregates (agg.h). */
#include "agg.h"
#include "cmodel/common.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int agg(agg_kind_t k, const double *v, size_t n, double *out, char *err, size_t en)
{
    if (!n)
        return gpurf_fail(err, en, "no values to aggregate");
    double s = 0;
    int zero = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i]))
            return gpurf_fail(err, en, "value %zu is not a finite number", i + 1);
        if (k == AGG_GEOMEAN && v[i] < 0)
            return gpurf_fail(err, en, "value %zu (%g) is negative: no geometric mean", i + 1,
                              v[i]);
        if (k == AGG_GEOMEAN && v[i] == 0)
            zero = 1;
        s += k == AGG_MEAN ? v[i] : v[i] > 0 ? log(v[i]) : 0;
    }
    *out = k == AGG_MEAN ? s / n : zero ? 0 : exp(s / n);
    return 0;
}

int cmd_agg(int argc, char **argv)
{
    const agg_kind_t k = strcmp(argv[1], "geomean") ? AGG_MEAN : AGG_GEOMEAN;
    long digits = 3;
    for (int i = 2; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--digits") && i + 1 < argc &&
            (digits = strtol(argv[i + 1], &end, 10), !*end && digits >= 0 && digits <= 12)) {
            i++;
            continue;
        }
        fprintf(stderr, "gpurf %s: unknown or bad option '%s' (usage: gpurf %s [--digits 0..12] "
                "< numbers)\n", argv[1], argv[i], argv[1]);
        return 2;
    }
    size_t n = 0, cap = 64;
    double *v = malloc(cap * sizeof *v);
    char line[4096], err[256];
    unsigned ln = 0;
    while (v && fgets(line, sizeof line, stdin)) {
        ln++;
        for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            char *end;
            double x = strtod(t, &end);
            if (*end) {
                fprintf(stderr, "gpurf %s: stdin:%u: '%s' is not a number\n", argv[1], ln, t);
                free(v);
                return 2;
            }
            if (n == cap && !(v = realloc(v, (cap *= 2) * sizeof *v)))
                break;
            v[n++] = x;
        }
    }
    double out;
    if (!v || agg(k, v, n, &out, err, sizeof err)) {
        fprintf(stderr, "gpurf %s: %s\n", argv[1], v ? err : "out of memory");
        free(v);
        return 2;
    }
    free(v);
    printf("%.*f\n", (int)digits, out);
    return 0;
}
