// ccu_alloc: Malekeh's CCU allocator (Sec. 6) over NumCcus CCUs, NumReqs requests a cycle
// (one per scheduler over the SM's CCUs, or one over a sub-core's). The valid requests are
// ranked (warps that own a CCU first, then the smaller age, then the lower port) and served in
// that order by a chain of stages; each stage sees the CCUs the earlier ones granted as busy
// and not owned, and the counter and LRU ranks as they left them. For a request: its warp's
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
// granted free one: it would own two).
// Property (`ifdef FORMAL, make formal): when no two CCUs are owned by one warp and no two
// requests name one warp (the SM keeps both), a warp that owns a CCU is granted only that one.
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
  localparam LruBits  = NumCcus * CcuBits;

  reg [CntBits-1:0] counter_q;
  reg [LruBits-1:0] lru_q;
  assign counter_o = counter_q;
  assign lru_o     = lru_q;

  // the requests' order: key = {owns no CCU, age}; rank = valid requests ahead of it
  integer k, w, i, j;
  reg [NumReqs-1:0]          owns;
  reg [NumReqs*ReqBits-1:0]  rank;
  reg [ReqBits:0]            ahead;
  always @* begin
    has_data_o = {NumWarps{1'b0}};
    for (k = 0; k < NumCcus; k = k + 1)
      if (ccu_valid_i[k])
        for (w = 0; w < NumWarps; w = w + 1)
          if (ccu_warp_i[k*WarpBits +: WarpBits] == w[WarpBits-1:0]) has_data_o[w] = 1'b1;
    owns = {NumReqs{1'b0}};
    for (i = 0; i < NumReqs; i = i + 1)
      for (k = 0; k < NumCcus; k = k + 1)
        if (ccu_valid_i[k] && ccu_warp_i[k*WarpBits +: WarpBits] == req_warp_i[i*WarpBits +: WarpBits])
          owns[i] = 1'b1;
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

  // the stages: state before stage t at index t (the CCUs taken after the last: unused)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [(NumReqs+1)*NumCcus-1:0] taken_c;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [(NumReqs+1)*CntBits-1:0] cnt_c;
  wire [(NumReqs+1)*LruBits-1:0] lru_c;
  wire [NumReqs-1:0]             st_found, st_gv, st_flush;
  wire [NumReqs*ReqBits-1:0]     st_sel;
  wire [NumReqs*CcuBits-1:0]     st_gc;
  wire [NumReqs*2-1:0]           st_cls, st_stall;
  assign taken_c[0 +: NumCcus] = {NumCcus{1'b0}};
  assign cnt_c[0 +: CntBits]   = counter_q;
  assign lru_c[0 +: LruBits]   = lru_q;

  genvar t;
  generate
    for (t = 0; t < NumReqs; t = t + 1) begin : g_stage
      wire [NumCcus-1:0] tk = taken_c[t*NumCcus +: NumCcus];
      wire [CntBits-1:0] cn = cnt_c[t*CntBits +: CntBits];
      wire [LruBits-1:0] lr = lru_c[t*LruBits +: LruBits];
      wire [LruBits-1:0] lr_n;
      integer q;
      reg               found, own_f, empty_f, far_f, near_f, any_free, gv;
      reg [ReqBits-1:0] sel;
      reg [CcuBits-1:0] own, empty, far, near_c, gc;
      reg [1:0]         cls, stl;
      reg [CntBits-1:0] cn_n;
      reg [NumCcus-1:0] tk_n;
      always @* begin
        found = 1'b0;
        sel   = {ReqBits{1'b0}};
        for (q = 0; q < NumReqs; q = q + 1)
          if (req_valid_i[q] && rank[q*ReqBits +: ReqBits] == t[ReqBits-1:0]) begin
            found = 1'b1;
            sel   = q[ReqBits-1:0];
          end
        own_f = 1'b0; empty_f = 1'b0; far_f = 1'b0; near_f = 1'b0; any_free = 1'b0;
        own = {CcuBits{1'b0}}; empty = {CcuBits{1'b0}}; far = {CcuBits{1'b0}}; near_c = {CcuBits{1'b0}};
        for (q = 0; q < NumCcus; q = q + 1)
          if (!tk[q]) begin
            if (ccu_valid_i[q] && ccu_warp_i[q*WarpBits +: WarpBits] == req_warp_i[sel*WarpBits +: WarpBits]) begin
              own_f = 1'b1;
              own   = q[CcuBits-1:0];
            end
            if (!ccu_busy_i[q]) begin
              any_free = 1'b1;
              if (!ccu_valid_i[q] && !empty_f) begin
                empty_f = 1'b1;
                empty   = q[CcuBits-1:0];
              end
              if (!ccu_near_i[q] && (!far_f || lr[q*CcuBits +: CcuBits] > lr[far*CcuBits +: CcuBits])) begin
                far_f = 1'b1;
                far   = q[CcuBits-1:0];
              end
              if (!near_f || lr[q*CcuBits +: CcuBits] > lr[near_c*CcuBits +: CcuBits]) begin
                near_f = 1'b1;
                near_c = q[CcuBits-1:0];
              end
            end
          end
        gv  = 1'b0;
        gc  = {CcuBits{1'b0}};
        cls = 2'd0;
        stl = 2'd0;
        if (found) begin
          if (own_f) begin
`ifdef FAULT_CCU_ALLOC_BUSY_GRANT
            gv = 1'b1;
            gc = own;
`else
            if (ccu_busy_i[own]) stl = 2'd1;
            else begin
              gv = 1'b1;
              gc = own;
            end
`ifdef FAULT_CCU_ALLOC_SECOND_CCU
            if (ccu_busy_i[own] && any_free) begin
              stl = 2'd0;
              gv  = 1'b1;
              gc  = near_c;
              cls = 2'd3;
            end
`endif
`endif
          end else if (!any_free) stl = 2'd3;
          else if (empty_f) begin
            gv  = 1'b1;
            gc  = empty;
            cls = 2'd1;
          end else if (far_f) begin
            gv  = 1'b1;
            gc  = far;
            cls = 2'd2;
`ifdef FAULT_CCU_ALLOC_NO_WAIT
          end else if (1'b1) begin
`else
          end else if (SthldCounter != 0 ? cn >= {1'b0, sthld_i} : cn > {1'b0, sthld_i}) begin
`endif
            gv  = 1'b1;
            gc  = near_c;
            cls = 2'd3;
          end else stl = 2'd2;
        end
        cn_n = cn;
        if (gv) begin
`ifndef FAULT_CCU_ALLOC_COUNTER_KEPT
          if (SthldCounter != 0 || cls == 2'd3) cn_n = {CntBits{1'b0}};
`endif
        end else if (stl == 2'd2 && cn != {CntBits{1'b1}}) cn_n = cn + 1'b1;
        tk_n = tk;
        if (gv) tk_n[gc] = 1'b1;
      end
      lru_touch #(.Entries(NumCcus), .Bits(CcuBits)) u_touch (
          .rank_i(lr), .t_i(gc), .en_i(gv), .rank_o(lr_n));
      assign taken_c[(t+1)*NumCcus +: NumCcus] = tk_n;
      assign cnt_c[(t+1)*CntBits +: CntBits]   = cn_n;
      assign lru_c[(t+1)*LruBits +: LruBits]   = lr_n;
      assign st_found[t]                     = found;
      assign st_sel[t*ReqBits +: ReqBits]    = sel;
      assign st_gv[t]                        = gv;
      assign st_gc[t*CcuBits +: CcuBits]     = gc;
      assign st_cls[t*2 +: 2]                = cls;
      assign st_stall[t*2 +: 2]              = stl;
      assign st_flush[t]                     = gv && cls != 2'd0 && ccu_valid_i[gc];
    end
  endgenerate

  // each port's answer from the stage that served it
  integer r, s;
  always @* begin
    grant_valid_o = {NumReqs{1'b0}};
    grant_ccu_o   = {(NumReqs*CcuBits){1'b0}};
    grant_flush_o = {NumReqs{1'b0}};
    grant_class_o = {(NumReqs*2){1'b0}};
    stall_o       = {(NumReqs*2){1'b0}};
    for (r = 0; r < NumReqs; r = r + 1)
      for (s = 0; s < NumReqs; s = s + 1)
        if (st_found[s] && st_sel[s*ReqBits +: ReqBits] == r[ReqBits-1:0]) begin
          grant_valid_o[r]                  = st_gv[s];
          grant_ccu_o[r*CcuBits +: CcuBits] = st_gc[s*CcuBits +: CcuBits];
          grant_flush_o[r]                  = st_flush[s];
          grant_class_o[r*2 +: 2]           = st_cls[s*2 +: 2];
          stall_o[r*2 +: 2]                 = st_stall[s*2 +: 2];
        end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      counter_q <= {CntBits{1'b0}};
      for (k = 0; k < NumCcus; k = k + 1) lru_q[k*CcuBits +: CcuBits] <= k[CcuBits-1:0];
    end else begin
      counter_q <= cnt_c[NumReqs*CntBits +: CntBits];
      lru_q     <= lru_c[NumReqs*LruBits +: LruBits];
    end
  end

`ifdef FORMAL
  integer fa, fb;
  always @* begin
    for (fa = 0; fa < NumCcus; fa = fa + 1)
      for (fb = fa + 1; fb < NumCcus; fb = fb + 1)
        assume(!(ccu_valid_i[fa] && ccu_valid_i[fb] &&
                 ccu_warp_i[fa*WarpBits +: WarpBits] == ccu_warp_i[fb*WarpBits +: WarpBits]));
    for (fa = 0; fa < NumReqs; fa = fa + 1)
      for (fb = fa + 1; fb < NumReqs; fb = fb + 1)
        assume(!(req_valid_i[fa] && req_valid_i[fb] &&
                 req_warp_i[fa*WarpBits +: WarpBits] == req_warp_i[fb*WarpBits +: WarpBits]));
    for (fb = 0; fb < NumReqs; fb = fb + 1)
      for (fa = 0; fa < NumCcus; fa = fa + 1)
        if (grant_valid_o[fb] && ccu_valid_i[fa] &&
            ccu_warp_i[fa*WarpBits +: WarpBits] == req_warp_i[fb*WarpBits +: WarpBits])
          assert(grant_ccu_o[fb*CcuBits +: CcuBits] == fa[CcuBits-1:0]);
  end
`endif
endmodule
