/* Unit tests of the aggregates (sim/cli/agg.h): known means and geometric means, one value, a
 * zero, the refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "sim/cli/agg.h"

static double of(agg_kind_t k, const double *v, size_t n)
{
    double out = -1;
    char err[128];
    assert_int_equal(agg(k, v, n, &out, err, sizeof err), 0);
    return out;
}

static void known(void **st)
{
    (void)st;
    const double v[] = {1, 2, 4, 8};
    assert_true(fabs(of(AGG_MEAN, v, 4) - 3.75) < 1e-12);
    assert_true(fabs(of(AGG_GEOMEAN, v, 4) - 2.8284271247461903) < 1e-12); /* 64^(1/4) */
    const double w[] = {47.9, 47.1, 38.7};
    assert_true(fabs(of(AGG_GEOMEAN, w, 3) - cbrt(47.9 * 47.1 * 38.7)) < 1e-9);
    assert_true(of(AGG_GEOMEAN, w, 3) < of(AGG_MEAN, w, 3));
}

static void one_and_zero(void **st)
{
    (void)st;
    const double one[] = {42.5};
    assert_true(of(AGG_MEAN, one, 1) == 42.5);
    assert_true(fabs(of(AGG_GEOMEAN, one, 1) - 42.5) < 1e-12);
    const double z[] = {0, 10, 1000};
    assert_true(of(AGG_GEOMEAN, z, 3) == 0);
    assert_true(fabs(of(AGG_MEAN, z, 3) - 1010.0 / 3) < 1e-12);
    const double neg[] = {-5, 5};
    assert_true(of(AGG_MEAN, neg, 2) == 0);
}

static void refusals(void **st)
{
    (void)st;
    double out;
    char err[128];
    const double neg[] = {1, -2};
    assert_int_equal(agg(AGG_GEOMEAN, neg, 2, &out, err, sizeof err), -1);
    assert_non_null(strstr(err, "value 2"));
    assert_int_equal(agg(AGG_MEAN, neg, 0, &out, err, sizeof err), -1);
    assert_non_null(strstr(err, "no values"));
    const double inf[] = {1, INFINITY};
    assert_int_equal(agg(AGG_MEAN, inf, 2, &out, err, sizeof err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known),
        cmocka_unit_test(one_and_zero),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
