/* gpurf strands report (see strand_report.h). */
#include "strand_report.h"
#include "pass/rspalloc.h"
#include <stdio.h>
#include <string.h>

/* an instruction's scratchpad use as text: sources read from / filling a scratchpad register,
 * destinations written into one, live-out write-backs after it */
static void rsp_use(const prog_t *p, const rsp_map_t *m, unsigned i, char *buf, size_t n)
{
    const inst_t *in = p->pcs[i].in;
    size_t o = 0;
    buf[0] = 0;
    for (unsigned d = 0; d < in->ndst; d++)
        if (m->dst[d] >= 0)
            o += (size_t)snprintf(buf + o, n - o, " R%u->rsp%d", in->dst[d], m->dst[d]);
    for (unsigned s = 0; s < in->nsrc && o < n; s++)
        if (m->src[s] >= 0)
            o += (size_t)snprintf(buf + o, n - o, " R%u<-rsp%d%s", in->src[s], m->src[s],
                                  m->fill >> s & 1 ? "(fill)" : "");
    for (unsigned w = 0; w < m->wb_n && o < n; w++)
        o += (size_t)snprintf(buf + o, n - o, " wb R%u<-rsp%u", m->wb_reg[w], m->wb_slot[w]);
}

/* an instruction's scratchpad use as JSON: per source and destination the scratchpad
 * register (-1: the backing store), the sources that fill, the live-out write-backs */
static json_t *map_json(const prog_t *p, const rsp_map_t *m, unsigned i, unsigned strand)
{
    const inst_t *in = p->pcs[i].in;
    json_t *src = json_array(), *fill = json_array(), *dst = json_array(), *wb = json_array();
    for (unsigned s = 0; s < in->nsrc; s++) {
        json_array_append_new(src, json_integer(m->src[s]));
        json_array_append_new(fill, json_boolean(m->fill >> s & 1));
    }
    for (unsigned d = 0; d < in->ndst; d++)
        json_array_append_new(dst, json_integer(m->dst[d]));
    for (unsigned w = 0; w < m->wb_n; w++)
        json_array_append_new(wb, json_pack("{s:i,s:i}", "reg", m->wb_reg[w], "slot",
                                            m->wb_slot[w]));
    return json_pack("{s:i,s:i,s:o,s:o,s:o,s:o}", "pc", p->pcs[i].pc, "strand", strand, "src_rsp",
                     src, "fill", fill, "dst_rsp", dst, "writebacks", wb);
}

static json_t *cand_json(const prog_t *p, const rsp_cand_t *c)
{
    return json_pack("{s:i,s:i,s:s,s:i,s:i,s:i,s:i,s:b,s:b,s:f,s:f,s:s,s:i,s:i,s:s}", "strand",
                     c->strand, "reg", c->reg, "kind", c->kind == CAND_READ ? "read" : "write",
                     "head_pc", p->pcs[c->head].pc, "tail_pc", p->pcs[c->tail].pc, "first_access",
                     c->lo, "last_access", c->hi, "legal", c->legal, "live_out", c->live_out,
                     "saving_fj", c->saving, "score", c->score, "how", rsp_how_name(c->how),
                     "parent", c->parent, "slot", c->slot, "why", rsp_why_name(c->why));
}

/* the initial candidates by what became of them: {why: {candidates, accesses}}, and a line */
static json_t *why_json(const rspalloc_t *a)
{
    json_t *o = json_object();
    printf("  initial candidates (candidates / accesses):");
    for (int w = WHY_mapped; w < WHY_N; w++) {
        json_object_set_new(o, rsp_why_name(w), json_pack("{s:i,s:i}", "candidates", a->why_cands[w],
                                                           "accesses", a->why_accesses[w]));
        printf(" %s %u/%u", rsp_why_name(w), a->why_cands[w], a->why_accesses[w]);
    }
    printf("\n");
    return o;
}

