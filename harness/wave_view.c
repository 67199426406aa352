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
    unsigned n, cap;
} sigs_t;

static void sigs_add(sigs_t *s, const char *scope, const char *name)
{
    char base[1024], full[1100];
    const char *sp = strchr(name, ' ');
    int len = sp ? (int)(sp - name) : (int)strlen(name);
    snprintf(base, sizeof base, "%s.%.*s", scope, len, name);
    unsigned msb, lsb;
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
    }
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
    while (written >= 0 && fgets(line, sizeof line, in)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        const int optional = line[0] == '?';
        const char *pat = line + optional;
        if (strncmp(pat, "TOP.", 4)) {
            fprintf(o, "%s\n", line);
            continue;
        }
        int found = 0;
        for (unsigned i = 0; i < s.n; i++)
            if (match(pat, s.base[i])) {
                fprintf(o, "%s\n", s.full[i]);
                found++;
            }
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
