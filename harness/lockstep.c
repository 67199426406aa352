/* Lockstep engine (contract in lockstep.h). */
#include "lockstep.h"
#include "stim.h"
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

unsigned ls_flat_words(const block_desc_t *bd, const void *cfg)
{
    unsigned w = 1;
    for (unsigned i = 0; i < bd->pt->nports; i++) {
        unsigned b = (pt_total_bits(bd->pt, cfg, i) + 31) / 32;
        if (b > w)
            w = b;
    }
    return w + 2;
}

/* the storage of every port of the instance's current RTL model */
static void bind_ports(ls_inst_t *x)
{
    for (unsigned i = 0; i < x->bd->pt->nports; i++)
        x->rport[i] = x->rtl->port(x->m, i, &x->rbytes[i]);
}

/* a port of at most 32 bits in all packed into one word (little-endian, as the RTL holds it);
 * 0 when the port is wider */
static inline int pack_word(const pt_port_t *p, unsigned bits, unsigned count, const void *s,
                            uint32_t *word)
{
    if (bits * count > 32)
        return 0;
    const uint32_t *src = pt_elem_c(p, s, 0);
    const uint32_t m = gpurf_mask(bits);
    uint32_t v = 0;
    for (unsigned e = 0; e < count; e++)
        v |= (src[e] & m) << (e * bits);
    *word = v;
    return 1;
}

/* the inputs packed into this cycle's history slot, then into the RTL's ports */
static void rtl_drive_inputs(ls_inst_t *x)
{
    const pt_table_t *t = x->bd->pt;
    uint32_t *img = x->hist + (size_t)x->hist_pos * x->img_words;
    for (unsigned i = 0; i < t->nports; i++) {
        if (t->ports[i].dir != PT_IN)
            continue;
        uint32_t *slot = img + x->img_off[i];
        if (!pack_word(&t->ports[i], x->pbits[i], x->pcount[i], x->in, slot))
            pt_pack_n(&t->ports[i], x->pbits[i], x->pcount[i], x->in, slot);
        memcpy(x->rport[i], slot, x->rbytes[i]);
    }
}

void ls_rtl_read_outputs(const block_desc_t *bd, const void *cfg, const rtl_ops_t *rtl,
                         rtl_model_t *m, uint32_t *flat, void *out)
{
    const pt_table_t *t = bd->pt;
    memset(out, 0, bd->out_size);
    for (unsigned i = 0; i < t->nports; i++) {
        if (t->ports[i].dir != PT_OUT)
            continue;
        unsigned bytes;
        const void *p = rtl->port(m, i, &bytes);
        memset(flat, 0, ((pt_total_bits(t, cfg, i) + 31) / 32 + 2) * 4);
        memcpy(flat, p, bytes);
        pt_unpack(t, cfg, i, flat, out);
    }
}

static void rtl_read_outputs(ls_inst_t *x)
{
    ls_rtl_read_outputs(x->bd, x->cfg, x->rtl, x->m, x->flat, x->r_out);
}

/* n rounded up to whole cache lines */
static size_t line(size_t n) { return (n + 63) / 64 * 64; }

