// rf: banked main register file of one sub-core (LTRF paper Sec. 2.1, Fig. 1; Malekeh Sec. 2).
// NumBanks single-ported banks, the per-bank arbiter (bank_arb) and the response crossbar
// (rsp_xbar) to the collector units.
// Contract (identical to cmodel/rf.h):
//   bank = (reg + warp) mod NumBanks (BankMap 0) or reg mod NumBanks (BankMap 1),
//   row  = base[warp] + reg / NumBanks, base set by launch_*.
//   One access per bank per cycle; writes win over reads; among writes to one bank the lowest
//   port wins and the others stay asserted until granted. Reads are granted round-robin per
//   bank starting after the last granted port. rd_gnt_o/wr_gnt_o are combinational; read data
//   is sampled at the grant edge and appears on rsp_*_o BankLatency cycles later.
// Build-time fault variants for harness self-tests: FAULT_RF_WRITE_LOSES (a read beats a
// write), FAULT_RF_RR_STUCK (round-robin pointer never advances), FAULT_RF_ROW_NO_BASE (row
// ignores the warp base).
module rf #(
    parameter Lanes       = 32,
    parameter NumBanks    = 4,
    parameter NumPorts    = 12,
    parameter NumWPorts   = 1,
    parameter NumWarps    = 16,
    parameter ArchRegs    = 256,
    parameter RowsPerBank = 128,
    parameter BankLatency = 1,
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

  reg [RowBits-1:0] base_q [0:NumWarps-1];
  reg [PortBits-1:0] rr_q [0:NumBanks-1];

  // ---- address decode --------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  function [BankBits-1:0] bank_of(input [WarpBits-1:0] w, input [RegBits-1:0] r);
    reg [RegBits:0] k;
    begin
      k = (BankMap == 1) ? {1'b0, r} : ({1'b0, r} + {{(RegBits + 1 - WarpBits){1'b0}}, w});
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
      row_of = b + q[RowBits-1:0];
`endif
    end
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // ---- arbitration (bank_arb: writes by port order, then round-robin reads per bank) ------
  reg [NumBanks-1:0]            bank_wr;
  wire [NumBanks-1:0]           bank_rd;
  wire [NumBanks*PortBits-1:0]  bank_port, rr_next;
  wire [NumPorts-1:0]           rd_gnt;
  wire [NumWPorts-1:0]          arb_wr_gnt;
  wire [NumBanks-1:0]           arb_wr_busy;
  reg  [NumWPorts*BankBits-1:0] wr_bank;
  reg  [NumPorts*BankBits-1:0]  rd_bank;
  reg  [NumBanks*PortBits-1:0]  rr_flat;
  reg  [PortBits-1:0]           bank_rd_port [0:NumBanks-1];
  integer b, p;

  always @* begin
    for (p = 0; p < NumWPorts; p = p + 1)
      wr_bank[p*BankBits +: BankBits] = bank_of(wr_warp_i[p*WarpBits +: WarpBits], wr_reg_i[p*RegBits +: RegBits]);
    for (p = 0; p < NumPorts; p = p + 1)
      rd_bank[p*BankBits +: BankBits] = bank_of(rd_warp_i[p*WarpBits +: WarpBits], rd_reg_i[p*RegBits +: RegBits]);
    for (b = 0; b < NumBanks; b = b + 1) begin
      rr_flat[b*PortBits +: PortBits] = rr_q[b];
      bank_rd_port[b] = bank_port[b*PortBits +: PortBits];
    end
  end

  bank_arb #(.NumBanks(NumBanks), .NumPorts(NumPorts), .NumFixed(NumWPorts)) u_arb (
    .busy_pre_i ({NumBanks{1'b0}}),
    .busy_post_i({NumBanks{1'b0}}),
`ifdef FAULT_RF_WRITE_LOSES
    .fix_req_i  ({NumWPorts{1'b0}}),
`else
    .fix_req_i  (wr_valid_i),
`endif
    .fix_bank_i (wr_bank),
    .rd_req_i   (rd_valid_i),
    .rd_bank_i  (rd_bank),
    .rr_i       (rr_flat),
    .fix_gnt_o  (arb_wr_gnt),
    .fix_busy_o (arb_wr_busy),
    .rd_gnt_o   (rd_gnt),
    .rd_bank_o  (bank_rd),
    .rd_port_o  (bank_port),
    .rr_next_o  (rr_next)
  );

`ifdef FAULT_RF_WRITE_LOSES
  // the faulty variant arbitrates reads first: a write to a bank being read is not granted
  always @* begin
    bank_wr  = {NumBanks{1'b0}};
    wr_gnt_o = {NumWPorts{1'b0}};
    for (p = 0; p < NumWPorts; p = p + 1)
      for (b = 0; b < NumBanks; b = b + 1)
        if (wr_valid_i[p] && wr_bank[p*BankBits +: BankBits] == b[BankBits-1:0] && !bank_wr[b] &&
            !bank_rd[b]) begin
          bank_wr[b]  = 1'b1;
          wr_gnt_o[p] = 1'b1;
        end
    rd_gnt_o = rd_gnt;
  end
`else
  always @* begin
    bank_wr  = arb_wr_busy;
    wr_gnt_o = arb_wr_gnt;
    rd_gnt_o = rd_gnt;
  end
`endif

  // ---- per-bank write/read address ---------------------------------------------------------
  // Each bank selects its own row and write data, so synthesis builds one mux per bank.
  reg [RowBits-1:0]  bank_row  [0:NumBanks-1];
  reg [DataBits-1:0] bank_wdata[0:NumBanks-1];
  integer wb, ap;
  reg [WarpBits-1:0] a_rwarp, a_wwarp;
  reg [RegBits-1:0]  a_rreg, a_wreg;
  always @* begin
    for (wb = 0; wb < NumBanks; wb = wb + 1) begin
      a_rwarp = {WarpBits{1'b0}};
      a_rreg  = {RegBits{1'b0}};
      for (ap = 0; ap < NumPorts; ap = ap + 1)
        if (bank_rd_port[wb] == ap[PortBits-1:0]) begin
          a_rwarp = rd_warp_i[ap*WarpBits +: WarpBits];
          a_rreg  = rd_reg_i[ap*RegBits +: RegBits];
        end
      bank_row[wb]   = bank_rd[wb] ? row_of(base_q[a_rwarp], a_rreg) : {RowBits{1'b0}};
      bank_wdata[wb] = {DataBits{1'b0}};
      for (ap = NumWPorts - 1; ap >= 0; ap = ap - 1) begin
        a_wwarp = wr_warp_i[ap*WarpBits +: WarpBits];
        a_wreg  = wr_reg_i[ap*RegBits +: RegBits];
        if (wr_gnt_o[ap] && bank_of(a_wwarp, a_wreg) == wb[BankBits-1:0]) begin
          bank_row[wb]   = row_of(base_q[a_wwarp], a_wreg);
          bank_wdata[wb] = wr_data_i[ap*DataBits +: DataBits];
        end
      end
    end
  end

  // ---- banks and read pipelines --------------------------------------------------------------
  wire [NumBanks-1:0]          last_valid;
  wire [NumBanks*PortBits-1:0] last_port;
  wire [NumBanks*DataBits-1:0] last_data;

  genvar g, s;
  generate
    for (g = 0; g < NumBanks; g = g + 1) begin : g_bank
      (* gpurf_sram *) reg [DataBits-1:0] mem [0:RowsPerBank-1];
      reg                   pv_q [0:BankLatency-1];
      reg [PortBits-1:0]    pp_q [0:BankLatency-1];
      reg [DataBits-1:0]    pd_q [0:BankLatency-1];
      integer i;
`ifndef SYNTHESIS
      initial for (i = 0; i < RowsPerBank; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif

      always @(posedge clk_i) begin
        if (bank_wr[g]) mem[bank_row[g]] <= bank_wdata[g];
        if (bank_rd[g]) pd_q[0] <= mem[bank_row[g]];
        pp_q[0] <= bank_rd_port[g];
      end
      for (s = 1; s < BankLatency; s = s + 1) begin : g_stage
        always @(posedge clk_i) begin
          pd_q[s] <= pd_q[s-1];
          pp_q[s] <= pp_q[s-1];
          pv_q[s] <= rst_ni & pv_q[s-1];
        end
      end
      always @(posedge clk_i) pv_q[0] <= rst_ni & bank_rd[g];
      assign last_valid[g] = pv_q[BankLatency-1];
      assign last_port[g*PortBits +: PortBits] = pp_q[BankLatency-1];
      assign last_data[g*DataBits +: DataBits] = pd_q[BankLatency-1];
    end
  endgenerate

  // ---- crossbar: bank outputs to requesting ports ---------------------------------------------
  wire [NumPorts-1:0]          rsp_valid;
  wire [NumPorts*DataBits-1:0] rsp_data;
  rsp_xbar #(.NumBanks(NumBanks), .NumPorts(NumPorts), .DataBits(DataBits)) u_xbar (
    .valid_i    (last_valid),
    .port_i     (last_port),
    .data_i     (last_data),
    .rsp_valid_o(rsp_valid),
    .rsp_data_o (rsp_data)
  );
  always @* begin
    rsp_valid_o = rsp_valid;
    rsp_data_o  = rsp_data;
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
      always @(posedge clk_i)
        if (!rst_ni) rr_q[gs] <= {PortBits{1'b0}};
`ifdef FAULT_RF_RR_STUCK
        else if (bank_rd[gs]) rr_q[gs] <= rr_q[gs];
`else
        else if (bank_rd[gs]) rr_q[gs] <= rr_next[gs*PortBits +: PortBits];
`endif
    end
  endgenerate

  // ---- invariants (simulation only): one access per bank per cycle, grants only to
  // requests, every granted read answered by exactly its bank ----------------------------------
`ifdef GPURF_CHECKS
  integer ck_p, ck_n;
  always @* begin
    ck_n = 0;
    for (ck_p = 0; ck_p < NumPorts; ck_p = ck_p + 1) ck_n = ck_n + {31'd0, rd_gnt_o[ck_p]};
    for (ck_p = 0; ck_p < NumBanks; ck_p = ck_p + 1) ck_n = ck_n - {31'd0, bank_rd[ck_p]};
  end
  always @(posedge clk_i) if (rst_ni) begin
    if (|(bank_rd & bank_wr)) begin
      $display("GPURF CHECK FAILED rf: banks %b both read and written", bank_rd & bank_wr); $stop;
    end
    if (|(rd_gnt_o & ~rd_valid_i) || |(wr_gnt_o & ~wr_valid_i)) begin
      $display("GPURF CHECK FAILED rf: a grant without a request"); $stop;
    end
    if (ck_n != 0) begin
      $display("GPURF CHECK FAILED rf: %0d more read grants than banks read", ck_n); $stop;
    end
  end
`endif
endmodule
