/* Line reader over plain, gzip and xz files (see lines.h). */
#include "lines.h"
#include <errno.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { FMT_PLAIN, FMT_GZIP, FMT_XZ };
#define CHUNK 65536

struct lines {
    int fmt;
    FILE *f;            /* plain and xz input */
    gzFile gz;
    lzma_stream xz;
    uint8_t in[CHUNK];
    char out[CHUNK];    /* decompressed bytes out[pos..len) */
    size_t pos, len;
    int eof;
    char *line;
    size_t cap;
    unsigned no;
    char err[256];
};

lines_t *lines_open(const char *path, char *err, size_t n)
{
    lines_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, n, "%s: out of memory", path);
        return NULL;
    }
    r->f = fopen(path, "rb");
    if (!r->f) {
        snprintf(err, n, "%s: cannot open: %s", path, strerror(errno));
        free(r);
        return NULL;
    }
    uint8_t m[6] = {0};
    size_t got = fread(m, 1, sizeof m, r->f);
    rewind(r->f);
    if (got >= 2 && m[0] == 0x1f && m[1] == 0x8b) {
        r->fmt = FMT_GZIP;
        fclose(r->f);
        r->f = NULL;
        r->gz = gzopen(path, "rb");
        if (!r->gz) {
            snprintf(err, n, "%s: cannot open as gzip", path);
            free(r);
            return NULL;
        }
    } else if (got == 6 && !memcmp(m, "\xfd" "7zXZ\0", 6)) {
        r->fmt = FMT_XZ;
        lzma_stream init = LZMA_STREAM_INIT;
        r->xz = init;
        if (lzma_stream_decoder(&r->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
            snprintf(err, n, "%s: cannot start the xz decoder", path);
            fclose(r->f);
            free(r);
            return NULL;
        }
    }
    return r;
}

/* refill out[]; 0 at the end of the data, -1 on an error */
static int refill(lines_t *r)
{
    r->pos = r->len = 0;
    if (r->eof)
        return 0;
    if (r->fmt == FMT_PLAIN) {
        r->len = fread(r->out, 1, CHUNK, r->f);
        if (!r->len && ferror(r->f)) {
            snprintf(r->err, sizeof r->err, "read error: %s", strerror(errno));
            return -1;
        }
        r->eof = r->len == 0;
        return r->len > 0;
    }
    if (r->fmt == FMT_GZIP) {
        int k = gzread(r->gz, r->out, CHUNK);
        int zerr;
        const char *msg = gzerror(r->gz, &zerr);
        if (k < 0 || (zerr != Z_OK && zerr != Z_STREAM_END)) {
            snprintf(r->err, sizeof r->err, "gzip stream: %s", msg && *msg ? msg : "corrupt");
            return -1;
        }
        r->len = (size_t)k;
        r->eof = k == 0;
        return k > 0;
    }
    r->xz.next_out = (uint8_t *)r->out;
    r->xz.avail_out = CHUNK;
    while (r->xz.avail_out == CHUNK) {
        lzma_action act = LZMA_RUN;
        if (!r->xz.avail_in) {
            r->xz.next_in = r->in;
            r->xz.avail_in = fread(r->in, 1, CHUNK, r->f);
            if (!r->xz.avail_in)
                act = LZMA_FINISH;
        }
        lzma_ret ret = lzma_code(&r->xz, act);
        if (ret == LZMA_STREAM_END) {
            r->eof = 1;
            break;
        }
        if (ret != LZMA_OK) {
            snprintf(r->err, sizeof r->err, "xz stream: %s",
                     ret == LZMA_BUF_ERROR ? "truncated (unexpected end of input)"
                     : ret == LZMA_DATA_ERROR ? "corrupt data"
                     : ret == LZMA_FORMAT_ERROR ? "not xz data" : "decoder error");
            return -1;
        }
        if (act == LZMA_FINISH && r->xz.avail_out == CHUNK) {
            snprintf(r->err, sizeof r->err, "xz stream: truncated (unexpected end of input)");
            return -1;
        }
    }
    r->len = CHUNK - r->xz.avail_out;
    return r->len > 0 || !r->eof;
}

char *lines_next(lines_t *r)
{
    size_t used = 0;
    if (r->err[0])
        return NULL;
    for (;;) {
        if (r->pos == r->len) {
            int k = refill(r);
            if (k < 0)
                return NULL;
            if (k == 0 && r->len == 0) {
                if (!used)
                    return NULL;
                break;
            }
        }
        char *s = r->out + r->pos, *nl = memchr(s, '\n', r->len - r->pos);
        size_t take = nl ? (size_t)(nl - s) : r->len - r->pos;
        if (used + take + 1 > LINES_MAX_LEN) {
            snprintf(r->err, sizeof r->err, "line %u longer than %u bytes", r->no + 1, LINES_MAX_LEN);
            return NULL;
        }
        if (used + take + 1 > r->cap) {
            size_t cap = r->cap ? r->cap : 256;
            while (cap < used + take + 1)
                cap *= 2;
            char *v = realloc(r->line, cap);
            if (!v) {
                snprintf(r->err, sizeof r->err, "out of memory");
                return NULL;
            }
            r->line = v;
            r->cap = cap;
        }
        memcpy(r->line + used, s, take);
        used += take;
        r->pos += take + (nl != NULL);
        if (nl)
            break;
    }
    r->line[used] = 0;
    while (used && r->line[used - 1] == '\r')
        r->line[--used] = 0;
    if (memchr(r->line, 0, used)) {
        snprintf(r->err, sizeof r->err, "line %u holds a NUL byte (binary data?)", r->no + 1);
        return NULL;
    }
    r->no++;
    return r->line;
}

const char *lines_error(const lines_t *r) { return r->err[0] ? r->err : NULL; }
unsigned lines_no(const lines_t *r) { return r->no; }
const char *lines_format(const lines_t *r)
{
    return r->fmt == FMT_GZIP ? "gzip" : r->fmt == FMT_XZ ? "xz" : "plain";
}

void lines_close(lines_t *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    if (r->gz)
        gzclose(r->gz);
    if (r->fmt == FMT_XZ)
        lzma_end(&r->xz);
    free(r->line);
    free(r);
}