ls_inst_t *ls_new(ls_ctx_t *ctx, const block_desc_t *bd, const sm_cfg_t *sm, const char *name,
                  const rtl_ops_t *rtl)
{
    /* the instance, the C model's state, its inputs and outputs in one block: every cycle
     * touches them together */
    const size_t a = line(sizeof(ls_inst_t)), b = line(bd->state_size), c = line(bd->in_size);
    ls_inst_t *x = aligned_alloc(64, a + b + c + line(bd->out_size));
    if (!x)
        return NULL;
    memset(x, 0, a + b + c + line(bd->out_size));
    x->st = (char *)x + a;
    x->in = (char *)x->st + b;
    x->c_out = (char *)x->in + c;
    x->ctx = ctx;
    x->bd = bd;
    snprintf(x->name, sizeof x->name, "%s", name);
    x->cfg = calloc(1, bd->cfg_size);
    x->r_out = calloc(1, bd->out_size);
    x->hist_len = ctx->history;
    x->img_off = calloc(bd->pt->nports, sizeof *x->img_off);
    if (!x->cfg || !x->r_out || !x->img_off)
        goto fail;
    bd->cfg_from_sm(sm, x->cfg);
    x->flat = calloc(ls_flat_words(bd, x->cfg), sizeof *x->flat);
    x->pbits = calloc(bd->pt->nports, sizeof *x->pbits);
    x->pcount = calloc(bd->pt->nports, sizeof *x->pcount);
    x->rport = calloc(bd->pt->nports, sizeof *x->rport);
    x->rbytes = calloc(bd->pt->nports, sizeof *x->rbytes);
    if (!x->pbits || !x->pcount || !x->rport || !x->rbytes)
        goto fail;
    for (unsigned i = 0; i < bd->pt->nports; i++) {
        const pt_port_t *p = &bd->pt->ports[i];
        unsigned bits, count;
        bd->pt->dims(x->cfg, i, &bits, &count);
        x->pbits[i] = bits;
        x->pcount[i] = count;
        if (p->dir == PT_IN) {
            x->img_off[i] = x->img_words;
            x->img_words += (bits * count + 31) / 32;
        }
        if (p->dir == PT_OUT)
            x->nfields += count;
        size_t n = strlen(p->name);
        int strobe = (n >= 5 && !strcmp(p->name + n - 5, "valid")) || (bits == 1 && count == 1);
        if (p->dir == PT_IN && strobe) {
            if (x->nstrobes == sizeof x->strobe / sizeof x->strobe[0]) {
                fprintf(stderr, "gpurf: block %s has more input strobes than lockstep.h holds\n", bd->name);
                goto fail;
            }
            if (p->off + count * pt_elem_words(p) * 4 > 0xffff) {
                fprintf(stderr, "gpurf: block %s: input strobe %s lies beyond 64 KiB\n", bd->name,
                        p->name);
                goto fail;
            }
            const uint16_t words = (uint16_t)(count * pt_elem_words(p));
            /* a strobe that follows the last one in the input struct extends its range */
            if (x->nstrobes && x->strobe[x->nstrobes - 1].off +
                                   x->strobe[x->nstrobes - 1].words * 4u == p->off)
                x->strobe[x->nstrobes - 1].words += words;
            else {
                x->strobe[x->nstrobes].off = (uint16_t)p->off;
                x->strobe[x->nstrobes++].words = words;
            }
        }
    }
    x->hist = calloc((size_t)(x->hist_len + 1) * x->img_words + 1, sizeof *x->hist);
    x->hist_cycle = calloc(x->hist_len + 1, sizeof *x->hist_cycle);
    if (!x->hist || !x->hist_cycle)
        goto fail;
    if (!x->flat || bd->init(x->st, x->cfg)) {
        fprintf(stderr, "gpurf: cannot initialise %s (configuration outside the model's limits)\n",
                name);
        goto fail;
    }
    x->rtl = rtl;
    if (rtl) {
        x->m = rtl->create();
        x->twin = x->m != NULL;
        bind_ports(x);
        ls_rtl_reset(bd, rtl, x->m);
    }
    ctx->all = realloc(ctx->all, (ctx->n_all + 1) * sizeof *ctx->all);
    ctx->all[ctx->n_all++] = x;
    return x;
fail:
    ls_free(x);
    return NULL;
}

void ls_rtl_reset(const block_desc_t *bd, const rtl_ops_t *rtl, rtl_model_t *m)
{
    /* inputs at 0 while in reset (test builds start every variable random) */
    for (unsigned i = 0; i < bd->pt->nports; i++)
        if (bd->pt->ports[i].dir == PT_IN) {
            unsigned bytes = 0;
            void *p = rtl->port(m, i, &bytes);
            memset(p, 0, bytes);
        }
    rtl->set_clk_rst(m, 0, 0);
    rtl->eval(m);
    rtl->set_clk_rst(m, 1, 0);
    rtl->eval(m);
    rtl->set_clk_rst(m, 0, 1);
    rtl->eval(m);
}

int ls_restart(ls_inst_t *x)
{
    x->bd->free(x->st);
    if (x->bd->init(x->st, x->cfg))
        return -1;
    memset(x->in, 0, x->bd->in_size);
    x->hist_pos = x->hist_n = 0;
    x->evaluated = x->quiet_out = x->quiet_known = x->dormant = 0;
    if (x->m) { /* a new model: the reset does not clear storage arrays */
        x->rtl->destroy(x->m);
        if (!(x->m = x->rtl->create()))
            return -1;
        bind_ports(x);
        ls_rtl_reset(x->bd, x->rtl, x->m);
    }
    return 0;
}

void ls_free(ls_inst_t *x)
{
    if (!x)
        return;
    if (x->m)
        x->rtl->destroy(x->m);
    if (x->st && x->bd)
        x->bd->free(x->st);
    free(x->cfg);
    free(x->r_out);
    free(x->hist);
    free(x->hist_cycle);
    free(x->flat);
    free(x->pbits);
    free(x->pcount);
    free(x->rport);
    free(x->rbytes);
    free(x->img_off);
    free(x);
}

