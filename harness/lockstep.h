/* Lockstep engine (DESIGN.md "Lockstep"). Every block instance of the SM model is an
 * ls_inst_t: its C model, and in cosim mode a Verilated RTL twin. Each cycle the SM fills
 * ls_in(), calls ls_eval() (both models see the same inputs; every output field is
 * compared when `compare` is set) and then ls_tick() (both clock). The outputs returned by
 * ls_eval drive the rest of the SM: the C model's, or with drive_rtl the RTL's. The inputs do
 * not change between a cycle's last ls_eval and ls_tick: the edge samples what the last
 * evaluation saw, as the RTL's does.
 * The first mismatch is recorded in the context; the SM stops at the end of that cycle and
 * ls_report_mismatch() prints it. */
#ifndef GPURF_LOCKSTEP_H
#define GPURF_LOCKSTEP_H
#include "blocks.h"
#include "rtl.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct ls_inst ls_inst_t;

/* bad_port of a failure that is an RTL invariant check, not a differing output */
#define LS_INVARIANT (~0u)

typedef struct {
    uint64_t cycle;     /* current cycle, advanced by the SM */
    int drive_rtl;      /* RTL outputs drive the system */
    int every_cycle;    /* C models evaluated and clocked every cycle, quiet or not */
    int quiet_fault;    /* (a test of the check) every cycle without a strobe taken for quiet */
    int dormancy;       /* instances may sleep (ls_inst.dormant): every input is written through
                           ls_in() */
    unsigned history;   /* cycles of input history kept per instance */
    const char *wave_dir;   /* directory for FST files */
    int wave_all;           /* dump every RTL instance for the whole run */
    const char *win_inst;   /* dump this instance from win_from on (mismatch window) */
    uint64_t win_from;
    /* the first mismatch */
    ls_inst_t *bad;
    unsigned bad_port, bad_elem, bad_word;
    uint64_t bad_cycle;
    /* the SM prints where in the stream it is */
    void (*where)(void *arg, FILE *f);
    void *where_arg;
    ls_inst_t **all;
    unsigned n_all;
    /* record the final inputs and C outputs of instance rec_inst, one line per cycle, for at
     * most rec_max cycles (harness/stim.h) */
    const char *rec_inst;
    FILE *rec_in, *rec_out;
    uint64_t rec_max, rec_cycles;
} ls_ctx_t;

struct ls_inst {
    /* read every cycle: the first cache line holds the block's first four input strobes */
    const block_desc_t *bd;
    void *st, *in, *c_out;
    ls_ctx_t *ctx;
    uint8_t twin;        /* an RTL twin (m) */
    uint8_t evaluated;   /* C outputs are current since the last clock edge (Moore blocks) */
    uint8_t quiet_out;   /* C outputs are those of a quiet evaluation in the current state */
    uint8_t quiet_known, quiet_now; /* this cycle's evaluation found the block quiet (quiet_now) */
    /* with ctx->dormancy: the last edge was skipped as quiet with no strobe set and the outputs
     * are current; until ls_in() the inputs cannot change, so evaluations and edges are skipped
     * and the strobes need no clearing */
    uint8_t dormant;
    /* input strobes: ports named *valid and single one-bit inputs, as ranges of words to clear
     * (strobes adjacent in the input struct share a range) */
    uint8_t nstrobes;
    struct {
        uint16_t off, words;
    } strobe[32];
    /* the rest */
    rtl_model_t *m;
    char name[40];
    void *cfg, *r_out;
    const rtl_ops_t *rtl;
    int tracing;
    char wave[512];     /* the FST being written; a fitted view <wave>.gtkw follows it */
    unsigned hist_len, hist_pos, hist_n; /* ring of hist_len + 1 packed input images */
    uint32_t *hist;                      /* [slot][img_words]: the inputs the RTL received */
    uint64_t *hist_cycle;
    unsigned img_words, *img_off;        /* words of one image, each input port's offset */
    uint32_t *flat;
    uint64_t cycles_compared, fields_compared, mismatches;
    unsigned nfields;   /* output fields (elements) compared per cycle */
    unsigned *pbits, *pcount; /* dimensions of every port with this instance's parameters */
    void **rport;             /* every port's storage in the RTL model, and its bytes */
    unsigned *rbytes;
};

