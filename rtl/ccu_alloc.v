// ccu_alloc: Malekeh's CCU allocator (Sec. 6), one per sub-core. For the requesting warp: its
// own CCU (granted when free, else the warp waits); else a free empty CCU; else the least
// recently granted free CCU holding only far values; else, once the stall counter allows it,
// the least recently granted free CCU (its near values flushed); otherwise issue stalls and
// the counter counts. SthldCounter 0 (the paper's rule): replace when the counter is higher
// than STHLD, only that replacement resets it; 1: replace when it has reached STHLD, every
// grant resets it. The counter is SthldBits + 1 wide and saturates. LRU ranks among the CCUs
// are updated on every grant. has_data tells the scheduler which warps own a CCU with data.
// Contract identical to cmodel/ccu_alloc.h.
// Build-time fault variants: FAULT_CCU_ALLOC_BUSY_GRANT (the own CCU is granted while busy),
// FAULT_CCU_ALLOC_NO_WAIT (near CCUs are replaced without waiting for STHLD),
// FAULT_CCU_ALLOC_COUNTER_KEPT (a grant that resets the counter leaves it running),
// FAULT_CCU_ALLOC_SECOND_CCU (a warp whose own CCU is busy is granted the least recently
// granted free one: it would own two).
// Property (`ifdef FORMAL, make formal): when no two CCUs are owned by one warp (the SM keeps
// that), a warp that owns a CCU is granted only that one: no warp is granted two CCUs.
module ccu_alloc #(
    parameter NumCcus   = 2,
    parameter NumWarps  = 16,
    parameter SthldBits = 8,
    parameter SthldCounter = 0
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire                        req_valid_i,
    input  wire [WarpBits-1:0]         req_warp_i,
    input  wire [NumCcus-1:0]          ccu_busy_i,
    input  wire [NumCcus-1:0]          ccu_valid_i,
    input  wire [NumCcus*WarpBits-1:0] ccu_warp_i,
    input  wire [NumCcus-1:0]          ccu_near_i,
    input  wire [SthldBits-1:0]        sthld_i,
    output reg                         grant_valid_o,
    output reg  [CcuBits-1:0]          grant_ccu_o,
    output reg                         grant_flush_o,
    output reg  [1:0]                  grant_class_o,
    output reg  [1:0]                  stall_o,
    output reg  [NumWarps-1:0]         has_data_o,
    output wire [SthldBits:0]          counter_o,
    output wire [NumCcus*CcuBits-1:0]  lru_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam CcuBits  = (NumCcus > 1) ? $clog2(NumCcus) : 1;

  reg [SthldBits:0]         counter_q;
  wire                      near_ok = SthldCounter != 0 ? counter_q >= {1'b0, sthld_i}
                                                        : counter_q > {1'b0, sthld_i};
  reg  [NumCcus*CcuBits-1:0] lru_q;
  wire [NumCcus*CcuBits-1:0] lru_d;

  assign counter_o = counter_q;
  assign lru_o     = lru_q;

  integer k, w;
  reg               own_f, empty_f, far_f, near_f, any_free;
  reg [CcuBits-1:0] own, empty, far, near_c;
  always @* begin
    has_data_o = {NumWarps{1'b0}};
    own_f = 1'b0; empty_f = 1'b0; far_f = 1'b0; near_f = 1'b0; any_free = 1'b0;
    own = {CcuBits{1'b0}}; empty = {CcuBits{1'b0}}; far = {CcuBits{1'b0}}; near_c = {CcuBits{1'b0}};
    for (k = 0; k < NumCcus; k = k + 1) begin
      if (ccu_valid_i[k]) begin
        for (w = 0; w < NumWarps; w = w + 1)
          if (ccu_warp_i[k*WarpBits +: WarpBits] == w[WarpBits-1:0]) has_data_o[w] = 1'b1;
        if (ccu_warp_i[k*WarpBits +: WarpBits] == req_warp_i) begin
          own_f = 1'b1;
          own   = k[CcuBits-1:0];
        end
      end
      if (!ccu_busy_i[k]) begin
        any_free = 1'b1;
        if (!ccu_valid_i[k] && !empty_f) begin
          empty_f = 1'b1;
          empty   = k[CcuBits-1:0];
        end
        if (!ccu_near_i[k] && (!far_f || lru_q[k*CcuBits +: CcuBits] > lru_q[far*CcuBits +: CcuBits])) begin
          far_f = 1'b1;
          far   = k[CcuBits-1:0];
        end
        if (!near_f || lru_q[k*CcuBits +: CcuBits] > lru_q[near_c*CcuBits +: CcuBits]) begin
          near_f = 1'b1;
          near_c = k[CcuBits-1:0];
        end
      end
    end
    grant_valid_o = 1'b0;
    grant_ccu_o   = {CcuBits{1'b0}};
    grant_class_o = 2'd0;
    stall_o       = 2'd0;
    if (req_valid_i) begin
      if (own_f) begin
`ifdef FAULT_CCU_ALLOC_BUSY_GRANT
        grant_valid_o = 1'b1;
        grant_ccu_o   = own;
`else
        if (ccu_busy_i[own]) stall_o = 2'd1;
        else begin
          grant_valid_o = 1'b1;
          grant_ccu_o   = own;
        end
`ifdef FAULT_CCU_ALLOC_SECOND_CCU
        if (ccu_busy_i[own] && any_free) begin
          stall_o       = 2'd0;
          grant_valid_o = 1'b1;
          grant_ccu_o   = near_c;
          grant_class_o = 2'd3;
        end
`endif
`endif
      end else if (!any_free) stall_o = 2'd3;
      else if (empty_f) begin
        grant_valid_o = 1'b1;
        grant_ccu_o   = empty;
        grant_class_o = 2'd1;
      end else if (far_f) begin
        grant_valid_o = 1'b1;
        grant_ccu_o   = far;
        grant_class_o = 2'd2;
`ifdef FAULT_CCU_ALLOC_NO_WAIT
      end else if (1'b1) begin
`else
      end else if (near_ok) begin
`endif
        grant_valid_o = 1'b1;
        grant_ccu_o   = near_c;
        grant_class_o = 2'd3;
      end else stall_o = 2'd2;
    end
    grant_flush_o = grant_valid_o && grant_class_o != 2'd0 && ccu_valid_i[grant_ccu_o];
  end

  lru_touch #(.Entries(NumCcus), .Bits(CcuBits)) u_touch (
      .rank_i(lru_q), .t_i(grant_ccu_o), .en_i(1'b1), .rank_o(lru_d));

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      counter_q <= {(SthldBits + 1){1'b0}};
      for (k = 0; k < NumCcus; k = k + 1) lru_q[k*CcuBits +: CcuBits] <= k[CcuBits-1:0];
    end else if (grant_valid_o) begin
`ifndef FAULT_CCU_ALLOC_COUNTER_KEPT
      if (SthldCounter != 0 || grant_class_o == 2'd3) counter_q <= {(SthldBits + 1){1'b0}};
`endif
      lru_q <= lru_d;
    end else if (stall_o == 2'd2 && counter_q != {(SthldBits + 1){1'b1}})
      counter_q <= counter_q + 1'b1;
  end

`ifdef FORMAL
  integer fa, fb;
  always @* begin
    for (fa = 0; fa < NumCcus; fa = fa + 1)
      for (fb = fa + 1; fb < NumCcus; fb = fb + 1)
        assume(!(ccu_valid_i[fa] && ccu_valid_i[fb] &&
                 ccu_warp_i[fa*WarpBits +: WarpBits] == ccu_warp_i[fb*WarpBits +: WarpBits]));
    for (fa = 0; fa < NumCcus; fa = fa + 1)
      if (grant_valid_o && ccu_valid_i[fa] && ccu_warp_i[fa*WarpBits +: WarpBits] == req_warp_i)
        assert(grant_ccu_o == fa[CcuBits-1:0]);
  end
`endif
endmodule