static void maybe_trace(ls_inst_t *x)
{
    const ls_ctx_t *c = x->ctx;
    if (x->tracing || !x->m)
        return;
    int win = c->win_inst && !strcmp(c->win_inst, x->name) && c->cycle >= c->win_from;
    if (!c->wave_all && !win)
        return;
    ls_wave_path(c, x, win ? "mismatch_" : "", x->wave, sizeof x->wave);
    mkdir(c->wave_dir ? c->wave_dir : "waves", 0777); /* EEXIST is fine */
    if (x->rtl->trace_open(x->m, x->wave) == 0)
        x->tracing = 1;
    else
        fprintf(stderr, "gpurf: cannot write %s\n", x->wave);
}

/* C outputs packed as the RTL holds them, equal to the RTL's output ports byte for byte (a
 * difference in unused upper bits only sends the caller to the field-by-field comparison) */
static int packed_equal(ls_inst_t *x)
{
    const pt_table_t *t = x->bd->pt;
    for (unsigned i = 0; i < t->nports; i++) {
        if (t->ports[i].dir != PT_OUT)
            continue;
        uint32_t w;
        if (pack_word(&t->ports[i], x->pbits[i], x->pcount[i], x->c_out, &w)) {
            if (memcmp(&w, x->rport[i], x->rbytes[i]))
                return 0;
            continue;
        }
        pt_pack_n(&t->ports[i], x->pbits[i], x->pcount[i], x->c_out, x->flat);
        if (memcmp(x->flat, x->rport[i], x->rbytes[i]))
            return 0;
    }
    return 1;
}

/* an invariant inside the RTL stopped it: reported like a mismatch (port LS_INVARIANT) */
static void check_failed(ls_inst_t *x)
{
    if (!x->rtl->failed(x->m) || x->ctx->bad)
        return;
    rtl_read_outputs(x);
    x->mismatches++;
    x->ctx->bad = x;
    x->ctx->bad_port = LS_INVARIANT;
    x->ctx->bad_cycle = x->ctx->cycle;
}

static int no_strobe(const ls_inst_t *x)
{
    for (unsigned i = 0; i < x->nstrobes; i++)
        if (gpurf_any((const uint32_t *)((const char *)x->in + x->strobe[i].off),
                      x->strobe[i].words))
            return 0;
    return 1;
}

int ls_quiet(const ls_inst_t *x)
{
    const ls_ctx_t *c = x->ctx;
    if (x->twin || c->every_cycle || c->rec_inst)
        return 0;
    if (c->quiet_fault)
        return no_strobe(x);
    return x->bd->quiet && x->bd->quiet(x->st, x->in);
}

const void *ls_eval(ls_inst_t *x, int compare)
{
    if (x->dormant) {
        x->quiet_known = x->quiet_now = 1;
        return x->c_out;
    }
    if (!x->twin && x->bd->moore && x->evaluated && !x->ctx->rec_inst) {
        x->quiet_known = 0;
        return x->c_out; /* C only: a Moore block's outputs do not change before the edge */
    }
    x->quiet_now = ls_quiet(x);
    x->quiet_known = 1;
    if (x->quiet_now) {
        if (!x->quiet_out)
            x->bd->eval(x->st, x->in, x->c_out);
        x->evaluated = x->quiet_out = 1;
        return x->c_out;
    }
    x->bd->eval(x->st, x->in, x->c_out);
    x->evaluated = 1;
    x->quiet_out = 0;
    ls_ctx_t *c = x->ctx;
    if (compare && c->rec_inst && c->rec_cycles < c->rec_max && !strcmp(x->name, c->rec_inst)) {
        stim_write(c->rec_in, x->bd->pt, x->cfg, PT_IN, x->in);
        stim_write(c->rec_out, x->bd->pt, x->cfg, PT_OUT, x->c_out);
        c->rec_cycles++;
    }
    if (!x->twin)
        return x->c_out;
    maybe_trace(x);
    rtl_drive_inputs(x);
    x->rtl->set_clk_rst(x->m, 0, 1);
    x->rtl->eval(x->m);
    if (x->tracing && compare) /* the final evaluation of the cycle is the one recorded */
        x->rtl->trace_dump(x->m, RTL_WAVE_TIME(x->ctx->cycle, 0));
    check_failed(x);
    int unpacked = 0;
    if (compare) {
        x->cycles_compared++;
        if (packed_equal(x))
            x->fields_compared += x->nfields;
        else {
            /* walk the fields only when the packed images differ */
            unsigned port, elem, word;
            rtl_read_outputs(x);
            unpacked = 1;
            if (pt_compare(x->bd->pt, x->cfg, PT_OUT, x->c_out, x->r_out, &port, &elem, &word,
                           &x->fields_compared)) {
                x->mismatches++;
                if (!x->ctx->bad) {
                    x->ctx->bad = x;
                    x->ctx->bad_port = port;
                    x->ctx->bad_elem = elem;
                    x->ctx->bad_word = word;
                    x->ctx->bad_cycle = x->ctx->cycle;
                }
            }
        }
    }
    if (x->ctx->drive_rtl && !unpacked)
        rtl_read_outputs(x);
    return x->ctx->drive_rtl ? x->r_out : x->c_out;
}

