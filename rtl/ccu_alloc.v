// ccu_alloc: Malekeh's CCU allocator (Sec. 6) over NumCcus CCUs, NumReqs requests a cycle
// (one per scheduler over the SM's CCUs, or one over a sub-core's). The valid requests are
// ranked (warps that own a CCU first, then the smaller age, then the lower port) and served as
// if one after another, each seeing the CCUs the earlier ones granted as busy and the counter
// as they left it. For a request: if its warp has an earlier request this cycle, it waits;
// its warp's own CCU (granted when free, else the warp waits); else a free empty CCU; else the
// least recently granted free CCU holding only far values; else, once the stall counter allows
// it, the least recently granted free CCU (its near values flushed); otherwise the request
// stalls and the counter counts. SthldCounter 0 (the paper's rule): replace when the counter
// is higher than STHLD, only that replacement resets it; 1: replace when it has reached STHLD,
// every grant resets it. The counter is SthldBits + 1 wide and saturates. has_data tells the
// scheduler which warps own a CCU. Contract identical to cmodel/ccu_alloc.h.
// For the clock, no request waits for the one before it: the owners' grants come from the
// CCUs' side (a CCU is granted to its warp when some request names the warp and it is free);
// every other request has a place in the pool (the pool requests ranked before it), and the
// CCU for each place is a count over the CCUs: the j-th lowest empty, then the least recently
// granted far ones in order, then near ones, whose slots follow from the first one the counter
// allows and from STHLD alone after it. Counts below NumReqs are all that matter, so they are
// unary (thermometer) codes: sums are AND-OR trees, not carry chains.
// Build-time fault variants: FAULT_CCU_ALLOC_BUSY_GRANT (the own CCU is granted while busy),
// FAULT_CCU_ALLOC_NO_WAIT (near CCUs are replaced without waiting for STHLD),
// FAULT_CCU_ALLOC_COUNTER_KEPT (a grant that resets the counter leaves it running at the
// edge), FAULT_CCU_ALLOC_SECOND_CCU (a warp whose own CCU is busy joins the pool: it would own
// two); for the proofs only, FORMAL_FAULT_CCU_ALLOC_INVALID_REQ (a pool request need not be
// valid), _TAKEN_IGNORED (the pool sees the CCUs granted to their owners as free),
// _BUSY_FREE (busy CCUs count as free), _EMPTY_VALID (the empty class ignores the valid bit),
// _FAR_NEAR (the far class ignores the near bit), _YOUNGEST_FAR (far CCUs ranked youngest
// first), _EMPTY_HIGHEST (empty CCUs ranked highest first).
// Properties (`ifdef FORMAL, make formal; no assumption on the inputs): a warp that owns a CCU
// is granted only one it owns, and no warp two; a grant answers a valid request and takes a
// free CCU no other request takes; class 1 takes the lowest empty CCU, class 2 the least
// recently granted far one, of those the requests ranked before it left (with rtl/lru_matrix.v's
// invariant that the LRU order is a total order).
module ccu_alloc #(
    parameter NumCcus      = 2,
    parameter NumWarps     = 16,
    parameter SthldBits    = 8,
    parameter SthldCounter = 0,
    parameter NumReqs      = 1
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [NumReqs-1:0]          req_valid_i,
    input  wire [NumReqs*WarpBits-1:0] req_warp_i,
    input  wire [NumReqs*WarpBits-1:0] req_age_i,
    input  wire [NumCcus-1:0]          ccu_busy_i,
    input  wire [NumCcus-1:0]          ccu_valid_i,
    input  wire [NumCcus*WarpBits-1:0] ccu_warp_i,
    input  wire [NumCcus-1:0]          ccu_near_i,
    input  wire [SthldBits-1:0]        sthld_i,
    output reg  [NumReqs-1:0]          grant_valid_o,
    output reg  [NumReqs*CcuBits-1:0]  grant_ccu_o,
    output reg  [NumReqs-1:0]          grant_flush_o,
    output reg  [NumReqs*2-1:0]        grant_class_o,
    output reg  [NumReqs*2-1:0]        stall_o,
    output reg  [NumWarps-1:0]         has_data_o,
    output wire [SthldBits:0]          counter_o,
    output wire [NumCcus*CcuBits-1:0]  lru_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam CcuBits  = (NumCcus > 1) ? $clog2(NumCcus) : 1;
  localparam ReqBits  = (NumReqs > 1) ? $clog2(NumReqs) : 1;
  localparam CntBits  = SthldBits + 1;
  // Places in the pool and counts of CCUs matter only below NumReqs: they are unary
  // (thermometer) codes of NumReqs bits, bit c set when the count exceeds c, saturating
  localparam U        = NumReqs;
  localparam CW       = NumCcus > NumReqs ? NumCcus : NumReqs;

  reg [CntBits-1:0] counter_q;
  assign counter_o = counter_q;

  // the ranks as a pairwise order; touch slots 0.. take the owners' grants by rank, slots
  // NumReqs.. the pool's by place (the order the requests are served in)
  wire [NumCcus*NumCcus-1:0] older;
  reg  [2*NumReqs*NumCcus-1:0] touch;
  lru_matrix #(.Entries(NumCcus), .Bits(CcuBits), .Touches(2*NumReqs)) u_lru (
      .clk_i(clk_i), .rst_ni(rst_ni), .t_i(touch), .older_o(older), .rank_o(lru_o));

  // The CCUs: hw[k], CCU k is the highest of those its warp holds (the warp's own CCU); kr: the
  // valid requests naming its warp; ogv: the own CCUs granted (to the first request of the
  // warp), found from the CCUs' side without the requests' order
  integer k, k2, w, i, j;
  reg [NumCcus*NumCcus-1:0]  cc;       // cc[k*NumCcus+k2]: a higher CCU k2 of k's warp
  reg [NumCcus*NumReqs-1:0]  kr;       // kr[k*NumReqs+i]: valid request i names k's warp
  reg [NumCcus-1:0]          hw, ogv;
  reg [NumReqs*NumCcus-1:0]  ownm;     // request i's warp holds CCU k
  reg [NumReqs*NumCcus-1:0]  own1;     // its own CCU
  reg [NumReqs-1:0]          owns;
  always @* begin
    has_data_o = {NumWarps{1'b0}};
    for (k = 0; k < NumCcus; k = k + 1)
      if (ccu_valid_i[k])
        for (w = 0; w < NumWarps; w = w + 1)
          if (ccu_warp_i[k*WarpBits +: WarpBits] == w[WarpBits-1:0]) has_data_o[w] = 1'b1;
    for (k = 0; k < NumCcus; k = k + 1) begin
      for (k2 = 0; k2 < NumCcus; k2 = k2 + 1)
        cc[k*NumCcus + k2] = k2 > k && ccu_valid_i[k2] &&
                             ccu_warp_i[k2*WarpBits +: WarpBits] == ccu_warp_i[k*WarpBits +: WarpBits];
      hw[k] = ccu_valid_i[k] && !(|cc[k*NumCcus +: NumCcus]);
    end
    for (i = 0; i < NumReqs; i = i + 1) begin
      for (k = 0; k < NumCcus; k = k + 1) begin
        ownm[i*NumCcus + k] = ccu_valid_i[k] &&
                              ccu_warp_i[k*WarpBits +: WarpBits] == req_warp_i[i*WarpBits +: WarpBits];
        kr[k*NumReqs + i]   = req_valid_i[i] && ownm[i*NumCcus + k];
      end
      owns[i] = |ownm[i*NumCcus +: NumCcus];
      own1[i*NumCcus +: NumCcus] = ownm[i*NumCcus +: NumCcus] & hw;
    end
    for (k = 0; k < NumCcus; k = k + 1)
`ifdef FAULT_CCU_ALLOC_BUSY_GRANT
      ogv[k] = hw[k] && |kr[k*NumReqs +: NumReqs];
`else
      ogv[k] = hw[k] && |kr[k*NumReqs +: NumReqs] && !ccu_busy_i[k];
`endif
  end

  // The requests: key = {owns no CCU, age}, ties to the lower port. bf[i*NumReqs+j]: valid
  // request j is ranked before request i. A request whose warp has one ranked before it waits
  // (dup); the others that own no CCU form the pool, served in rank order (jp: its place)
  reg [NumReqs*NumReqs-1:0]  bf, sw;
  reg [NumReqs-1:0]          dup, pool, og;
  reg [NumReqs*U-1:0]        rank;     // valid requests ranked before
  reg [NumReqs*U-1:0]        jp;
  reg [U-1:0]                n_pool;
  always @* begin
    for (i = 0; i < NumReqs; i = i + 1)
      for (j = 0; j < NumReqs; j = j + 1) begin
        sw[i*NumReqs + j] = req_warp_i[i*WarpBits +: WarpBits] == req_warp_i[j*WarpBits +: WarpBits];
        bf[i*NumReqs + j] = req_valid_i[j] && j != i &&
            ({!owns[j], req_age_i[j*WarpBits +: WarpBits]} < {!owns[i], req_age_i[i*WarpBits +: WarpBits]} ||
             ({!owns[j], req_age_i[j*WarpBits +: WarpBits]} == {!owns[i], req_age_i[i*WarpBits +: WarpBits]} && j < i));
      end
    for (i = 0; i < NumReqs; i = i + 1) begin
      dup[i] = |(bf[i*NumReqs +: NumReqs] & sw[i*NumReqs +: NumReqs]);
`ifdef FORMAL_FAULT_CCU_ALLOC_INVALID_REQ
      pool[i] = !owns[i] && !dup[i];
`elsif FAULT_CCU_ALLOC_SECOND_CCU
      pool[i] = req_valid_i[i] && !dup[i] &&
                (!owns[i] || |(own1[i*NumCcus +: NumCcus] & ccu_busy_i));
`else
      pool[i] = req_valid_i[i] && !owns[i] && !dup[i];
`endif
      og[i] = req_valid_i[i] && !dup[i] && |(own1[i*NumCcus +: NumCcus] & ogv);
    end
    for (i = 0; i < NumReqs; i = i + 1) begin
      rank[i*U +: U] = ucnt_r(bf[i*NumReqs +: NumReqs]);
      jp[i*U +: U] = ucnt_r(bf[i*NumReqs +: NumReqs] & pool);
    end
    n_pool = ucnt_r(pool);
  end

  // unary counts: a + b and the set bits of a vector (rtl/unary.vh), a + m
  `include "unary.vh"
  function [U-1:0] ushl(input [U-1:0] a, input integer m);
    integer c;
    for (c = 0; c < U; c = c + 1) ushl[c] = c < m ? 1'b1 : a[c >= m ? c - m : 0];
  endfunction
  function [U-1:0] ucnt_c(input [NumCcus-1:0] v);
    ucnt_c = ucnt({{(CW-NumCcus){1'b0}}, v});
  endfunction
  function [U-1:0] ucnt_r(input [NumReqs-1:0] v);
    ucnt_r = ucnt({{(CW-NumReqs){1'b0}}, v});
  endfunction
  function [CcuBits-1:0] enc(input [NumCcus-1:0] v);
    integer q;
    begin
      enc = {CcuBits{1'b0}};
      for (q = 0; q < NumCcus; q = q + 1)
        if (v[q]) enc = enc | q[CcuBits-1:0];
    end
  endfunction
  // the CCUs older than CCU q
  function [NumCcus-1:0] older_col(input [NumCcus*NumCcus-1:0] o, input integer q);
    integer p;
    for (p = 0; p < NumCcus; p = p + 1) older_col[p] = o[p*NumCcus + q];
  endfunction

  // The counter after i waiting stalls: counter + i (saturating) before any reset in the
  // cycle, i after one; the replacement rule at each, for every i at once. counter + i
  // compared with STHLD is the counter compared with STHLD - i (saturation only happens above
  // STHLD), so the counter meets one comparator; every sum is ready for the edge's choice.
  function [CntBits-1:0] sat_add(input [CntBits-1:0] c, input [ReqBits:0] n);
    reg [CntBits+ReqBits+1:0] x;
    begin
      x = {{(ReqBits+2){1'b0}}, c} + {{(CntBits+1){1'b0}}, n};
      sat_add = |x[CntBits+ReqBits+1:CntBits] ? {CntBits{1'b1}} : x[CntBits-1:0];
    end
  endfunction
  function rule(input [CntBits-1:0] c, input [SthldBits-1:0] th);
    rule = SthldCounter != 0 ? c >= {1'b0, th} : c > {1'b0, th};
  endfunction
  localparam integer NStalls = 1 << (ReqBits + 1);
  reg [NStalls-1:0]         rule_run, rule_rst;
  reg [NStalls*CntBits-1:0] cnt_run;
  localparam TW = CntBits + ReqBits + 2;
  reg [TW-1:0]              th_less, th_w, c_w;
  integer ri;
  always @*
    for (ri = 0; ri < NStalls; ri = ri + 1) begin
      th_w    = {{(TW-SthldBits){1'b0}}, sthld_i};
      c_w     = {{(TW-CntBits){1'b0}}, counter_q};
      th_less = th_w - ri[TW-1:0];
      rule_run[ri] = th_w < ri[TW-1:0] || (SthldCounter != 0 ? c_w >= th_less : c_w > th_less);
      rule_rst[ri] = rule(sat_add({CntBits{1'b0}}, ri[ReqBits:0]), sthld_i);
      cnt_run[ri*CntBits +: CntBits] = sat_add(counter_q, ri[ReqBits:0]);
`ifdef FAULT_CCU_ALLOC_NO_WAIT
      rule_run[ri] = 1'b1;
      rule_rst[ri] = 1'b1;
`endif
    end

  // The pool's candidates, all at once instead of one request after another: of the free
  // CCUs the owners left, the j-th pool request takes the j-th lowest empty one, after those
  // the (j - empties)-th least recently granted far one, after those a near one (an earlier
  // grant takes a CCU the later requests do not see, and the others keep their order). Each
  // CCU's place in its class is a count over the class.
  reg [NumCcus-1:0]        fr_v, em_v, fa_v, ne_v;
  reg [NumCcus*U-1:0]      em_r, ne_r;        // class members below / older than each CCU
  reg [NumCcus*U-1:0]      fa_p;              // a far CCU's place in the pool
  reg [U-1:0]              n_em, n_fa, n_ne;
  reg [U-1:0]              base;              // pool grants before the near slots
  integer kc;
  always @* begin
`ifdef FORMAL_FAULT_CCU_ALLOC_TAKEN_IGNORED
    fr_v = ~ccu_busy_i;
`elsif FORMAL_FAULT_CCU_ALLOC_BUSY_FREE
    fr_v = ~ogv;
`else
    fr_v = ~ccu_busy_i & ~ogv;
`endif
`ifdef FORMAL_FAULT_CCU_ALLOC_EMPTY_VALID
    em_v = fr_v;
`else
    em_v = fr_v & ~ccu_valid_i;
`endif
`ifdef FORMAL_FAULT_CCU_ALLOC_FAR_NEAR
    fa_v = fr_v & ccu_valid_i;
`else
    fa_v = fr_v & ccu_valid_i & ~ccu_near_i;
`endif
    ne_v = fr_v & ccu_valid_i & ccu_near_i;
    n_em = ucnt_c(em_v);
    n_fa = ucnt_c(fa_v);
    n_ne = ucnt_c(ne_v);
    base = uadd(n_em, n_fa);
    for (kc = 0; kc < NumCcus; kc = kc + 1) begin
`ifdef FORMAL_FAULT_CCU_ALLOC_EMPTY_HIGHEST
      em_r[kc*U +: U] = ucnt_c(em_v & ~((2 << kc) - 1));
`else
      em_r[kc*U +: U] = ucnt_c(em_v & ((1 << kc) - 1));
`endif
`ifdef FORMAL_FAULT_CCU_ALLOC_YOUNGEST_FAR
      fa_p[kc*U +: U] = uadd(ucnt_c(fa_v & older[kc*NumCcus +: NumCcus]), n_em);
`else
      fa_p[kc*U +: U] = uadd(ucnt_c(fa_v & older_col(older, kc)), n_em);
`endif
      ne_r[kc*U +: U] = ucnt_c(ne_v & older_col(older, kc));
    end
  end

  // The near slots, the pool requests after base in order, as if there were NumReqs of them
  // (a slot's outcome depends only on the earlier ones). Each finds the near CCUs the earlier
  // slots took gone (none left: stall FULL), else waits for the counter (stall STHLD) or takes
  // the next least recently granted near CCU (ns_oh). Without the FULL limit, the slots before
  // the first grant wait (the counter after m stalls decides slot m: g0) and after a grant the
  // counter restarts from 0, so what follows depends on STHLD alone (post, with the stalls
  // since in pni); the limit only turns every slot after the n_ne-th grant into FULL. So no
  // step waits for the one before it.
  reg [U-1:0]                 g0, first, post, gu, sl_gr, sl_full, tv;
  reg [U*2-1:0]               sl_st;
  reg [U*NumCcus-1:0]         ns_oh;
  reg [U*(ReqBits+1)-1:0]     pni, sl_ni;     // stalls since the last reset after a slot
  reg [U-1:0]                 sl_rs, ngb;
  reg [ReqBits:0]             nip, niv;
  reg                         rs0;
  integer m, f, km, nb;
  always @* begin
    rs0 = SthldCounter != 0 && (|ogv || base[0]);
    post[0] = 1'b1;
    nip = {(ReqBits+1){1'b0}};
    pni[0 +: ReqBits+1] = nip;
    for (m = 1; m < U; m = m + 1) begin
      post[m] = rule_rst[nip];
      nip = post[m] ? {(ReqBits+1){1'b0}} : nip + 1'b1;
      pni[m*(ReqBits+1) +: ReqBits+1] = nip;
    end
    for (m = 0; m < U; m = m + 1) g0[m] = rs0 ? rule_rst[m] : rule_run[m];
    for (m = 0; m < U; m = m + 1) first[m] = g0[m] && !(|(g0 & below(m)));
    for (m = 0; m < U; m = m + 1) begin
      for (f = 0; f < U; f = f + 1) tv[f] = f <= m && first[f] && post[f <= m ? m - f : 0];
      gu[m] = |tv;
    end
    for (m = 0; m < U; m = m + 1) begin
      ngb = ucnt_r(gu & below(m));
      sl_full[m] = !(|(n_ne & ~ngb));
      sl_gr[m]   = gu[m] && !sl_full[m];
      sl_st[m*2 +: 2] = sl_full[m] ? 2'd3 : gu[m] ? 2'd0 : 2'd2;
      for (km = 0; km < NumCcus; km = km + 1)
        ns_oh[m*NumCcus + km] = ne_v[km] && ne_r[km*U +: U] == ngb;
      // the counter's state after slot m: from the last grant at or before it, else the start
      sl_rs[m] = rs0 || |(first & below(m + 1));
      for (nb = 0; nb <= ReqBits; nb = nb + 1) begin
        for (f = 0; f < U; f = f + 1)
          tv[f] = f <= m && first[f] && pni[(f <= m ? m - f : 0)*(ReqBits+1) + nb];
        niv[nb] = |tv;
      end
      sl_ni[m*(ReqBits+1) +: ReqBits+1] = |(first & below(m + 1)) ? niv : m[ReqBits:0] + 1'b1;
    end
  end

  // Each place p in the pool's order: its class, stall and CCU (pg), from the CCUs' side
  // alone; the pool request in place p takes them. Exactly one class and (for the near
  // class) one slot applies, so each is an AND-OR, not a chain of choices.
  reg [U*NumCcus-1:0] pg;
  reg [U*2-1:0]       pcls, pstl;
  reg [U-1:0]         pu, sm;                 // sm[m]: place p is near slot m
  reg                 c_em, c_fa;
  reg [NumCcus-1:0]   g_em, g_fa, g_ne;
  reg [1:0]           st_ne;
  integer p, ka, ma;
  always @* begin
    for (p = 0; p < U; p = p + 1) begin
      pu   = ushl({U{1'b0}}, p);
      c_em = |(n_em & ~pu);
      c_fa = !c_em && |(base & ~pu);
      for (ma = 0; ma < U; ma = ma + 1) sm[ma] = !c_em && !c_fa && pu == ushl(base, ma);
      for (ka = 0; ka < NumCcus; ka = ka + 1) begin
        g_em[ka] = em_v[ka] && em_r[ka*U +: U] == pu;
        g_fa[ka] = fa_v[ka] && fa_p[ka*U +: U] == pu;
        g_ne[ka] = |(sm & sl_gr & ns_col(ns_oh, ka));
      end
      for (ma = 0; ma < 2; ma = ma + 1) st_ne[ma] = |(sm & sl_col(sl_st, ma));
      pg[p*NumCcus +: NumCcus] = ({NumCcus{c_em}} & g_em) | ({NumCcus{c_fa}} & g_fa) | g_ne;
      pcls[p*2 +: 2] = {c_fa | |(sm & sl_gr), c_em | |(sm & sl_gr)};
      pstl[p*2 +: 2] = st_ne;
    end
  end
  // slot m's bit for CCU k, and bit b of slot m's stall code
  function [U-1:0] ns_col(input [U*NumCcus-1:0] v, input integer kk);
    integer q;
    for (q = 0; q < U; q = q + 1) ns_col[q] = v[q*NumCcus + kk];
  endfunction
  function [U-1:0] sl_col(input [U*2-1:0] v, input integer bt);
    integer q;
    for (q = 0; q < U; q = q + 1) sl_col[q] = v[q*2 + bt];
  endfunction

  // each request's answer. The grants touch the ranks in rank order: the owners' (ranked
  // first) in touch slots 0.. by rank, the pool's in slots NumReqs.. by place
  reg [NumCcus-1:0] g_oh;
  reg [1:0]         cls, stl;
  reg [U-1:0]       jx, jo;
  integer t, r, kb;
  always @* begin
    grant_valid_o = {NumReqs{1'b0}};
    grant_ccu_o   = {(NumReqs*CcuBits){1'b0}};
    grant_flush_o = {NumReqs{1'b0}};
    grant_class_o = {(NumReqs*2){1'b0}};
    stall_o       = {(NumReqs*2){1'b0}};
    for (r = 0; r < NumReqs; r = r + 1) begin
      g_oh = {NumCcus{1'b0}};
      cls  = 2'd0;
      stl  = 2'd0;
      jx   = jp[r*U +: U];
      jo   = jx ^ ushl(jx, 1);
      if (og[r]) g_oh = own1[r*NumCcus +: NumCcus];
      else if (pool[r]) begin
        for (kb = 0; kb < NumCcus; kb = kb + 1) g_oh[kb] = |(jo & ns_col(pg, kb));
        for (kb = 0; kb < 2; kb = kb + 1) begin
          cls[kb] = |(jo & sl_col(pcls, kb));
          stl[kb] = |(jo & sl_col(pstl, kb));
        end
      end else if (req_valid_i[r]) stl = 2'd1;
      grant_valid_o[r]                  = og[r] || cls != 2'd0;
      grant_ccu_o[r*CcuBits +: CcuBits] = enc(g_oh);
      grant_flush_o[r]                  = cls != 2'd0 && |(g_oh & ccu_valid_i);
      grant_class_o[r*2 +: 2]           = cls;
      stall_o[r*2 +: 2]                 = stl;
    end
    touch = {(2*NumReqs*NumCcus){1'b0}};
    for (t = 0; t < NumReqs; t = t + 1) begin
      for (r = 0; r < NumReqs; r = r + 1)
        if (og[r] && rank[r*U +: U] == ushl({U{1'b0}}, t))
          touch[t*NumCcus +: NumCcus] = touch[t*NumCcus +: NumCcus] | own1[r*NumCcus +: NumCcus];
      if (n_pool[t]) touch[(NumReqs+t)*NumCcus +: NumCcus] = pg[t*NumCcus +: NumCcus];
    end
  end

  // the counter's state after the last near slot that exists and is not FULL (both hold for
  // a prefix of the slots; none: only the earlier grants count)
  reg [U:0]          sl_ef;
  reg [U-1:0]        sl_last;
  reg [ReqBits:0]    ni_f;
  reg                rs_f;
  integer s, sb;
  always @* begin
    sl_ef = {(U+1){1'b0}};
    for (s = 0; s < U; s = s + 1) sl_ef[s] = |(n_pool & ~ushl(base, s)) && !sl_full[s];
    for (s = 0; s < U; s = s + 1) sl_last[s] = sl_ef[s] && !sl_ef[s+1];
    rs_f = |sl_last ? |(sl_last & sl_rs)
                    : SthldCounter != 0 && (|ogv || (n_pool[0] && base[0]));
    for (sb = 0; sb <= ReqBits; sb = sb + 1) ni_f[sb] = |(sl_last & ni_col(sl_ni, sb));
`ifdef FAULT_CCU_ALLOC_COUNTER_KEPT
    rs_f = 1'b0;
`endif
  end
  // the places below m
  function [U-1:0] below(input integer n);
    integer q;
    for (q = 0; q < U; q = q + 1) below[q] = q < n;
  endfunction
  function [U-1:0] ni_col(input [U*(ReqBits+1)-1:0] v, input integer bt);
    integer q;
    for (q = 0; q < U; q = q + 1) ni_col[q] = v[q*(ReqBits+1) + bt];
  endfunction
  wire [CntBits-1:0] cn = rs_f ? sat_add({CntBits{1'b0}}, ni_f) : cnt_run[ni_f*CntBits +: CntBits];
  always @(posedge clk_i)
    if (!rst_ni) counter_q <= {CntBits{1'b0}};
    else         counter_q <= cn;

`ifdef FORMAL
  reg f_init = 1'b0;
  reg [CcuBits-1:0] fg;
  reg f_taken;
  integer fa, fb, fp;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* begin
    if (!f_init) assume(!rst_ni);
    for (fb = 0; fb < NumReqs; fb = fb + 1)
      if (grant_valid_o[fb]) begin
        fg = grant_ccu_o[fb*CcuBits +: CcuBits];
        // a grant answers a request, takes a free CCU no other request takes, and its class
        // holds: the lowest empty one for class 1, for class 2 the least recently granted far
        // one, of those the requests ranked before it left
        assert(req_valid_i[fb] && !ccu_busy_i[fg]);
        if (grant_class_o[fb*2 +: 2] == 2'd1) assert(!ccu_valid_i[fg]);
        if (grant_class_o[fb*2 +: 2] == 2'd2) assert(!ccu_near_i[fg]);
        for (fa = 0; fa < NumReqs; fa = fa + 1)
          if (fa != fb && grant_valid_o[fa]) assert(grant_ccu_o[fa*CcuBits +: CcuBits] != fg);
        for (fp = 0; fp < NumCcus; fp = fp + 1) begin
          f_taken = 1'b0;
          for (fa = 0; fa < NumReqs; fa = fa + 1)
            if (grant_valid_o[fa] && |(rank[fb*U +: U] & ~rank[fa*U +: U]) &&
                grant_ccu_o[fa*CcuBits +: CcuBits] == fp[CcuBits-1:0])
              f_taken = 1'b1;
          if (grant_class_o[fb*2 +: 2] == 2'd2 && fp != fg && !ccu_busy_i[fp] && !ccu_near_i[fp] && !f_taken)
            assert(older[fg*NumCcus + fp]);
          if (grant_class_o[fb*2 +: 2] == 2'd1 && fp < fg && !ccu_busy_i[fp] && !f_taken)
            assert(ccu_valid_i[fp]);
        end
        // a warp that owns a CCU is granted only one it owns, and one grant a cycle
        if (owns[fb])
          assert(ccu_valid_i[fg] && ccu_warp_i[fg*WarpBits +: WarpBits] == req_warp_i[fb*WarpBits +: WarpBits]);
        for (fa = 0; fa < NumReqs; fa = fa + 1)
          if (fa != fb && grant_valid_o[fa])
            assert(req_warp_i[fa*WarpBits +: WarpBits] != req_warp_i[fb*WarpBits +: WarpBits]);
      end
  end
`endif
endmodule
