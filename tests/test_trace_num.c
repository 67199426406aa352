/* Unit tests of the trace reader's numbers (sim/stream/trace_int.h): trace_parse_uint and
 * trace_parse_int read every token as strtoull / strtoll did (the C library is the reference):
 * known values and limits, then a million random tokens of digits, hex letters, signs, 0x
 * prefixes and white space compared with the reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include "sim/stream/trace_int.h"

static int ref_uint(const char *tok, int base, unsigned long long max, unsigned long long *v)
{
    if (!*tok || tok[0] == '-' || tok[0] == '+')
        return -1;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(tok, &end, base);
    if (errno || *end || x > max)
        return -1;
    *v = x;
    return 0;
}

static int ref_int(const char *tok, long long *v)
{
    if (!*tok)
        return -1;
    char *end;
    errno = 0;
    long long x = strtoll(tok, &end, 0);
    if (errno || *end) {
        unsigned long long u;
        if (ref_uint(tok, 0, ~0ull, &u))
            return -1;
        x = (long long)u;
    }
    *v = x;
    return 0;
}

static void known(void **st)
{
    (void)st;
    unsigned long long u = 0;
    long long i = 0;
    assert_int_equal(trace_parse_uint("ffffffff", 16, 0xffffffffull, &u), 0);
    assert_true(u == 0xffffffffull);
    assert_int_equal(trace_parse_uint("0x7f", 16, ~0ull, &u), 0);
    assert_true(u == 0x7f);
    assert_int_equal(trace_parse_uint("18446744073709551615", 10, ~0ull, &u), 0);
    assert_true(u == ~0ull);
    assert_int_equal(trace_parse_uint("18446744073709551616", 10, ~0ull, &u), -1);
    assert_int_equal(trace_parse_uint("100000000", 16, 0xffffffffull, &u), -1);
    assert_int_equal(trace_parse_uint("0x", 16, ~0ull, &u), -1);
    assert_int_equal(trace_parse_uint("12a", 10, ~0ull, &u), -1);
    assert_int_equal(trace_parse_uint("-1", 10, ~0ull, &u), -1);
    assert_int_equal(trace_parse_int("-9223372036854775808", &i), 0);
    assert_true(i == LLONG_MIN);
    assert_int_equal(trace_parse_int("-9223372036854775809", &i), -1);
    assert_int_equal(trace_parse_int("0xffffffffffffffff", &i), 0); /* a large unsigned immediate */
    assert_true(i == -1);
    assert_int_equal(trace_parse_int("-0x10", &i), 0);
    assert_true(i == -16);
    assert_int_equal(trace_parse_int("017", &i), 0); /* octal, as strtoll reads it */
    assert_true(i == 15);
}

static void random_tokens(void **st)
{
    (void)st;
    static const char al[] = "0123456789abcdefxX+- \tABCDEFgz";
    const int bases[] = {10, 16, 0};
    srand(7);
    char t[48];
    unsigned differ = 0;
    for (unsigned it = 0; it < 1000000; it++) {
        int len = 1 + rand() % (it % 3 ? 6 : 22);
        for (int k = 0; k < len; k++)
            t[k] = al[rand() % (int)(sizeof al - 1)];
        t[len] = 0;
        unsigned long long r = (unsigned long long)rand() << 33 ^ (unsigned long long)rand() << 2 ^ (unsigned long long)rand();
        if (it % 5 == 0 && len > 1)
            t[0] = '0', t[1] = 'x';
        if (it % 7 == 0)
            snprintf(t, sizeof t, "%s%llu", it % 2 ? "-" : it % 3 ? "+" : "", r);
        if (it % 11 == 0)
            snprintf(t, sizeof t, "%s0x%llx", it % 2 ? "-" : "", r);
        long long a = 0, b = 0;
        unsigned long long ua = 0, ub = 0;
        const int base = bases[it % 3];
        const unsigned long long max = it % 4 ? ~0ull : 12345;
        int ra = ref_int(t, &a), rb = trace_parse_int(t, &b);
        int sa = ref_uint(t, base, max, &ua), sb = trace_parse_uint(t, base, max, &ub);
        if (ra != rb || (!ra && a != b) || sa != sb || (!sa && ua != ub)) {
            if (differ++ < 5)
                print_error("'%s': int %d/%d, uint base %d %d/%d\n", t, ra, rb, base, sa, sb);
        }
    }
    assert_int_equal(differ, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(known), cmocka_unit_test(random_tokens)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
