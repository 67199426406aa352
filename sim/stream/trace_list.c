/* kernelslist.g: MemcpyHtoD lines (checked), the kernel traces in order (each also found
 * compressed as NAME.xz / NAME.gz), other commands ignored with a warning as Accel-Sim
 * ignores them. */
#include "lines.h"
#include "bgload.h"
#include "trace_int.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a kernelslist.g entry names a trace; Accel-Sim's tracer may have compressed it since */
static int find_trace(const char *dir, const char *name, char *out, size_t cap)
{
    static const char *const suf[] = {"", ".xz", ".gz", NULL};
    for (unsigned i = 0; suf[i]; i++) {
        snprintf(out, cap, "%s/%s%s", dir, name, suf[i]);
        FILE *f = fopen(out, "rb");
        if (f) {
            fclose(f);
            return 0;
        }
    }
    snprintf(out, cap, "%s/%s", dir, name);
    return -1;
}

static int memcpy_line(const char *s)
{
    char a[32], b[32], tail;
    unsigned long long x;
    return sscanf(s, "MemcpyHtoD,%31[^,],%31[^, ]%c", a, b, &tail) == 2 && !trace_parse_uint(a, 16, ~0ull, &x) &&
                   !trace_parse_uint(b, 10, ~0ull, &x) ? 0 : -1;
}

/* kernel i of the list (path paths[i]) into w->k[i]; -1 with err */
static int load_one(workload_t *w, char **paths, unsigned i, const load_opts_t *o, char *err,
                    size_t n)
{
    if (trace_load_kernel(paths[i], i + 1, o, &w->k[i], err, n))
        return -1;
    w->n = i + 1;
    return 0;
}

int trace_load_list(const char *path, const load_opts_t *o, workload_t *w, char *err, size_t n)
{
    lines_t *r = lines_open(path, err, n);
    if (!r)
        return -1;
    char dir[512];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    char **paths = NULL;
    unsigned np = 0;
    char *s;
    while ((s = lines_next(r))) {
        unsigned line = lines_no(r);
        while (*s == ' ' || *s == '\t')
            s++;
        size_t l = strlen(s);
        while (l && (s[l - 1] == ' ' || s[l - 1] == '\t'))
            s[--l] = 0;
        if (!l || s[0] == '#')
            continue;
        if (!strncmp(s, "MemcpyHtoD", 10)) {
            if (memcpy_line(s))
                ERR("%s:%u: field 'MemcpyHtoD': expected MemcpyHtoD,0xADDRESS,BYTES", path, line);
            continue;
        }
        if (strncmp(s, "kernel", 6) && !strstr(s, ".traceg")) {
            char msg[128];
            snprintf(msg, sizeof msg, "'%.40s' ignored (as Accel-Sim does: only MemcpyHtoD and "
                     "kernel traces are commands)", s);
            trace_warn(path, line, "command", msg);
            continue;
        }
        char kp[1100];
        if (find_trace(dir, s, kp, sizeof kp))
            ERR("%s:%u: field 'kernel': cannot open %s (nor .xz / .gz): %s", path, line, kp,
                strerror(errno));
        char **v = realloc(paths, (np + 1) * sizeof *v);
        if (!v || !(v[np] = strdup(kp))) {
            paths = v ? v : paths;
            ERR("out of memory");
        }
        paths = v;
        np++;
        if (o && o->probe)
            break;
    }
    if (lines_error(r))
        ERR("%s:%u: %s", path, lines_no(r), lines_error(r));
    if (!np)
        ERR("%s: no kernels listed", path);
    lines_close(r);
    r = NULL;
    if (!(w->k = calloc(np, sizeof *w->k)))
        ERR("out of memory");
    if (load_one(w, paths, 0, o, err, n))
        goto fail;
    if (np > 1 && o && o->background && !bgload_start(w, paths, np, o))
        return 0; /* the thread owns paths */
    for (unsigned i = 1; i < np; i++)
        if (load_one(w, paths, i, o, err, n))
            goto fail;
    for (unsigned i = 0; i < np; i++)
        free(paths[i]);
    free(paths);
    return 0;
fail:
    lines_close(r);
    for (unsigned i = 0; i < np; i++)
        free(paths[i]);
    free(paths);
    workload_free(w);
    return -1;
}
