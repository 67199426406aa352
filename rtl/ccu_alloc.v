// ccu_alloc: Malekeh's CCU allocator (Sec. 6) over NumCcus CCUs, NumReqs requests a cycle
// (one per scheduler over the SM's CCUs, or one over a sub-core's). The valid requests are
// ranked (warps that own a CCU first, then the smaller age, then the lower port) and served in
// that order by a chain of stages; each stage sees the CCUs the earlier ones granted as busy
// and not owned, and the counter as they left it. For a request: its warp's
// own CCU (granted when free, else the warp waits); else a free empty CCU; else the least
// recently granted free CCU holding only far values; else, once the stall counter allows it,
// the least recently granted free CCU (its near values flushed); otherwise the request stalls
// and the counter counts. SthldCounter 0 (the paper's rule): replace when the counter is
// higher than STHLD, only that replacement resets it; 1: replace when it has reached STHLD,
// every grant resets it. The counter is SthldBits + 1 wide and saturates. has_data tells the
// scheduler which warps own a CCU. Contract identical to cmodel/ccu_alloc.h.
// Build-time fault variants: FAULT_CCU_ALLOC_BUSY_GRANT (the own CCU is granted while busy),
// FAULT_CCU_ALLOC_NO_WAIT (near CCUs are replaced without waiting for STHLD),
// FAULT_CCU_ALLOC_COUNTER_KEPT (a grant that resets the counter leaves it running),
// FAULT_CCU_ALLOC_SECOND_CCU (a warp whose own CCU is busy is granted the least recently
// granted free one: it would own two); for the proofs only, FORMAL_FAULT_CCU_ALLOC_INVALID_REQ
// (a stage serves a request that is not valid), _TAKEN_IGNORED (a stage may grant a CCU an
// earlier stage took), _BUSY_FREE (busy CCUs count as free), _EMPTY_VALID (the empty search
// ignores the valid bit), _FAR_NEAR (the far search ignores the near bit), _YOUNGEST_FAR (the
// far search takes the most recently granted), _EMPTY_HIGHEST (the highest empty CCU).
// For the clock, each stage's searches are one-hot forms over the registered pairwise LRU
// order (rtl/lru_matrix.v: a granted CCU is taken, the others keep their order, so no stage
// needs the ranks an earlier one touched), and the counter passes between stages as "reset in
// this cycle or not" and the stalls since.
// Properties (`ifdef FORMAL, make formal): when no two CCUs are owned by one warp and no two
// requests name one warp (the SM keeps both), a warp that owns a CCU is granted only that one;
// a grant answers a valid request and takes a free CCU no other request takes; class 1 takes
// the lowest empty CCU, class 2 the least recently granted far one, of those the requests
// ranked before it left.
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

  reg [CntBits-1:0] counter_q;
  assign counter_o = counter_q;

  // the ranks as a pairwise order; each stage's grant touches its CCU (stage order)
  wire [NumCcus*NumCcus-1:0] older;
  reg  [NumReqs*NumCcus-1:0] touch;
  lru_matrix #(.Entries(NumCcus), .Bits(CcuBits), .Touches(NumReqs)) u_lru (
      .clk_i(clk_i), .rst_ni(rst_ni), .t_i(touch), .older_o(older), .rank_o(lru_o));

  // the requests' order: key = {owns no CCU, age}; rank = valid requests ahead of it
  integer k, w, i, j;
  reg [NumReqs-1:0]          owns;
  reg [NumReqs*NumCcus-1:0]  ownm;     // request i's warp holds CCU k
  reg [NumReqs*ReqBits-1:0]  rank;
  reg [ReqBits:0]            ahead;
  always @* begin
    has_data_o = {NumWarps{1'b0}};
    for (k = 0; k < NumCcus; k = k + 1)
      if (ccu_valid_i[k])
        for (w = 0; w < NumWarps; w = w + 1)
          if (ccu_warp_i[k*WarpBits +: WarpBits] == w[WarpBits-1:0]) has_data_o[w] = 1'b1;
    for (i = 0; i < NumReqs; i = i + 1)
      for (k = 0; k < NumCcus; k = k + 1)
        ownm[i*NumCcus + k] = ccu_valid_i[k] &&
                              ccu_warp_i[k*WarpBits +: WarpBits] == req_warp_i[i*WarpBits +: WarpBits];
    for (i = 0; i < NumReqs; i = i + 1) owns[i] = |ownm[i*NumCcus +: NumCcus];
    rank = {(NumReqs*ReqBits){1'b0}};
    for (i = 0; i < NumReqs; i = i + 1) begin
      ahead = {(ReqBits+1){1'b0}};
      for (j = 0; j < NumReqs; j = j + 1)
        if (req_valid_i[j] && j != i &&
            ({!owns[j], req_age_i[j*WarpBits +: WarpBits]} < {!owns[i], req_age_i[i*WarpBits +: WarpBits]} ||
             ({!owns[j], req_age_i[j*WarpBits +: WarpBits]} == {!owns[i], req_age_i[i*WarpBits +: WarpBits]} && j < i)))
          ahead = ahead + 1'b1;
      rank[i*ReqBits +: ReqBits] = ahead[ReqBits-1:0];
    end
  end

  // one-hot picks: the lowest, the highest and the least recently granted set bit
  function [NumCcus-1:0] lowest(input [NumCcus-1:0] v);
    integer q;
    for (q = 0; q < NumCcus; q = q + 1) lowest[q] = v[q] && !(|(v & ((1 << q) - 1)));
  endfunction
  function [NumCcus-1:0] highest(input [NumCcus-1:0] v);
    integer q;
    for (q = 0; q < NumCcus; q = q + 1) highest[q] = v[q] && !(|(v >> (q + 1)));
  endfunction
  function [NumCcus-1:0] oldest(input [NumCcus-1:0] v, input [NumCcus*NumCcus-1:0] o);
    integer q, p;
    for (q = 0; q < NumCcus; q = q + 1) begin
      oldest[q] = v[q];
      for (p = 0; p < NumCcus; p = p + 1)
        if (p != q && v[p] && !o[q*NumCcus + p]) oldest[q] = 1'b0;
    end
  endfunction
  function [CcuBits-1:0] enc(input [NumCcus-1:0] v);
    integer q;
    begin
      enc = {CcuBits{1'b0}};
      for (q = 0; q < NumCcus; q = q + 1)
        if (v[q]) enc = enc | q[CcuBits-1:0];
    end
  endfunction

  // The counter after i waiting stalls: counter + i (saturating) before any reset in the
  // cycle, i after one; the replacement rule at each, for every i at once
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
  reg [NStalls-1:0] rule_run, rule_rst;
  integer ri;
  always @*
    for (ri = 0; ri < NStalls; ri = ri + 1) begin
      rule_run[ri] = rule(sat_add(counter_q, ri[ReqBits:0]), sthld_i);
      rule_rst[ri] = rule(sat_add({CntBits{1'b0}}, ri[ReqBits:0]), sthld_i);
    end

  // The stages in rank order. Each sees the CCUs the earlier ones granted as taken; it needs
  // no rank update: a granted CCU is taken, and the others keep their order, so every search
  // reads the registered pairwise order. Only the taken set and the counter's state (reset in
  // this cycle or not, stalls since) pass from stage to stage, each step a few gates.
  reg [NumCcus-1:0] tk, ownv, own_oh, freev, empty_oh, far_oh, near_oh, g_oh;
  reg [CntBits-1:0] cn;
  reg [ReqBits:0]   ni;
  reg               rs, found, gv;
  reg [1:0]         cls, stl;
  integer t, r;
  always @* begin
    tk = {NumCcus{1'b0}};
    rs = 1'b0;
    ni = {(ReqBits+1){1'b0}};
    touch = {NumReqs*NumCcus{1'b0}};
    grant_valid_o = {NumReqs{1'b0}};
    grant_ccu_o   = {(NumReqs*CcuBits){1'b0}};
    grant_flush_o = {NumReqs{1'b0}};
    grant_class_o = {(NumReqs*2){1'b0}};
    stall_o       = {(NumReqs*2){1'b0}};
    for (t = 0; t < NumReqs; t = t + 1) begin
      found = 1'b0;
      ownv = {NumCcus{1'b0}};
      for (r = 0; r < NumReqs; r = r + 1)
`ifdef FORMAL_FAULT_CCU_ALLOC_INVALID_REQ
        if (rank[r*ReqBits +: ReqBits] == t[ReqBits-1:0]) begin
`else
        if (req_valid_i[r] && rank[r*ReqBits +: ReqBits] == t[ReqBits-1:0]) begin
`endif
          found = 1'b1;
          ownv = ownv | ownm[r*NumCcus +: NumCcus];
        end
      own_oh   = highest(ownv & ~tk);
`ifdef FORMAL_FAULT_CCU_ALLOC_TAKEN_IGNORED
      freev    = ~ccu_busy_i;
`elsif FORMAL_FAULT_CCU_ALLOC_BUSY_FREE
      freev    = ~tk;
`else
      freev    = ~ccu_busy_i & ~tk;
`endif
`ifdef FORMAL_FAULT_CCU_ALLOC_EMPTY_VALID
      empty_oh = lowest(freev);
`elsif FORMAL_FAULT_CCU_ALLOC_EMPTY_HIGHEST
      empty_oh = highest(freev & ~ccu_valid_i);
`else
      empty_oh = lowest(freev & ~ccu_valid_i);
`endif
`ifdef FORMAL_FAULT_CCU_ALLOC_FAR_NEAR
      far_oh   = oldest(freev, older);
`elsif FORMAL_FAULT_CCU_ALLOC_YOUNGEST_FAR
      far_oh   = oldest(freev & ~ccu_near_i, ~older);
`else
      far_oh   = oldest(freev & ~ccu_near_i, older);
`endif
      near_oh  = oldest(freev, older);
      g_oh = {NumCcus{1'b0}};
      cls = 2'd0;
      stl = 2'd0;
      if (found) begin
        if (|own_oh) begin
`ifdef FAULT_CCU_ALLOC_BUSY_GRANT
          g_oh = own_oh;
`else
          if (|(own_oh & ccu_busy_i)) stl = 2'd1;
          else g_oh = own_oh;
`ifdef FAULT_CCU_ALLOC_SECOND_CCU
          if (|(own_oh & ccu_busy_i) && |freev) begin
            stl  = 2'd0;
            g_oh = near_oh;
            cls  = 2'd3;
          end
`endif
`endif
        end else if (!(|freev)) stl = 2'd3;
        else if (|empty_oh) begin
          g_oh = empty_oh;
          cls  = 2'd1;
        end else if (|far_oh) begin
          g_oh = far_oh;
          cls  = 2'd2;
`ifdef FAULT_CCU_ALLOC_NO_WAIT
        end else if (1'b1) begin
`else
        end else if (rs ? rule_rst[ni] : rule_run[ni]) begin
`endif
          g_oh = near_oh;
          cls  = 2'd3;
        end else stl = 2'd2;
      end
      gv = |g_oh;
      if (gv) begin
`ifndef FAULT_CCU_ALLOC_COUNTER_KEPT
        if (SthldCounter != 0 || cls == 2'd3) begin
          rs = 1'b1;
          ni = {(ReqBits+1){1'b0}};
        end
`endif
      end else if (stl == 2'd2) ni = ni + 1'b1;
      touch[t*NumCcus +: NumCcus] = g_oh;
      tk = tk | g_oh;
      // the answer goes to the port this stage served
      for (r = 0; r < NumReqs; r = r + 1)
        if (req_valid_i[r] && rank[r*ReqBits +: ReqBits] == t[ReqBits-1:0]) begin
          grant_valid_o[r]                  = gv;
          grant_ccu_o[r*CcuBits +: CcuBits] = enc(g_oh);
          grant_flush_o[r]                  = gv && cls != 2'd0 && |(g_oh & ccu_valid_i);
          grant_class_o[r*2 +: 2]           = cls;
          stall_o[r*2 +: 2]                 = stl;
        end
    end
  end

  always @* cn = sat_add(rs ? {CntBits{1'b0}} : counter_q, ni);
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
    for (fa = 0; fa < NumCcus; fa = fa + 1)
      for (fb = fa + 1; fb < NumCcus; fb = fb + 1)
        assume(!(ccu_valid_i[fa] && ccu_valid_i[fb] &&
                 ccu_warp_i[fa*WarpBits +: WarpBits] == ccu_warp_i[fb*WarpBits +: WarpBits]));
    for (fa = 0; fa < NumReqs; fa = fa + 1)
      for (fb = fa + 1; fb < NumReqs; fb = fb + 1)
        assume(!(req_valid_i[fa] && req_valid_i[fb] &&
                 req_warp_i[fa*WarpBits +: WarpBits] == req_warp_i[fb*WarpBits +: WarpBits]));
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
            if (grant_valid_o[fa] && rank[fa*ReqBits +: ReqBits] < rank[fb*ReqBits +: ReqBits] &&
                grant_ccu_o[fa*CcuBits +: CcuBits] == fp[CcuBits-1:0])
              f_taken = 1'b1;
          if (grant_class_o[fb*2 +: 2] == 2'd2 && fp != fg && !ccu_busy_i[fp] && !ccu_near_i[fp] && !f_taken)
            assert(older[fg*NumCcus + fp]);
          if (grant_class_o[fb*2 +: 2] == 2'd1 && fp < fg && !ccu_busy_i[fp] && !f_taken)
            assert(ccu_valid_i[fp]);
        end
        // a warp that owns a CCU is granted only that one
        for (fa = 0; fa < NumCcus; fa = fa + 1)
          if (ccu_valid_i[fa] && ccu_warp_i[fa*WarpBits +: WarpBits] == req_warp_i[fb*WarpBits +: WarpBits])
            assert(fg == fa[CcuBits-1:0]);
      end
  end
`endif
endmodule