int strand_report(kernel_t *k, const sm_cfg_t *c, int insts, int alloc, json_t *out, char *err,
                  size_t n)
{
    prog_t p;
    liveness_t lv;
    strands_t st;
    rspalloc_t al;
    rsp_energy_t e;
    memset(&al, 0, sizeof al);
    memset(&st, 0, sizeof st);
    memset(&lv, 0, sizeof lv);
    if (prog_recover(k, &p, err, n))
        return -1;
    int rc = -1;
    rsp_rules_t rules = {c->rsp_regs, 0, 0};
    if (liveness_run(&p, &lv, LV_EXACT)) {
        snprintf(err, n, "liveness: out of memory");
        goto out;
    }
    if (strands_form(&p, &st, c->rsp_barrier == RSP_BAR_END, err, n) || rsp_energy_of(c, &e, err, n) ||
        rspalloc_run(&p, &st, &lv, &e, &rules, &al, err, n))
        goto out;
    printf("kernel %u '%s': %u instructions, %u strands (%.1f instructions each), %u of %u "
           "candidates mapped to %u scratchpad registers per warp (%u reductions, %u "
           "regenerated)\n",
           k->id, k->name, p.npcs, st.n, st.n ? (double)p.npcs / st.n : 0.0, al.mapped, al.nc,
           c->rsp_regs, al.reductions, al.regenerated);
    json_t *js = json_array(), *jc = json_array(), *ji = json_array(), *jw = why_json(&al);
    char use[256];
    for (unsigned s = 0; s < st.n; s++) {
        const strand_t *t = &st.v[s];
        printf("  strand %u: 0x%x-0x%x, %u instructions, starts at %s\n", s, p.pcs[t->first].pc,
               p.pcs[t->last].pc, t->last - t->first + 1, strand_reason_name(t->reason));
        json_array_append_new(js, json_pack("{s:i,s:i,s:i,s:s}", "first_pc", p.pcs[t->first].pc,
                                            "last_pc", p.pcs[t->last].pc, "instructions",
                                            t->last - t->first + 1, "reason",
                                            strand_reason_name(t->reason)));
        for (unsigned i = t->first; i <= t->last; i++) {
            json_array_append_new(ji, map_json(&p, &al.map[i], i, s));
            if (!insts)
                continue;
            rsp_use(&p, &al.map[i], i, use, sizeof use);
            printf("    0x%04x %-12s%s\n", p.pcs[i].pc, k->ops[p.pcs[i].in->op], use);
        }
    }
    for (unsigned i = 0; alloc && i < al.nc; i++) {
        const rsp_cand_t *q = &al.c[i];
        printf("  cand %u: strand %u R%u %-5s 0x%x-0x%x accesses %u-%u saving %.0f fJ score %.1f"
               "%s%s %s", i, q->strand, q->reg, q->kind == CAND_READ ? "read" : "write",
               p.pcs[q->head].pc, p.pcs[q->tail].pc, q->lo, q->hi, q->saving, q->score,
               q->legal ? "" : " illegal", q->live_out ? " live-out" : "", rsp_how_name(q->how));
        if (q->parent >= 0)
            printf(" of %d", q->parent);
        if (q->slot >= 0)
            printf(" -> rsp%d\n", q->slot);
        else
            printf(" (not mapped)\n");
        json_array_append_new(jc, cand_json(&p, q));
    }
    if (out)
        json_array_append_new(
            out, json_pack("{s:i,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:o,s:o,s:o,s:o}", "id", k->id, "name",
                           k->name, "instructions", p.npcs, "rsp_regs", c->rsp_regs, "mapped",
                           al.mapped, "candidates", al.nc, "reductions", al.reductions,
                           "regenerated", al.regenerated, "strands", js, "allocations", jc,
                           "operands", ji, "initial", jw));
    else {
        json_decref(jw);
        json_decref(js);
        json_decref(jc);
        json_decref(ji);
    }
    rc = 0;
out:
    rspalloc_free(&al);
    strands_free(&st);
    liveness_free(&lv);
    prog_free(&p);
    return rc;
}
