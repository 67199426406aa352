/* GTKWave views fitted to a dump (see wave_view.h). The FST hierarchy is read with the fstapi
 * reader that ships with Verilator (libverilated). */
#include "wave_view.h"
#include "cmodel/common.h"
#include <gtkwave/fstapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char **base, **full; /* "TOP.rf.rr_q[0]" and "TOP.rf.rr_q[0][3:0]" */
    unsigned *lsb, *width;
    unsigned n, cap;
} sigs_t;

static void sigs_add(sigs_t *s, const char *scope, const char *name)
{
    char base[1024], full[1100];
    const char *sp = strchr(name, ' ');
    int len = sp ? (int)(sp - name) : (int)strlen(name);
    snprintf(base, sizeof base, "%s.%.*s", scope, len, name);
    unsigned msb = 0, lsb = 0;
    if (sp && sscanf(sp, " [%u:%u]", &msb, &lsb) == 2)
        snprintf(full, sizeof full, msb == lsb ? "%s[%u]" : "%s[%u:%u]", base, msb, lsb);
    else
        snprintf(full, sizeof full, "%s", base);
    for (unsigned i = 0; i < s->n; i++)
        if (!strcmp(s->base[i], base))
            return;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->base = realloc(s->base, s->cap * sizeof *s->base);
        s->full = realloc(s->full, s->cap * sizeof *s->full);
        s->lsb = realloc(s->lsb, s->cap * sizeof *s->lsb);
        s->width = realloc(s->width, s->cap * sizeof *s->width);
    }
    s->lsb[s->n] = msb < lsb ? msb : lsb;
    s->width[s->n] = (msb > lsb ? msb - lsb : lsb - msb) + 1;
    s->base[s->n] = strdup(base);
    s->full[s->n++] = strdup(full);
}

static void sigs_free(sigs_t *s)
{
    for (unsigned i = 0; i < s->n; i++) {
        free(s->base[i]);
        free(s->full[i]);
    }
    free(s->base);
    free(s->full);
    free(s->lsb);
    free(s->width);
}

/* "[*]" in a pattern matches one array index "[<digits>]"; everything else literally. */
static int match(const char *p, const char *b)
{
    while (*p) {
        if (!strncmp(p, "[*]", 3)) {
            if (*b++ != '[' || *b < '0' || *b > '9')
                return 0;
            while (*b >= '0' && *b <= '9')
                b++;
            if (*b++ != ']')
                return 0;
            p += 3;
        } else if (*p++ != *b++)
            return 0;
    }
    return !*b;
}

/* a row's name: the signal's path below TOP, its scopes without their generate and instance
 * prefixes, separated by spaces ("TOP.rfc.g_bank[3].u_fill.st_v_q[0]" -> "rfc bank[3] fill
 * st_v_q[0]"): unique as the path is, where GTKWave would show eight rows "st_v_q[0]" (it
 * shows a name's last dot-separated part only) */
static void row_name(const char *base, char *out, size_t n)
{
    size_t l = 0;
    const char *p = !strncmp(base, "TOP.", 4) ? base + 4 : base;
    while (*p && l + 1 < n) {
        if ((p == base || p[-1] == '.') && strchr(p, '.') &&
            (!strncmp(p, "g_", 2) || !strncmp(p, "u_", 2)))
            p += 2; /* a scope's prefix, never a signal's */
        out[l++] = *p == '.' ? ' ' : *p;
        p++;
    }
    out[l] = 0;
}

