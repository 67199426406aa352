// ocu: conventional operand collector unit (LTRF paper Fig. 1, Sec. 2.1; Malekeh Sec. 2).
// Holds one issued instruction, requests each distinct source register once from the banked
// register file, fills every slot naming that register when its data returns, and dispatches
// when all valid slots are ready; a unit dispatching at an edge takes a new allocation at the
// same edge. Contract identical to cmodel/ocu.h.
// Build-time fault variants for harness self-tests: FAULT_OCU_DUP_UNFILLED (a repeated register
// fills only its first slot), FAULT_OCU_EARLY_DISPATCH (slot 0 is not waited for),
// FAULT_OCU_GNT_IGNORED (a granted request is raised again).
// Proof-only fault variants (make formal): FORMAL_FAULT_OCU_DUP_NEAREST (a repeated register
// reads the nearest earlier slot, itself maybe a repeat), FORMAL_FAULT_OCU_DUP_IGNORES_VALID (an
// invalid earlier slot counts as holding the register), FORMAL_FAULT_OCU_RDY_KEPT (an
// allocation keeps the ready bits), FORMAL_FAULT_OCU_DISPATCH_UNREADY (a collector frees itself
// without disp_ready), FORMAL_FAULT_OCU_WARP_NOT_LATCHED, FORMAL_FAULT_OCU_REG_SWAP (slots 0
// and 1 store each other's register), FORMAL_FAULT_OCU_INFO_NOT_LATCHED.
// Properties (`ifdef FORMAL, make formal), with a register file that answers each granted
// request once: a collector dispatches only with every operand, each slot holding the data
// returned for its register; a granted request is never raised again; requests and the
// dispatch carry the allocation's warp, registers and info; an allocation leaves only by a
// dispatch the consumer took (disp_valid with disp_ready).
module ocu #(
    parameter Lanes    = 32,
    parameter MaxSrcs  = 6,
    parameter NumWarps = 16,
    parameter ArchRegs = 256
) (
    input  wire                          clk_i,
    input  wire                          rst_ni,
    input  wire                          alloc_valid_i,
    input  wire [WarpBits-1:0]           alloc_warp_i,
    input  wire [31:0]                   alloc_info_i,
    input  wire [MaxSrcs-1:0]            alloc_src_valid_i,
    input  wire [MaxSrcs*RegBits-1:0]    alloc_src_i,
    input  wire [MaxSrcs-1:0]            rd_gnt_i,
    input  wire [MaxSrcs-1:0]            rsp_valid_i,
    input  wire [MaxSrcs*DataBits-1:0]   rsp_data_i,
    input  wire                          disp_ready_i,
    output wire                          busy_o,
    output reg  [MaxSrcs-1:0]            rd_valid_o,
    output reg  [MaxSrcs*WarpBits-1:0]   rd_warp_o,
    output reg  [MaxSrcs*RegBits-1:0]    rd_reg_o,
    output wire                          disp_valid_o,
    output wire [WarpBits-1:0]           disp_warp_o,
    output wire [31:0]                   disp_info_o,
    output wire [MaxSrcs*DataBits-1:0]   disp_data_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam RegBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam SlotBits = (MaxSrcs > 1) ? $clog2(MaxSrcs) : 1;
  localparam DataBits = Lanes * 32;

  reg                busy_q, busy_d;
  reg [WarpBits-1:0] warp_q;
  reg [31:0]         info_q;
  reg [MaxSrcs-1:0]  sv_q, dup_q, pend_q, rdy_q;
  reg [MaxSrcs-1:0]  dup_d, pend_d, rdy_d;
  reg [RegBits-1:0]  reg_q  [0:MaxSrcs-1];
  reg [SlotBits-1:0] dsrc_q [0:MaxSrcs-1];
  reg [SlotBits-1:0] dsrc_d [0:MaxSrcs-1];

  wire all_ready = &(~sv_q | rdy_q);
`ifdef FAULT_OCU_EARLY_DISPATCH
  wire ready_seen = &(~sv_q[MaxSrcs-1:1] | rdy_q[MaxSrcs-1:1]);
`else
  wire ready_seen = all_ready;
`endif

  // a unit takes an allocation when free or when it dispatches at this edge
`ifdef FORMAL_FAULT_OCU_DISPATCH_UNREADY
  wire dispatch = busy_q & ready_seen;
`else
  wire dispatch = busy_q & ready_seen & disp_ready_i;
`endif
  wire take     = alloc_valid_i & (~busy_q | dispatch);

  assign busy_o       = busy_q;
  assign disp_valid_o = busy_q & ready_seen;
  assign disp_warp_o  = warp_q;
  assign disp_info_o  = info_q;

  integer i, j;
  always @* begin
    for (i = 0; i < MaxSrcs; i = i + 1) begin
      rd_valid_o[i] = busy_q & sv_q[i] & ~dup_q[i] & pend_q[i];
      rd_warp_o[i*WarpBits +: WarpBits] = warp_q;
      rd_reg_o[i*RegBits +: RegBits] = reg_q[i];
    end
  end

  // next state of the slots
  always @* begin
    busy_d = busy_q;
    dup_d  = dup_q;
    pend_d = pend_q;
    rdy_d  = rdy_q;
    for (i = 0; i < MaxSrcs; i = i + 1) dsrc_d[i] = dsrc_q[i];
    if (take) begin
      busy_d = 1'b1;
      for (i = 0; i < MaxSrcs; i = i + 1) begin
        dup_d[i]  = 1'b0;
        dsrc_d[i] = {SlotBits{1'b0}};
`ifdef FORMAL_FAULT_OCU_DUP_NEAREST
        for (j = 0; j < i; j = j + 1)
`else
        for (j = i - 1; j >= 0; j = j - 1)
`endif
`ifdef FORMAL_FAULT_OCU_DUP_IGNORES_VALID
          if (alloc_src_valid_i[i] &&
`else
          if (alloc_src_valid_i[i] && alloc_src_valid_i[j] &&
`endif
              alloc_src_i[j*RegBits +: RegBits] == alloc_src_i[i*RegBits +: RegBits]) begin
            dup_d[i]  = 1'b1;
            dsrc_d[i] = j[SlotBits-1:0];
          end
        pend_d[i] = alloc_src_valid_i[i] & ~dup_d[i];
`ifndef FORMAL_FAULT_OCU_RDY_KEPT
        rdy_d[i]  = 1'b0;
`endif
      end
    end else if (busy_q) begin
      for (i = 0; i < MaxSrcs; i = i + 1) begin
`ifndef FAULT_OCU_GNT_IGNORED
        if (rd_gnt_i[i]) pend_d[i] = 1'b0;
`endif
        if (dup_q[i] ? rsp_valid_i[dsrc_q[i]] : rsp_valid_i[i]) rdy_d[i] = 1'b1;
      end
      if (dispatch) busy_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      sv_q   <= {MaxSrcs{1'b0}};
      dup_q  <= {MaxSrcs{1'b0}};
      pend_q <= {MaxSrcs{1'b0}};
      rdy_q  <= {MaxSrcs{1'b0}};
      warp_q <= {WarpBits{1'b0}};
      info_q <= 32'd0;
      for (i = 0; i < MaxSrcs; i = i + 1) begin
        reg_q[i]  <= {RegBits{1'b0}};
        dsrc_q[i] <= {SlotBits{1'b0}};
      end
    end else begin
      busy_q <= busy_d;
      dup_q  <= dup_d;
      pend_q <= pend_d;
      rdy_q  <= rdy_d;
      for (i = 0; i < MaxSrcs; i = i + 1) dsrc_q[i] <= dsrc_d[i];
      if (take) begin
`ifndef FORMAL_FAULT_OCU_WARP_NOT_LATCHED
        warp_q <= alloc_warp_i;
`endif
`ifndef FORMAL_FAULT_OCU_INFO_NOT_LATCHED
        info_q <= alloc_info_i;
`endif
        sv_q   <= alloc_src_valid_i;
        for (i = 0; i < MaxSrcs; i = i + 1) reg_q[i] <= alloc_src_i[i*RegBits +: RegBits];
`ifdef FORMAL_FAULT_OCU_REG_SWAP
        reg_q[0] <= alloc_src_i[RegBits +: RegBits];
        reg_q[1] <= alloc_src_i[0 +: RegBits];
`endif
      end
    end
  end

  // operand data, one register per slot: cleared on allocation, filled by its own response or,
  // for a repeated register, by the response of the slot that reads it
  genvar g;
  generate
    for (g = 0; g < MaxSrcs; g = g + 1) begin : slot
      reg  [DataBits-1:0] data_q;
      reg  [DataBits-1:0] dup_data;
      integer k;
      always @* begin
        dup_data = {DataBits{1'b0}};
        for (k = 0; k < MaxSrcs; k = k + 1)
          if (dsrc_q[g] == k[SlotBits-1:0]) dup_data = rsp_data_i[k*DataBits +: DataBits];
      end
      wire                fill_own = busy_q & ~dup_q[g] & rsp_valid_i[g];
`ifdef FAULT_OCU_DUP_UNFILLED
      wire                fill_dup = 1'b0;
`else
      wire                fill_dup = busy_q & dup_q[g] & rsp_valid_i[dsrc_q[g]];
`endif
      always @(posedge clk_i) begin
        if (!rst_ni || take) data_q <= {DataBits{1'b0}};
        else if (fill_dup) data_q <= dup_data;
        else if (fill_own) data_q <= rsp_data_i[g*DataBits +: DataBits];
      end
      assign disp_data_o[g*DataBits +: DataBits] = data_q;
    end
  endgenerate

  // ---- invariants (simulation only): a free collector reads nothing and dispatches nothing;
  // a slot that repeats a register takes its data from an earlier slot ------------------------
`ifdef GPURF_CHECKS
  reg ck_dup_bad;
  integer ck_i;
  always @* begin
    ck_dup_bad = 1'b0;
    for (ck_i = 0; ck_i < MaxSrcs; ck_i = ck_i + 1)
      if (dup_q[ck_i] && {{(32-SlotBits){1'b0}}, dsrc_q[ck_i]} >= ck_i) ck_dup_bad = 1'b1;
  end
  always @(posedge clk_i) if (rst_ni) begin
    if (!busy_q && (|rd_valid_o || disp_valid_o)) begin
      $display("GPURF CHECK FAILED ocu: a free collector reads or dispatches"); $stop;
    end
    if (busy_q && ck_dup_bad) begin
      $display("GPURF CHECK FAILED ocu: a repeated register points at a later slot"); $stop;
    end
  end
`endif
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [MaxSrcs-1:0]  f_gnt_q;                  // slot's request granted since allocation
  reg [MaxSrcs-1:0]  f_got_q;                  // data for the slot's register returned
  reg [DataBits-1:0] f_data_q [0:MaxSrcs-1];   // that data
  reg [WarpBits-1:0] f_warp_q;                 // the allocation as presented
  reg [31:0]         f_info_q;
  reg [MaxSrcs-1:0]  f_sv_q;
  reg [RegBits-1:0]  f_reg_q [0:MaxSrcs-1];
  reg                f_busy_q;
  integer fa, fb;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* for (fa = 0; fa < MaxSrcs; fa = fa + 1) begin
    assume(!rd_gnt_i[fa] || rd_valid_o[fa]);
    assume(!rsp_valid_i[fa] || (busy_q && f_gnt_q[fa] && !f_got_q[fa] && !take));
  end
  always @(posedge clk_i) begin
    f_busy_q <= rst_ni && (take || (busy_q && !(disp_valid_o && disp_ready_i)));
    if (take) begin
      f_warp_q <= alloc_warp_i;
      f_info_q <= alloc_info_i;
      f_sv_q   <= alloc_src_valid_i;
      for (fa = 0; fa < MaxSrcs; fa = fa + 1) f_reg_q[fa] <= alloc_src_i[fa*RegBits +: RegBits];
    end
  end
  always @(posedge clk_i)
    for (fa = 0; fa < MaxSrcs; fa = fa + 1)
      if (!rst_ni || take || dispatch) begin
        f_gnt_q[fa] <= 1'b0;
        f_got_q[fa] <= 1'b0;
      end else begin
        if (rd_valid_o[fa] && rd_gnt_i[fa]) f_gnt_q[fa] <= 1'b1;
        for (fb = 0; fb < MaxSrcs; fb = fb + 1)
          if (rsp_valid_i[fb] && sv_q[fb] && sv_q[fa] && reg_q[fb] == reg_q[fa]) begin
            f_got_q[fa]  <= 1'b1;
            f_data_q[fa] <= rsp_data_i[fb*DataBits +: DataBits];
          end
      end
  always @* if (f_init && rst_ni) begin
    assert(busy_q == f_busy_q);
    if (busy_q) assert(sv_q == f_sv_q && warp_q == f_warp_q && info_q == f_info_q);
    for (fa = 0; fa < MaxSrcs; fa = fa + 1) begin
      if (rd_valid_o[fa])
        assert(rd_warp_o[fa*WarpBits +: WarpBits] == f_warp_q && rd_reg_o[fa*RegBits +: RegBits] == f_reg_q[fa]);
      if (busy_q) assert(reg_q[fa] == f_reg_q[fa]);
      assert(!(rd_valid_o[fa] && f_gnt_q[fa]));
      if (disp_valid_o && sv_q[fa])
        assert(f_got_q[fa] && disp_data_o[fa*DataBits +: DataBits] == f_data_q[fa]);
      // the slot state the proofs above rest on (inductive strengthening)
      if (!busy_q || !sv_q[fa]) assert(!f_gnt_q[fa] && !f_got_q[fa]);
      if (busy_q && sv_q[fa]) begin
        assert(rdy_q[fa] == f_got_q[fa]);
        if (dup_q[fa])
          assert(dsrc_q[fa] < fa && sv_q[dsrc_q[fa]] && !dup_q[dsrc_q[fa]] &&
                 reg_q[dsrc_q[fa]] == reg_q[fa] && !f_gnt_q[fa]);
        else begin
          assert(pend_q[fa] == !f_gnt_q[fa] && (f_gnt_q[fa] || !f_got_q[fa]));
          for (fb = 0; fb < fa; fb = fb + 1) assert(!(sv_q[fb] && reg_q[fb] == reg_q[fa]));
        end
      end
    end
  end
  generate
    for (g = 0; g < MaxSrcs; g = g + 1) begin : f_slot
      always @* if (f_init && rst_ni && busy_q && sv_q[g] && f_got_q[g])
        assert(slot[g].data_q == f_data_q[g]);
    end
  endgenerate
`endif
endmodule
