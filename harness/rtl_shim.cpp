// Generic Verilator shim. Compiled once per (block, preset, variant) with
//   SHIM_TOP  the Verilated class (e.g. Vrf_small_ok), SHIM_DEF the block's port .def,
//   SHIM_OPS  the name of the exported rtl_ops_t, SHIM_BLOCK/SHIM_PRESET/SHIM_VARIANT strings,
//   SHIM_KEY  the key of the parameters it was Verilated with (block_rtl_key).
#include "verilated.h"
#include "verilated_fst_c.h"
#include <cstring>
#define SHIM_STR2(a) #a
#define SHIM_STR(a) SHIM_STR2(a)
#include SHIM_STR(SHIM_TOP.h)

extern "C" {
#include "rtl.h"
}

struct rtl_model {
    VerilatedContext *ctx;
    SHIM_TOP *top;
    VerilatedFstC *tfp;
};

namespace {
struct port_ref {
    void *p;
    unsigned bytes;
};
template <class T> port_ref ref(T &v) { return {static_cast<void *>(&v), sizeof(T)}; }
template <std::size_t N> port_ref ref(VlWide<N> &v) { return {static_cast<void *>(v.data()), N * 4}; }

port_ref port_of(SHIM_TOP *t, unsigned i)
{
    unsigned k = 0;
#define IN(kind, n, b, c, m)                                                                       \
    if (i == k++)                                                                                  \
        return ref(t->n##_i);
#define OUT(kind, n, b, c, m)                                                                      \
    if (i == k++)                                                                                  \
        return ref(t->n##_o);
#include SHIM_DEF
#undef IN
#undef OUT
    return {nullptr, 0};
}

rtl_model_t *create()
{
    rtl_model_t *m = new rtl_model;
    m->ctx = new VerilatedContext;
    m->ctx->traceEverOn(true);
#ifndef SHIM_FAST
    /* test builds (--x-initial unique): every variable the reset does not set starts random,
     * so a missing reset shows up as a lockstep mismatch; seeded, so runs repeat */
    m->ctx->randReset(2);
    m->ctx->randSeed(1);
#endif
    /* an invariant's $stop marks the model failed instead of aborting the process */
    m->ctx->fatalOnError(false);
    m->top = new SHIM_TOP(m->ctx);
    m->tfp = nullptr;
    return m;
}

void destroy(rtl_model_t *m)
{
    if (m->tfp) {
        m->tfp->close();
        delete m->tfp;
    }
    m->top->final();
    delete m->top;
    delete m->ctx;
    delete m;
}

void *port(rtl_model_t *m, unsigned i, unsigned *bytes)
{
    port_ref r = port_of(m->top, i);
    *bytes = r.bytes;
    return r.p;
}

void set_clk_rst(rtl_model_t *m, int clk, int rst_n)
{
    m->top->clk_i = clk;
    m->top->rst_ni = rst_n;
}

void eval(rtl_model_t *m) { m->top->eval(); }

int trace_open(rtl_model_t *m, const char *path)
{
    if (m->tfp)
        return 0;
    m->tfp = new VerilatedFstC;
    m->top->trace(m->tfp, 99);
    m->tfp->set_time_unit("1ns");
    m->tfp->set_time_resolution("100ps"); /* RTL_WAVE_TIME: a cycle is 1 ns */
    m->tfp->open(path);
    return m->tfp->isOpen() ? 0 : -1;
}

void trace_dump(rtl_model_t *m, uint64_t time)
{
    if (m->tfp)
        m->tfp->dump(time);
}

void trace_close(rtl_model_t *m)
{
    if (m->tfp) {
        m->tfp->close();
        delete m->tfp;
        m->tfp = nullptr;
    }
}
int failed(rtl_model_t *m) { return m->ctx->gotError(); }
} // namespace

extern "C" const rtl_ops_t SHIM_OPS = {
    SHIM_BLOCK, SHIM_PRESET, SHIM_VARIANT, SHIM_KEY, create, destroy, port, set_clk_rst, eval,
    trace_open, trace_dump, trace_close, failed};
