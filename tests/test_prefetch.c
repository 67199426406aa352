/* Unit tests of the read-ahead of a kernel's blocks (sim/stream/prefetch.h): the blocks come
 * in the reader's order and the reader's end or error comes after them, rewinding or
 * destroying a kernel whose reader waits on a full queue gives every block back (the
 * sanitizer's leak check), and a trace file changed between its load and its read is an
 * error naming the line, not a data race on the kernel's tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "sim/stream/prefetch.h"

/* a reader of `blocks` blocks, block i with i % 3 + 1 warps, then rc (0 or -1) */
typedef struct {
    unsigned next, blocks, destroyed;
    int rc;
    unsigned long given, taken;
} fake_t;

static int fake_next(kernel_t *k, tblock_t *b, char *err, size_t n)
{
    fake_t *f = k->priv;
    memset(b, 0, sizeof *b);
    if (f->next == f->blocks) {
        if (f->rc < 0)
            snprintf(err, n, "fake:%u: field 'line': broken", f->next + 1);
        return f->rc;
    }
    b->id = f->next++;
    b->nwarps = b->id % 3 + 1;
    b->warps = calloc(b->nwarps, sizeof *b->warps);
    f->given++;
    return 1;
}
static void fake_done(kernel_t *k, tblock_t *b)
{
    ((fake_t *)k->priv)->taken++;
    tblock_free(b);
}
static void fake_rewind(kernel_t *k) { ((fake_t *)k->priv)->next = 0; }
static void fake_destroy(kernel_t *k) { ((fake_t *)k->priv)->destroyed++; }

static void fake_kernel(kernel_t *k, fake_t *f, unsigned blocks, int rc)
{
    memset(k, 0, sizeof *k);
    memset(f, 0, sizeof *f);
    f->blocks = blocks;
    f->rc = rc;
    k->priv = f;
    k->next_block = fake_next;
    k->done_block = fake_done;
    k->rewind = fake_rewind;
    k->destroy = fake_destroy;
    assert_int_equal(kernel_prefetch(k), 0);
}

/* the next n blocks are ids first.. in order */
static void take(kernel_t *k, unsigned first, unsigned n)
{
    char err[256];
    for (unsigned i = 0; i < n; i++) {
        tblock_t b;
        assert_int_equal(k->next_block(k, &b, err, sizeof err), 1);
        assert_int_equal(b.id, first + i);
        assert_int_equal(b.nwarps, (first + i) % 3 + 1);
        k->done_block(k, &b);
    }
}

static void order_then_end(void **state)
{
    (void)state;
    kernel_t k;
    fake_t f;
    fake_kernel(&k, &f, 50, 0);
    take(&k, 0, 50);
    char err[256] = "";
    tblock_t b;
    assert_int_equal(k.next_block(&k, &b, err, sizeof err), 0);
    assert_int_equal(k.next_block(&k, &b, err, sizeof err), 0);
    k.destroy(&k);
    assert_int_equal(f.destroyed, 1);
    assert_int_equal(f.given, f.taken);
}

static void order_then_error(void **state)
{
    (void)state;
    kernel_t k;
    fake_t f;
    fake_kernel(&k, &f, 7, -1);
    take(&k, 0, 7);
    char err[256] = "";
    tblock_t b;
    assert_int_equal(k.next_block(&k, &b, err, sizeof err), -1);
    assert_string_equal(err, "fake:8: field 'line': broken");
    k.destroy(&k);
    assert_int_equal(f.given, f.taken);
}

static void rewind_and_destroy_with_a_full_queue(void **state)
{
    (void)state;
    kernel_t k;
    fake_t f;
    fake_kernel(&k, &f, 40, 0);
    take(&k, 0, 2);
    for (unsigned i = 0; i < 200 && f.given < 2 + PREFETCH_DEPTH; i++)
        nanosleep(&(struct timespec){0, 1000000}, NULL); /* the reader fills its queue, waits */
    assert_int_equal(f.given, 2 + PREFETCH_DEPTH);
    k.rewind(&k);
    assert_int_equal(f.given, f.taken); /* the blocks read ahead given back */
    take(&k, 0, 5);
    k.rewind(&k);
    take(&k, 0, 40);
    k.rewind(&k);
    take(&k, 0, 3);
    k.destroy(&k);
    assert_int_equal(f.destroyed, 1);
    assert_int_equal(f.given, f.taken);
}

static const char head[] = "-kernel name = k\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (32,1,1)\n"
                           "-shmem = 0\n-nregs = 8\n-binary version = 61\n-accelsim tracer version = 4\n\n";
static void write_trace(const char *path, const char *op2)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(head, f);
    for (unsigned b = 0; b < 2; b++)
        fprintf(f, "#BEGIN_TB\nthread block = %u,0,0\nwarp = 0\ninsts = 2\n"
                   "0008 ffffffff 1 R1 MOV 0 0\n0010 ffffffff 1 R2 %s 2 R1 R1 0\n#END_TB\n",
                b, b ? op2 : "IADD");
    fclose(f);
}

static void changed_file_is_an_error(void **state)
{
    (void)state;
    char path[] = "/tmp/gpurf_prefetch_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_trace(path, "IADD");
    kernel_t *k;
    char err[512];
    assert_int_equal(trace_load_kernel(path, 1, NULL, &k, err, sizeof err), 0);
    assert_int_equal(k->nblocks, 2);
    write_trace(path, "FADD"); /* an opcode the load did not see, in the second block */
    tblock_t b;
    assert_int_equal(k->next_block(k, &b, err, sizeof err), 1);
    k->done_block(k, &b);
    assert_int_equal(k->next_block(k, &b, err, sizeof err), -1);
    assert_non_null(strstr(err, ":22: field 'opcode': 'FADD' was not in the file when it was loaded"));
    k->destroy(k);
    kernel_ops_free(k);
    free(k);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(order_then_end),
        cmocka_unit_test(order_then_error),
        cmocka_unit_test(rewind_and_destroy_with_a_full_queue),
        cmocka_unit_test(changed_file_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
