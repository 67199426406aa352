/* Preset metadata (cfg_int.h): the per-parameter sources, the binary versions a preset is the
 * default for, and the preset a trace's architecture picks (cfg.h). */
#include "cfg_int.h"
#include "common.h"
#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* the index of parameter t in cfg_param_name's order, or -1 */
static int param_index(const char *t)
{
    for (unsigned i = 0; cfg_param_name(i); i++)
        if (!strcmp(cfg_param_name(i), t))
            return (int)i;
    return -1;
}

/* marks in seen[] the parameters the keys of sources name; -1 with err at a key naming none */
static int sources_scan(const json_t *v, unsigned char *seen, const char *path, char *err,
                        size_t n)
{
    const char *k;
    json_t *s;
    json_object_foreach((json_t *)v, k, s)
    {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", k);
        char *save, *t;
        for (t = strtok_r(buf, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
            int i = param_index(t);
            if (i < 0)
                return gpurf_fail(err, n, "%s: field 'sources': '%s' is no parameter", path, t);
            seen[i] = 1;
        }
    }
    return 0;
}

int cfg_sources_check(const json_t *v, const char *path, char *err, size_t n)
{
    const char *k;
    json_t *s;
    if (!json_is_object(v))
        return gpurf_fail(err, n, "%s: field 'sources': expected an object", path);
    json_object_foreach((json_t *)v, k, s)
    {
        if (!json_is_string(s) || !json_string_length(s))
            return gpurf_fail(err, n, "%s: field 'sources': '%s' needs a source text", path, k);
    }
    unsigned char seen[512] = {0};
    return sources_scan(v, seen, path, err, n);
}

int cfg_sources_cover(const json_t *v, const char *path, char *err, size_t n)
{
    unsigned char seen[512] = {0};
    if (sources_scan(v, seen, path, err, n))
        return -1;
    for (unsigned i = 0; cfg_param_name(i); i++)
        if (!seen[i])
            return gpurf_fail(err, n, "%s: field 'sources': no source for '%s'", path,
                              cfg_param_name(i));
    return 0;
}

int cfg_default_for(const json_t *v, unsigned bv, const char *path, char *err, size_t n)
{
    size_t i;
    json_t *x;
    int hit = 0;
    if (!json_is_array(v))
        return gpurf_fail(err, n, "%s: field 'default_for': expected a list of binary versions",
                          path);
    json_array_foreach(v, i, x)
    {
        if (!json_is_integer(x) || json_integer_value(x) < 10 || json_integer_value(x) > 99)
            return gpurf_fail(err, n, "%s: field 'default_for': expected binary versions "
                              "(10 ... 99)", path);
        hit |= (unsigned)json_integer_value(x) == bv;
    }
    return hit;
}

int cfg_preset_for_arch(const char *dir, unsigned bv, char *name, size_t nn, char *err,
                        size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d)
        return gpurf_fail(err, errlen, "%s: cannot read the presets directory", dir);
    struct dirent *e;
    int rc = 1;
    char found[256] = "";
    while ((e = readdir(d)) && rc >= 0) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".json"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        json_error_t je;
        json_t *root = json_load_file(path, 0, &je);
        if (!root) {
            rc = gpurf_fail(err, errlen, "%s:%d: %s", path, je.line, je.text);
            break;
        }
        const json_t *df = json_object_get(root, "default_for");
        int hit = df ? cfg_default_for(df, bv, path, err, errlen) : 0;
        if (hit < 0)
            rc = -1;
        else if (hit && *found)
            rc = gpurf_fail(err, errlen, "%s: field 'default_for': sm_%u is also %s's", path, bv,
                            found);
        else if (hit) {
            snprintf(found, sizeof found, "%.*s", (int)(l - 5), e->d_name);
            rc = 0;
        }
        json_decref(root);
    }
    closedir(d);
    if (!rc)
        snprintf(name, nn, "%s", found);
    return rc;
}