/* rtl may be NULL (C model only). Returns NULL on failure with a message on stderr. */
ls_inst_t *ls_new(ls_ctx_t *ctx, const block_desc_t *bd, const sm_cfg_t *sm, const char *name,
                  const rtl_ops_t *rtl);
void ls_free(ls_inst_t *x);
/* back to the state after ls_new: C model initialised again, a new RTL twin (repeated runs) */
int ls_restart(ls_inst_t *x);
/* the outputs of a Verilated model as the block's C output struct (flat: scratch of
 * ls_flat_words words) */
void ls_rtl_read_outputs(const block_desc_t *bd, const void *cfg, const rtl_ops_t *rtl,
                         rtl_model_t *m, uint32_t *flat, void *out);
unsigned ls_flat_words(const block_desc_t *bd, const void *cfg);
/* the reset sequence every Verilated twin goes through before cycle 0: inputs 0, one clock
 * edge with rst_ni low */
void ls_rtl_reset(const block_desc_t *bd, const rtl_ops_t *rtl, rtl_model_t *m);
/* the inputs, to be written: wakes a dormant instance */
static inline void *ls_in(ls_inst_t *x)
{
    x->dormant = 0;
    return x->in;
}
/* the inputs, to be read only (a dormant instance's strobes are 0) */
static inline const void *ls_peek(const ls_inst_t *x) { return x->in; }
/* clears the instance's input strobes (valid bits and one-bit commands) for a new cycle; the
 * fields they qualify keep their last values, which no block reads while its strobe is 0 */
static inline void ls_clear_strobes(ls_inst_t *x)
{
    if (x->dormant)
        return;
    for (unsigned i = 0; i < x->nstrobes; i++) {
        uint32_t *w = (uint32_t *)((char *)x->in + x->strobe[i].off);
        const unsigned n = x->strobe[i].words;
        if (n > 8)
            memset(w, 0, n * sizeof *w);
        else
            for (unsigned k = 0; k < n; k++)
                w[k] = 0;
    }
}
/* a C-only instance is quiet with its current inputs (blocks.h): ls_tick skips the edge */
int ls_quiet(const ls_inst_t *x);
const void *ls_eval(ls_inst_t *x, int compare);
void ls_tick(ls_inst_t *x);
void ls_report_mismatch(const ls_ctx_t *ctx, FILE *f);
/* name of the FST file for an instance: <wave_dir>/<prefix><name>.fst */
void ls_wave_path(const ls_ctx_t *ctx, const ls_inst_t *x, const char *prefix, char *buf,
                  size_t n);
/* Closes every open dump and writes its fitted view; returns the number of views that could
 * not be written (a view naming signals the dump lacks). */
int ls_close_waves(ls_ctx_t *ctx);
/* Merge the closed dumps of instances insts[] into <wave_dir>/<out>.fst (instance i as scope
 * TOP.<scopes[i]>) with view waves/<view>.gtkw fitted to it, and print the gtkwave command.
 * 1 done, 0 when an instance has no dump, -1 on error. */
int ls_merge_waves(ls_ctx_t *c, const char *view, const char *out, const char *const *insts,
                   const char *const *scopes, unsigned n);
/* "waves: ..." and the gtkwave command for the first dump written */
void ls_print_waves(const ls_ctx_t *ctx, FILE *f);
/* the GTKWave view fitted to an FST dump: X.fst -> X.gtkw (written when the dump closes) */
void ls_view_path(const char *fst, char *buf, size_t n);

#endif
