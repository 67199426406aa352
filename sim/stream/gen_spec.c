/* The generator's spec, "key=value,..." (gen.h: gen_parse): every knob with its default and
 * range; a bad key or value is an error naming it. */
#include "gen_int.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gen_parse(const char *spec, gen_spec_t *g, char *err, size_t n)
{
    *g = (gen_spec_t){1, 8, 4, 24, 40, 8, 20, 50, 70, 6, 10, 10, 0, 0, GEN_ADDR_STREAM, 128, 16, 0, 0, 0, 0, 0, 0, 0, 2};
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec ? spec : "");
    struct {
        const char *k;
        unsigned *v, lo, hi;
    } keys[] = {{"seed", &g->seed, 0, 0xffffffffu}, {"blocks", &g->blocks, 1, 1u << 20},
                {"warps", &g->warps, 1, 32},        {"regs", &g->regs, 4, 255},
                {"insts", &g->insts, 4, 100000},     {"loops", &g->loops, 1, 1u << 20},
                {"div", &g->div, 0, 100},            {"dep", &g->dep, 0, 100},
                {"alu", &g->w_alu, 0, 1000},         {"sfu", &g->w_sfu, 0, 1000},
                {"shmem", &g->w_shmem, 0, 1000},     {"gmem", &g->w_gmem, 0, 1000},
                {"idiv", &g->idiv, 0, 100},          {"window", &g->window, 0, 255},
                {"addr", &g->addr, 0, 3},            {"stride", &g->stride, 4, 1u << 20},
                {"tile", &g->tile, 1, 1u << 20},    {"temps", &g->temps, 0, 90},
                {"pdiv", &g->pdiv, 0, 100},          {"pred", &g->pred, 0, 100},
                {"threads", &g->threads, 0, 1024},   {"wide", &g->wide, 0, 100},
                {"dfma", &g->dfma, 0, 100},          {"its", &g->its, 0, 100},
                {"calls", &g->calls, 0, GEN_MAX_CALLS}};
    static const char *const addr_names[] = {"stream", "stride", "tile", "random"};
    char *save, *tok;
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        unsigned i;
        for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
            if (eq && strlen(keys[i].k) == (size_t)(eq - tok) && !strncmp(tok, keys[i].k, eq - tok))
                break;
        if (i == sizeof keys / sizeof keys[0]) {
            snprintf(err, n, "--gen: field '%.*s': unknown key", eq ? (int)(eq - tok) : (int)strlen(tok), tok);
            return -1;
        }
        char *end;
        errno = 0;
        if (keys[i].v == &g->addr) {
            unsigned a;
            for (a = 0; a < 4 && strcmp(eq + 1, addr_names[a]); a++)
                ;
            if (a == 4) {
                snprintf(err, n, "--gen: field 'addr': '%s' is not stream, stride, tile or random",
                         eq + 1);
                return -1;
            }
            g->addr = a;
            continue;
        }
        unsigned long v = strtoul(eq + 1, &end, 0);
        if (errno || *end || !eq[1] || eq[1] == '-' || v < keys[i].lo || v > keys[i].hi) {
            snprintf(err, n, "--gen: field '%s': '%s' outside [%u, %u]", keys[i].k, eq + 1,
                     keys[i].lo, keys[i].hi);
            return -1;
        }
        *keys[i].v = (unsigned)v;
    }
    const unsigned nlong = g->regs - g->regs * g->temps / 100;
    if (nlong < 4) {
        snprintf(err, n, "--gen: field 'temps': %u%% of regs=%u leaves %u long-lived registers "
                 "(4 needed)", g->temps, g->regs, nlong);
        return -1;
    }
    if (g->its && nlong < GEN_ITS_MIN_LONG) {
        snprintf(err, n, "--gen: field 'its': the region needs %u long-lived registers, regs=%u "
                 "leaves %u", GEN_ITS_MIN_LONG, g->regs, nlong);
        return -1;
    }
    if (g->window > gen_pool_regs(g)) {
        snprintf(err, n, "--gen: field 'window': %u registers exceed the %u long-lived of regs=%u",
                 g->window, gen_pool_regs(g), g->regs);
        return -1;
    }
    if (g->threads && (g->threads <= 32 * (g->warps - 1) || g->threads > 32 * g->warps)) {
        snprintf(err, n, "--gen: field 'threads': %u threads do not make %u warps (%u to %u)",
                 g->threads, g->warps, 32 * (g->warps - 1) + 1, 32 * g->warps);
        return -1;
    }
    if (g->pdiv && (!g->div || g->insts < 12)) {
        snprintf(err, n, "--gen: field 'pdiv': the else path needs the branch (div > 0) and "
                 "insts >= 12");
        return -1;
    }
    if (!(g->w_alu + g->w_sfu + g->w_shmem + g->w_gmem)) {
        snprintf(err, n, "--gen: field 'alu': the instruction mix weights are all zero");
        return -1;
    }
    return 0;
}
