/* Where a preset's errors point: the line of a top-level key in the file (jansson keeps no
 * positions for values), and the presets a directory holds when a name matches none. */
#include "cfg_int.h"
#include <glob.h>
#include <stdio.h>
#include <string.h>

int cfg_key_line(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    /* a scan of the file's strings and braces: a string at depth 1 followed by ':' is a key */
    int ch, depth = 0, line = 1, found = 0, in_str = 0, esc = 0, str_line = 0;
    size_t klen = strlen(key), n = 0, match = 1;
    while ((ch = fgetc(f)) != EOF && !found) {
        if (ch == '\n')
            line++;
        if (in_str) {
            if (esc)
                esc = 0;
            else if (ch == '\\')
                esc = 1;
            else if (ch == '"')
                in_str = 0;
            else {
                match = match && n < klen && key[n] == ch;
                n++;
            }
            if (!in_str)
                match = match && n == klen;
            continue;
        }
        if (ch == '"') {
            in_str = 1, n = 0, match = 1, str_line = line;
            continue;
        }
        if (ch == '{' || ch == '[')
            depth++;
        else if (ch == '}' || ch == ']')
            depth--, match = 0;
        else if (ch == ':' && depth == 1 && match && str_line)
            found = str_line;
        else if (ch == ',')
            match = 0;
    }
    fclose(f);
    return found;
}

void cfg_list_presets(const char *dir, char *out, size_t n)
{
    char pat[1024];
    glob_t g;
    out[0] = 0;
    snprintf(pat, sizeof pat, "%s/*.json", dir);
    if (glob(pat, 0, NULL, &g))
        return;
    size_t used = 0;
    for (size_t i = 0; i < g.gl_pathc && used < n; i++) {
        const char *b = strrchr(g.gl_pathv[i], '/');
        b = b ? b + 1 : g.gl_pathv[i];
        used += (size_t)snprintf(out + used, n - used, "%s%.*s", i ? ", " : "",
                                 (int)(strlen(b) - 5), b);
    }
    globfree(&g);
}
