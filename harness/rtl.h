/* Verilated RTL models seen from C. Each (block, preset, variant) is built by the Makefile
 * from rtl/<block>.v with the preset's parameters (and a FAULT_* define for a variant) and
 * registered in the binary's generated registry; it serves every preset whose parameters of
 * the block have its key (block_rtl_key). Ports are addressed in port-table order. */
#ifndef GPURF_RTL_H
#define GPURF_RTL_H
#include <stddef.h>
#include <stdint.h>

typedef struct rtl_model rtl_model_t;

typedef struct {
    const char *block, *preset, *variant; /* preset: the first of those it serves */
    uint64_t key;
    rtl_model_t *(*create)(void);
    void (*destroy)(rtl_model_t *m);
    /* storage of port i (port-table order) and its size in bytes (little-endian bits) */
    void *(*port)(rtl_model_t *m, unsigned i, unsigned *bytes);
    void (*set_clk_rst)(rtl_model_t *m, int clk, int rst_n);
    void (*eval)(rtl_model_t *m);
    int (*trace_open)(rtl_model_t *m, const char *path);
    /* a dump's time unit is 100 ps: RTL_WAVE_TIME(cycle, edge) puts cycle c's settled outputs
     * at c ns and its rising clock edge at c.5 ns, so GTKWave's ns read as cycles */
    void (*trace_dump)(rtl_model_t *m, uint64_t time);
    void (*trace_close)(rtl_model_t *m);
    /* an invariant check inside the RTL stopped the simulation ($stop; its message printed) */
    int (*failed)(rtl_model_t *m);
} rtl_ops_t;

#define RTL_WAVE_TIME(cycle, edge) (10 * (uint64_t)(cycle) + 5 * (uint64_t)(edge))

struct sm_cfg;
/* the model of the block for a configuration's parameters, NULL if it was not built;
 * `variant` "ok" is the correct RTL */
const rtl_ops_t *rtl_find(const char *block, const struct sm_cfg *c, const char *variant);
/* the message for a model rtl_find lacks: what this binary has, where the rest is built */
void rtl_missing(const char *block, const char *preset, const char *variant, char *err, size_t n);
/* the presets make builds into its binaries, the source tree and build directory this binary
 * was built from (the generated registry) */
extern const char *const rtl_make_presets, *const rtl_src_dir, *const rtl_build_dir;
/* the blocks of every design (a preset's RTL binary carries them all) */
extern const char *const rtl_design_blocks;
/* a preset (a name in presets/) whose correct RTL this binary lacks: run its RTL binary
 * $(BUILD)/gpurf-rtl-<preset> with argv in place of this process, built first with make when
 * the source tree is there; returns 0 when this binary is the one to run, 2 on failure (err) */
int rtl_exec_preset(const char *preset, const struct sm_cfg *c, char *const argv[], char *err,
                    size_t n);
/* list of every built model, NULL-terminated */
extern const rtl_ops_t *const rtl_registry[];
/* wave_view_write() (harness/wave_view.h) in builds with RTL, NULL in C-only builds */
typedef int rtl_view_fn(const char *view, const char *fst, const char *out, char *err, size_t n);
extern rtl_view_fn *const rtl_write_view;
/* wave_merge (harness/wave_merge.h), NULL where the FST library is not linked */
typedef int rtl_merge_fn(const char *out, const char *const *in, const char *const *names,
                         unsigned count, char *err, size_t n);
extern rtl_merge_fn *const rtl_merge_waves;

#endif