static int read_dump(const char *fst, sigs_t *s, char *err, size_t n)
{
    void *r = fstReaderOpen(fst);
    if (!r)
        return gpurf_fail(err, n, "%s: cannot open as FST", fst);
    char scope[1024] = "";
    struct fstHier *h;
    while ((h = fstReaderIterateHier(r))) {
        if (h->htyp == FST_HT_SCOPE) {
            size_t l = strlen(scope);
            snprintf(scope + l, sizeof scope - l, "%s%s", l ? "." : "", h->u.scope.name);
        } else if (h->htyp == FST_HT_UPSCOPE) {
            char *dot = strrchr(scope, '.');
            *(dot ? dot : scope) = 0;
        } else if (h->htyp == FST_HT_VAR && h->u.var.typ != FST_VT_VCD_PARAMETER)
            sigs_add(s, scope, h->u.var.name);
    }
    fstReaderClose(r);
    return 0;
}

int wave_view_write(const char *view, const char *fst, const char *out, char *err, size_t n)
{
    sigs_t s = {0};
    if (read_dump(fst, &s, err, n))
        return -1;
    FILE *in = fopen(view, "r"), *o = in ? fopen(out, "w") : NULL;
    int written = 0, lineno = 0;
    char line[1024];
    if (!in || !o)
        written = gpurf_fail(err, n, "%s: cannot %s", in ? out : view, in ? "write" : "open");
    /* the window: the row names (group titles of at most 40 characters keep GTKWave from
     * widening their pane) beside about 90 cycles, from time 0 (zoom: 2^-14 of GTKWave's 200
     * pixels a picosecond, about 80 ps a pixel) */
    if (o)
        fprintf(o, "[size] 1600 1000\n[pos] -1 -1\n[sst_width] 220\n[signals_width] 380\n"
                   "[sst_expanded] 0\n[timestart] 0\n*-14.000000 -1%s\n",
                   " -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1");
    while (written >= 0 && fgets(line, sizeof line, in)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        const int optional = line[0] == '?';
        const char *pat = line + optional;
        if (strncmp(pat, "TOP.", 4)) {
            fprintf(o, "%s\n", line);
            continue;
        }
        /* "SIGNAL per REF": SIGNAL packs one field per bit of REF (an entry's flag): a row per
         * entry, SIGNAL[e] its bits */
        char *per = strstr(line, " per ");
        unsigned entries = 1;
        if (per) {
            *per = 0;
            const char *ref = per + 5;
            unsigned k = 0;
            while (k < s.n && !match(ref, s.base[k]))
                k++;
            if (k == s.n) {
                written = gpurf_fail(err, n, "%s:%d: signal '%s' is not in %s", view, lineno, ref, fst);
                break;
            }
            entries = s.width[k];
        }
        int found = 0;
        for (unsigned i = 0; i < s.n; i++) {
            if (!match(pat, s.base[i]))
                continue;
            char row[1024];
            row_name(s.base[i], row, sizeof row);
            found++;
            if (!per || entries == 1) {
                fprintf(o, "+{%s} %s\n", row, s.full[i]);
                continue;
            }
            if (s.width[i] % entries) {
                written = gpurf_fail(err, n, "%s:%d: %s has %u bits, not a field per entry of %u",
                                     view, lineno, s.full[i], s.width[i], entries);
                break;
            }
            /* entry e's bits, most significant first, each as GTKWave names a bit of a
             * vector in a save file: (offset from the vector's msb)name[msb:lsb] */
            const unsigned f = s.width[i] / entries, msb = s.lsb[i] + s.width[i] - 1;
            for (unsigned e = 0; e < entries; e++) {
                fprintf(o, "%c{%s[%u]}", f == 1 ? '+' : '#', row, e);
                for (unsigned b = s.lsb[i] + e * f + f; b-- > s.lsb[i] + e * f;)
                    fprintf(o, " (%u)%s", msb - b, s.full[i]);
                fputc('\n', o);
            }
        }
        if (written < 0)
            break;
        if (!found && !optional)
            written = gpurf_fail(err, n, "%s:%d: signal '%s' is not in %s", view, lineno, line, fst);
        else
            written += found;
    }
    if (in)
        fclose(in);
    if (o)
        fclose(o);
    sigs_free(&s);
    return written;
}