void ls_tick(ls_inst_t *x)
{
    /* the inputs have not changed since an evaluation (lockstep.h) */
    if (x->dormant) {
        x->quiet_known = 0;
        return;
    }
    const int q = x->quiet_known ? x->quiet_now : ls_quiet(x);
    x->quiet_known = 0;
    if (q) { /* the edge would change nothing: the outputs stay current */
        x->dormant = x->ctx->dormancy && (x->quiet_out || (x->bd->moore && x->evaluated)) &&
                     no_strobe(x);
        return;
    }
    if (x->twin) { /* this cycle's packed inputs stay in the history ring */
        x->hist_cycle[x->hist_pos] = x->ctx->cycle;
        x->hist_pos = (x->hist_pos + 1) % (x->hist_len + 1);
        x->hist_n += x->hist_n <= x->hist_len;
    }
    x->bd->tick(x->st, x->in);
    x->evaluated = x->quiet_out = 0;
    if (x->twin) {
        x->rtl->set_clk_rst(x->m, 1, 1);
        x->rtl->eval(x->m);
        if (x->tracing)
            x->rtl->trace_dump(x->m, RTL_WAVE_TIME(x->ctx->cycle, 1));
        x->rtl->set_clk_rst(x->m, 0, 1);
        check_failed(x);
    }
}

static void report_context(const ls_ctx_t *c, FILE *f);

void ls_report_mismatch(const ls_ctx_t *c, FILE *f)
{
    const ls_inst_t *x = c->bad;
    if (!x)
        return;
    const pt_table_t *t = x->bd->pt;
    if (c->bad_port == LS_INVARIANT) {
        fprintf(f, "RTL INVARIANT FAILED at cycle %llu in %s (%s): the GPURF CHECK message above "
                   "names it\n", (unsigned long long)c->bad_cycle, x->name, x->rtl->variant);
        report_context(c, f);
        return;
    }
    const pt_port_t *p = &t->ports[c->bad_port];
    unsigned bits, count;
    t->dims(x->cfg, c->bad_port, &bits, &count);
    fprintf(f, "LOCKSTEP MISMATCH at cycle %llu in %s (%s)\n", (unsigned long long)c->bad_cycle,
            x->name, x->rtl ? x->rtl->variant : "?");
    fprintf(f, "  field   %s_o", p->name);
    if (count > 1)
        fprintf(f, "[%u]", c->bad_elem);
    if (bits > 32)
        fprintf(f, " word %u (lane %u)", c->bad_word, c->bad_word);
    fprintf(f, "\n  C       ");
    pt_print_elem(t, x->cfg, c->bad_port, x->c_out, c->bad_elem, f);
    fprintf(f, "\n  RTL     ");
    pt_print_elem(t, x->cfg, c->bad_port, x->r_out, c->bad_elem, f);
    fputc('\n', f);
    report_context(c, f);
}

/* where in the stream, this cycle's inputs and outputs and the input history */
static void report_context(const ls_ctx_t *c, FILE *f)
{
    const ls_inst_t *x = c->bad;
    const pt_table_t *t = x->bd->pt;
    if (c->where) {
        fprintf(f, "  stream  ");
        c->where(c->where_arg, f);
        fputc('\n', f);
    }
    fprintf(f, "  inputs at cycle %llu:\n", (unsigned long long)c->bad_cycle);
    pt_print(t, x->cfg, PT_IN, x->in, f);
    fprintf(f, "  C outputs:\n");
    pt_print(t, x->cfg, PT_OUT, x->c_out, f);
    fprintf(f, "  RTL outputs:\n");
    pt_print(t, x->cfg, PT_OUT, x->r_out, f);
    /* the recorded slots oldest first, those before the failing cycle */
    const unsigned ring = x->hist_len + 1;
    void *in = calloc(1, x->bd->in_size);
    for (unsigned k = ring - x->hist_n; in && k < ring; k++) {
        unsigned i = (x->hist_pos + k) % ring;
        if (x->hist_cycle[i] >= c->bad_cycle)
            continue;
        for (unsigned p = 0; p < t->nports; p++)
            if (t->ports[p].dir == PT_IN)
                pt_unpack(t, x->cfg, p, x->hist + (size_t)i * x->img_words + x->img_off[p], in);
        fprintf(f, "  history: inputs at cycle %llu:\n", (unsigned long long)x->hist_cycle[i]);
        pt_print(t, x->cfg, PT_IN, in, f);
    }
    free(in);
}
