// rf: banked main register file of one sub-core (LTRF paper Sec. 2.1, Fig. 1 and Sec. 2.2 for
// non-pipelined banks; Malekeh Sec. 2). NumBanks banks of BankPorts ports, bank_arb over
// every bank port at once, and the response crossbar (rsp_xbar) to the collector units.
// Contract (identical to cmodel/rf.h):
//   bank = (reg + warp) mod NumBanks (BankMap 0) or reg mod NumBanks (BankMap 1, 2),
//   row  = base[warp] + reg / NumBanks, base set by launch_*; in the flat mode (BankMap 2,
//   a renaming design's physical register ids, Jeon and Annavaram Sec. 6.1) row = reg /
//   NumBanks and the warp is ignored.
//   One access per bank port per cycle; a non-pipelined bank port (BankPipelined 0) is busy
//   for BankLatency cycles per access (at least one). Rounds in bank-port order, each over
//   the requests the earlier left: writes win over reads; among writes to one bank the lowest port wins and the
//   others stay asserted until granted. Reads are granted round-robin per bank starting after
//   the last granted port. rd_gnt_o/wr_gnt_o are combinational; read data is sampled at the
//   grant edge (before that edge's writes) and appears on rsp_*_o BankLatency cycles later
//   (BankLatency 0: in the grant cycle, combinationally, GPGPU-Sim's operand collector);
//   a write stores only the lanes set in wr_mask_i.
// Build-time fault variants for harness self-tests: FAULT_RF_WRITE_LOSES (a read beats a
// write), FAULT_RF_RR_STUCK (round-robin pointer never advances), FAULT_RF_ROW_NO_BASE (row
// ignores the warp base).
// Proof-only fault variants (make formal): FORMAL_FAULT_RF_BUSY_IGNORED (a busy bank port is
// offered to the arbiter), FORMAL_FAULT_RF_MASK_IGNORED (a write stores every lane),
// FORMAL_FAULT_RF_RSP_NEXT_PORT (answers go to the next port), FORMAL_FAULT_RF_READ_NEW (a
// read in the grant cycle sees a write of that cycle to its row), FORMAL_FAULT_RF_RR_NOT_AFTER
// (the round-robin restarts at the last granted port), FORMAL_FAULT_RF_ROW_TRUNC (rows lose
// their top bit), FORMAL_FAULT_RF_LATENCY_SHORT (answers a cycle early),
// FORMAL_FAULT_RF_PORT1_UNSTORED (a write on bank port 1 is not stored).
// Properties (`ifdef FORMAL, make formal), with each warp launched once, at a disjoint base
// (warp x ArchRegs / NumBanks), before its first access, no request during reset and read
// requests held until granted: per bank, at most its free bank ports are accessed in a cycle;
// a write waits only behind lower write ports or busy ports of its bank, never behind a read;
// a read, answered BankLatency cycles after its grant, returns each lane as last written
// before the grant edge; a read request waits fewer than NumPorts cycles in which its bank is
// free of writes and busy ports (round-robin).
module rf #(
    parameter Lanes       = 32,
    parameter NumBanks    = 4,
    parameter NumPorts    = 12,
    parameter NumWPorts   = 1,
    parameter NumWarps    = 16,
    parameter ArchRegs    = 256,
    parameter RowsPerBank = 128,
    parameter BankLatency = 1,
    parameter BankPorts   = 1,
    parameter BankPipelined = 1,
    parameter BankMap     = 0
) (
    input  wire                             clk_i,
    input  wire                             rst_ni,
    input  wire                             launch_valid_i,
    input  wire [WarpBits-1:0]              launch_warp_i,
    input  wire [RowBits-1:0]               launch_base_i,
    input  wire [NumPorts-1:0]              rd_valid_i,
    input  wire [NumPorts*WarpBits-1:0]     rd_warp_i,
    input  wire [NumPorts*RegBits-1:0]      rd_reg_i,
    input  wire [NumWPorts-1:0]             wr_valid_i,
    input  wire [NumWPorts*WarpBits-1:0]    wr_warp_i,
    input  wire [NumWPorts*RegBits-1:0]     wr_reg_i,
    input  wire [NumWPorts*DataBits-1:0]    wr_data_i,
    input  wire [NumWPorts*Lanes-1:0]       wr_mask_i,
    output reg  [NumPorts-1:0]              rd_gnt_o,
    output reg  [NumWPorts-1:0]             wr_gnt_o,
    output reg  [NumPorts-1:0]              rsp_valid_o,
    output reg  [NumPorts*DataBits-1:0]     rsp_data_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam RegBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam RowBits  = (RowsPerBank > 1) ? $clog2(RowsPerBank) : 1;
  localparam BankBits = (NumBanks > 1) ? $clog2(NumBanks) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam DataBits = Lanes * 32;
  localparam NumBP    = NumBanks * BankPorts;
  localparam BusyBits = (BankLatency > 1) ? $clog2(BankLatency) : 1;
  localparam integer LatM1 = (BankLatency > 1) ? BankLatency - 1 : 0;

  reg [RowBits-1:0] base_q [0:NumWarps-1];
  reg [NumPorts-1:0] rrt_q [0:NumBanks-1];  // round-robin pointers, thermometers (bank_arb)
  reg [PortBits-1:0] rr_q [0:NumBanks-1];   // ... as numbers: waves and proofs
  reg [BusyBits-1:0] busy_q [0:NumBP-1];

  // ---- address decode --------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  function [BankBits-1:0] bank_of(input [WarpBits-1:0] w, input [RegBits-1:0] r);
    reg [RegBits:0] k;
    begin
      k = (BankMap != 0) ? {1'b0, r} : ({1'b0, r} + {{(RegBits + 1 - WarpBits){1'b0}}, w});
      bank_of = (NumBanks > 1) ? k[BankBits-1:0] : {BankBits{1'b0}};
    end
  endfunction

  function [RowBits-1:0] row_of(input [RowBits-1:0] b, input [RegBits-1:0] r);
    reg [RegBits+RowBits-1:0] q;
    begin
      q = {{RowBits{1'b0}}, r} >> $clog2(NumBanks);
`ifdef FAULT_RF_ROW_NO_BASE
      row_of = q[RowBits-1:0] | (b & {RowBits{1'b0}});
`else
      row_of = (BankMap == 2) ? q[RowBits-1:0] : b + q[RowBits-1:0];
`ifdef FORMAL_FAULT_RF_ROW_TRUNC
      row_of[RowBits-1] = 1'b0;
`endif
`endif
    end
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // ---- arbitration (bank_arb over every bank port at once: writes by port order, then reads
  // round-robin per bank, each on the free bank port of its rank) -------------------------------
  localparam BpBits = (BankPorts > 1) ? $clog2(BankPorts) : 1;
  reg  [NumWPorts*BankBits-1:0] wr_bank;
  reg  [NumPorts*BankBits-1:0]  rd_bank;
  reg  [NumBanks*NumPorts-1:0]  rrt_flat;
  reg  [NumBP-1:0]              busy;
  wire [NumWPorts-1:0]          a_wgnt;
  wire [NumWPorts*BpBits-1:0]   a_wbp;
  wire [NumPorts-1:0]           rgnt;
  wire [NumBP-1:0]              a_bpw, bprd;
  wire [NumBP*PortBits-1:0]     bpport;
  wire [NumBP*NumPorts-1:0]     bpsel;
  wire [NumBanks*NumPorts-1:0]  rrt_next;
  integer b, p;

  always @* begin
    for (p = 0; p < NumWPorts; p = p + 1)
      wr_bank[p*BankBits +: BankBits] = bank_of(wr_warp_i[p*WarpBits +: WarpBits], wr_reg_i[p*RegBits +: RegBits]);
    for (p = 0; p < NumPorts; p = p + 1)
      rd_bank[p*BankBits +: BankBits] = bank_of(rd_warp_i[p*WarpBits +: WarpBits], rd_reg_i[p*RegBits +: RegBits]);
    for (b = 0; b < NumBanks; b = b + 1) begin
      rrt_flat[b*NumPorts +: NumPorts] = rrt_q[b];
      rr_q[b] = {PortBits{1'b0}};
      for (p = NumPorts - 1; p >= 0; p = p - 1) if (rrt_q[b][p]) rr_q[b] = p[PortBits-1:0];
    end
    for (b = 0; b < NumBP; b = b + 1)
`ifdef FORMAL_FAULT_RF_BUSY_IGNORED
      busy[b] = 1'b0;
`else
      busy[b] = |busy_q[b];
`endif
  end

  bank_arb #(.NumBanks(NumBanks), .NumPorts(NumPorts), .NumFixed(NumWPorts), .BankPorts(BankPorts)) u_arb (
    .busy_pre_i (busy),
    .busy_post_i({NumBP{1'b0}}),
`ifdef FAULT_RF_WRITE_LOSES
    .fix_req_i  ({NumWPorts{1'b0}}),
`else
    .fix_req_i  (wr_valid_i),
`endif
    .fix_bank_i (wr_bank),
    .rd_req_i   (rd_valid_i),
    .rd_bank_i  (rd_bank),
    .rrt_i      (rrt_flat),
    .fix_gnt_o  (a_wgnt),
    .fix_bp_o   (a_wbp),
    .rd_gnt_o   (rgnt),
    .bp_fix_o   (a_bpw),
    .bp_rd_o    (bprd),
    .bp_port_o  (bpport),
    .bp_sel_o   (bpsel),
    .rrt_next_o (rrt_next)
  );

  // the writes' grants and bank ports (the faulty variant: reads first, then each bank port
  // neither read nor busy takes the lowest write left for its bank)
  reg [NumWPorts-1:0]        wgnt;
  reg [NumWPorts*BpBits-1:0] wbp;
  reg [NumBP-1:0]            bpw;
`ifdef FAULT_RF_WRITE_LOSES
  integer wl_b, wl_k, wl_p;
  reg     ftaken;
  always @* begin
    wgnt = {NumWPorts{1'b0}};
    wbp  = {(NumWPorts*BpBits){1'b0}};
    bpw  = {NumBP{1'b0}};
    for (wl_b = 0; wl_b < NumBanks; wl_b = wl_b + 1)
      for (wl_k = 0; wl_k < BankPorts; wl_k = wl_k + 1) begin
        ftaken = bprd[wl_b*BankPorts + wl_k] || busy[wl_b*BankPorts + wl_k];
        for (wl_p = 0; wl_p < NumWPorts; wl_p = wl_p + 1)
          if (!ftaken && wr_valid_i[wl_p] && !wgnt[wl_p] && wr_bank[wl_p*BankBits +: BankBits] == wl_b[BankBits-1:0]) begin
            ftaken = 1'b1;
            wgnt[wl_p] = 1'b1;
            wbp[wl_p*BpBits +: BpBits] = wl_k[BpBits-1:0];
            bpw[wl_b*BankPorts + wl_k] = 1'b1;
          end
      end
  end
  wire unused_arb = |{a_wgnt, a_wbp, a_bpw};
`else
  always @* begin
    wgnt = a_wgnt;
    wbp  = a_wbp;
    bpw  = a_bpw;
  end
`endif

  always @* begin
    wr_gnt_o = wgnt;
    rd_gnt_o = rgnt;
  end

  // ---- per-bank-port address, write data and lane mask ----------------------------------------
  // Bank port k of bank b is entry b*BankPorts+k. Every port's row is computed beside the
  // arbitration; a bank port takes the row, data and mask of the one port granted to it by an
  // AND-OR (the masked fields, then an or_tree). Every index is a loop constant (a variable
  // index into these wide vectors would elaborate as a shifter).
  localparam NumAll = NumPorts + NumWPorts;
  wire [RowBits-1:0]  bp_row  [0:NumBP-1];
  wire [DataBits-1:0] bp_wdata[0:NumBP-1];
  wire [Lanes-1:0]    bp_wmask[0:NumBP-1];
  reg [NumBP-1:0]    bp_wr, bp_rd;
  reg [RowBits-1:0]  rd_row [0:NumPorts-1];
  reg [RowBits-1:0]  wr_row [0:NumWPorts-1];
  reg [NumBP*NumAll*RowBits-1:0]     t_row;
  reg [NumBP*NumWPorts*DataBits-1:0] t_wdata;
  reg [NumBP*NumWPorts*Lanes-1:0]    t_wmask;
  // the port bank port e reads for: one-hot (bit e*NumPorts + p), the select of its row and
  // of the response crossbar (at BankLatency 0 at once, else through the read pipelines); as
  // a number for the waves
  reg [NumBP*NumPorts-1:0] bp_sel;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [NumBP*PortBits-1:0] bp_port;
  /* verilator lint_on UNUSEDSIGNAL */
  reg sel;
  integer wb, wk, ap;
  always @* begin
    for (ap = 0; ap < NumPorts; ap = ap + 1)
      rd_row[ap] = row_of(base_q[rd_warp_i[ap*WarpBits +: WarpBits]], rd_reg_i[ap*RegBits +: RegBits]);
    for (ap = 0; ap < NumWPorts; ap = ap + 1)
      wr_row[ap] = row_of(base_q[wr_warp_i[ap*WarpBits +: WarpBits]], wr_reg_i[ap*RegBits +: RegBits]);
    bp_wr   = bpw;
    bp_rd   = bprd;
    bp_port = bpport;
    bp_sel  = bpsel;
    for (wb = 0; wb < NumBanks; wb = wb + 1)
      for (wk = 0; wk < BankPorts; wk = wk + 1) begin
        for (ap = 0; ap < NumPorts; ap = ap + 1) begin
          t_row[((wb*BankPorts + wk)*NumAll + ap)*RowBits +: RowBits] =
            bp_sel[(wb*BankPorts + wk)*NumPorts + ap] ? rd_row[ap] : {RowBits{1'b0}};
        end
        for (ap = 0; ap < NumWPorts; ap = ap + 1) begin
          sel = wgnt[ap] && wr_bank[ap*BankBits +: BankBits] == wb[BankBits-1:0] &&
                wbp[ap*BpBits +: BpBits] == wk[BpBits-1:0];
          t_row[((wb*BankPorts + wk)*NumAll + NumPorts + ap)*RowBits +: RowBits] = sel ? wr_row[ap] : {RowBits{1'b0}};
          t_wdata[((wb*BankPorts + wk)*NumWPorts + ap)*DataBits +: DataBits] = sel ? wr_data_i[ap*DataBits +: DataBits] : {DataBits{1'b0}};
          t_wmask[((wb*BankPorts + wk)*NumWPorts + ap)*Lanes +: Lanes] = sel ? wr_mask_i[ap*Lanes +: Lanes] : {Lanes{1'b0}};
        end
      end
  end
  genvar ge;
  generate
    for (ge = 0; ge < NumBP; ge = ge + 1) begin : g_bpmux
      or_tree #(.N(NumAll), .W(RowBits)) u_row (
        .d_i(t_row[ge*NumAll*RowBits +: NumAll*RowBits]), .y_o(bp_row[ge]));
      or_tree #(.N(NumWPorts), .W(DataBits)) u_wdata (
        .d_i(t_wdata[ge*NumWPorts*DataBits +: NumWPorts*DataBits]), .y_o(bp_wdata[ge]));
      or_tree #(.N(NumWPorts), .W(Lanes)) u_wmask (
        .d_i(t_wmask[ge*NumWPorts*Lanes +: NumWPorts*Lanes]), .y_o(bp_wmask[ge]));
    end
  endgenerate

  // ---- banks (BankPorts ports each), busy counters and read pipelines --------------------------
  wire [NumBP*NumPorts-1:0] last_sel;   // bank port e's answer goes to port p: bit e*NumPorts + p
  wire [NumBP*DataBits-1:0] last_data;

  genvar g, s, q;
  generate
    for (g = 0; g < NumBanks; g = g + 1) begin : g_bank
      (* gpurf_sram *) reg [DataBits-1:0] mem [0:RowsPerBank-1];
      integer i, wq, l;
`ifndef SYNTHESIS
      initial for (i = 0; i < RowsPerBank; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif
      // writes of one edge in bank-port order, each lane only where its mask is set
      always @(posedge clk_i)
        for (wq = 0; wq < BankPorts; wq = wq + 1)
`ifdef FORMAL_FAULT_RF_PORT1_UNSTORED
          if (bp_wr[g*BankPorts + wq] && wq != 1)
`else
          if (bp_wr[g*BankPorts + wq])
`endif
            for (l = 0; l < Lanes; l = l + 1)
`ifdef FORMAL_FAULT_RF_MASK_IGNORED
              if (1'b1)
`else
              if (bp_wmask[g*BankPorts + wq][l])
`endif
                mem[bp_row[g*BankPorts + wq]][l*32 +: 32] <= bp_wdata[g*BankPorts + wq][l*32 +: 32];

      for (q = 0; q < BankPorts; q = q + 1) begin : g_port
        localparam integer E = g*BankPorts + q;
        // a non-pipelined bank port is busy for BankLatency cycles per access (at least one)
        always @(posedge clk_i)
          if (!rst_ni) busy_q[E] <= {BusyBits{1'b0}};
          else if ((bp_rd[E] || bp_wr[E]) && BankPipelined == 0) busy_q[E] <= LatM1[BusyBits-1:0];
          else if (|busy_q[E]) busy_q[E] <= busy_q[E] - 1'b1;
        if (BankLatency == 0) begin : g_now
          // read in the grant cycle: the data reaches the crossbar combinationally, steered by
          // the grants
          assign last_sel[E*NumPorts +: NumPorts] = bp_sel[E*NumPorts +: NumPorts];
`ifdef FORMAL_FAULT_RF_READ_NEW
          // the other bank port's write of this cycle to the same row, forwarded
          wire fwd = BankPorts > 1 && bp_wr[g*BankPorts + (1 - q % 2)] && bp_row[g*BankPorts + (1 - q % 2)] == bp_row[E];
          assign last_data[E*DataBits +: DataBits] = fwd ? bp_wdata[g*BankPorts + (1 - q % 2)] : mem[bp_row[E]];
`else
          assign last_data[E*DataBits +: DataBits] = mem[bp_row[E]];
`endif
        end else begin : g_pipe
          // the port a stage answers is held one-hot, as granted (no encoder after the grants,
          // no comparison before the crossbar); pp_q, its number, for the waves and the proofs
          reg                   pv_q [0:BankLatency-1];
          reg [NumPorts-1:0]    ps_q [0:BankLatency-1];
          reg [PortBits-1:0]    pp_q [0:BankLatency-1];
          reg [DataBits-1:0]    pd_q [0:BankLatency-1];
          integer ps, pn;
          always @* for (ps = 0; ps < BankLatency; ps = ps + 1) begin
            pp_q[ps] = {PortBits{1'b0}};
            for (pn = 0; pn < NumPorts; pn = pn + 1) if (ps_q[ps][pn]) pp_q[ps] = pn[PortBits-1:0];
          end
          always @(posedge clk_i) begin
            if (bp_rd[E]) pd_q[0] <= mem[bp_row[E]];
            ps_q[0] <= bp_sel[E*NumPorts +: NumPorts];
            pv_q[0] <= rst_ni & bp_rd[E];
          end
          for (s = 1; s < BankLatency; s = s + 1) begin : g_stage
            always @(posedge clk_i) begin
              pd_q[s] <= pd_q[s-1];
              ps_q[s] <= ps_q[s-1];
              pv_q[s] <= rst_ni & pv_q[s-1];
            end
          end
`ifdef GPURF_CHECKS
          // a stage holding a read answers exactly one port
          integer cs;
          always @(posedge clk_i) if (rst_ni)
            for (cs = 0; cs < BankLatency; cs = cs + 1)
              if (pv_q[cs] && ps_q[cs] != {{(NumPorts-1){1'b0}}, 1'b1} << pp_q[cs]) begin
                $display("GPURF CHECK FAILED rf: bank port %0d stage %0d answers ports %b", E, cs, ps_q[cs]); $stop;
              end
`endif
`ifdef FORMAL_FAULT_RF_LATENCY_SHORT
          localparam integer Out = (BankLatency > 1) ? BankLatency - 2 : 0;
`else
          localparam integer Out = BankLatency - 1;
`endif
          assign last_sel[E*NumPorts +: NumPorts] = pv_q[Out] ? ps_q[Out] : {NumPorts{1'b0}};
          assign last_data[E*DataBits +: DataBits] = pd_q[Out];
        end
      end
    end
  endgenerate

  // ---- crossbar: bank outputs to requesting ports ---------------------------------------------
  wire [NumPorts-1:0]          rsp_valid;
  wire [NumPorts*DataBits-1:0] rsp_data;
  rsp_xbar #(.NumBanks(NumBP), .NumPorts(NumPorts), .DataBits(DataBits)) u_xbar (
    .sel_i      (last_sel),
    .data_i     (last_data),
    .rsp_valid_o(rsp_valid),
    .rsp_data_o (rsp_data)
  );
  always @* begin
    rsp_valid_o = rsp_valid;
    rsp_data_o  = rsp_data;
`ifdef FORMAL_FAULT_RF_RSP_NEXT_PORT
    if (NumPorts > 1) begin
      rsp_valid_o = {rsp_valid[NumPorts-2:0], rsp_valid[NumPorts-1]};
      rsp_data_o  = {rsp_data[(NumPorts-1)*DataBits-1:0], rsp_data[(NumPorts-1)*DataBits +: DataBits]};
    end
`endif
  end

  // ---- state: warp bases and round-robin pointers (one process per element, so that no
  // loop bound limits the number of warps or banks) ----------------------------------------------
  genvar gs;
  generate
    for (gs = 0; gs < NumWarps; gs = gs + 1) begin : g_base
      always @(posedge clk_i)
        if (!rst_ni) base_q[gs] <= {RowBits{1'b0}};
        else if (launch_valid_i && launch_warp_i == gs[WarpBits-1:0]) base_q[gs] <= launch_base_i;
    end
    for (gs = 0; gs < NumBanks; gs = gs + 1) begin : g_rr
      wire [NumPorts-1:0] nx = rrt_next[gs*NumPorts +: NumPorts];
      always @(posedge clk_i)
        if (!rst_ni) rrt_q[gs] <= {NumPorts{1'b1}};
`ifdef FAULT_RF_RR_STUCK
        else rrt_q[gs] <= rrt_q[gs];
`elsif FORMAL_FAULT_RF_RR_NOT_AFTER
        else if (nx != rrt_q[gs])
          rrt_q[gs] <= nx[0] ? {1'b1, {(NumPorts-1){1'b0}}} : nx | (nx >> 1);
`else
        else rrt_q[gs] <= nx;
`endif
    end
  endgenerate

  // ---- invariants (simulation only): one access per bank port per cycle, none on a busy bank
  // port, grants only to requests, every granted read answered by exactly one bank port, every
  // round-robin pointer a thermometer ----------------------------------------------------------
`ifdef GPURF_CHECKS
  integer ck_p, ck_n, ck_b;
  reg [NumBP-1:0] ck_busy;
  always @* begin
    ck_n = 0;
    for (ck_p = 0; ck_p < NumPorts; ck_p = ck_p + 1) ck_n = ck_n + {31'd0, rd_gnt_o[ck_p]};
    for (ck_p = 0; ck_p < NumBP; ck_p = ck_p + 1) begin
      ck_n = ck_n - {31'd0, bp_rd[ck_p]};
      ck_busy[ck_p] = |busy_q[ck_p];
    end
  end
  always @(posedge clk_i) if (rst_ni) begin
    if (|(bp_rd & bp_wr)) begin
      $display("GPURF CHECK FAILED rf: bank ports %b both read and written", bp_rd & bp_wr); $stop;
    end
    if (|((bp_rd | bp_wr) & ck_busy)) begin
      $display("GPURF CHECK FAILED rf: a busy bank port accessed (%b)", (bp_rd | bp_wr) & ck_busy); $stop;
    end
    if (|(rd_gnt_o & ~rd_valid_i) || |(wr_gnt_o & ~wr_valid_i)) begin
      $display("GPURF CHECK FAILED rf: a grant without a request"); $stop;
    end
    if (ck_n != 0) begin
      $display("GPURF CHECK FAILED rf: %0d more read grants than bank ports read", ck_n); $stop;
    end
    for (ck_b = 0; ck_b < NumBanks; ck_b = ck_b + 1)
      if (rrt_q[ck_b] != {NumPorts{1'b1}} << rr_q[ck_b]) begin
        $display("GPURF CHECK FAILED rf: bank %0d's pointer %b is no thermometer", ck_b, rrt_q[ck_b]); $stop;
      end
  end
`endif
`ifdef FORMAL
`include "rf_props.vh"
`endif
endmodule
