// rfc: LTRF register-file cache (LTRF paper Sec. 4.1, Fig. 5; Sec. 4.2 "Interconnect").
// Contract identical to cmodel/rfc.h: Banks single-ported banks of Rows registers addressed
// explicitly by (bank, row); per bank and cycle one access: arriving fill > result writes
// (lowest port) > eviction read > collector reads (round-robin). Fills come over a crossbar of
// XbarBits bits per cycle and XbarLatency cycles (beats = ceil(Lanes*32/XbarBits) cycles of
// occupancy), granted round-robin over the rows; evictions return over the same kind of link.
// Build-time fault variants for harness self-tests: FAULT_RFC_FILL_NO_PRIORITY (a result write
// takes the bank from an arriving fill, which is dropped), FAULT_RFC_XBAR_OVERLAP (a new fill is
// granted while the crossbar still serializes the previous one), FAULT_RFC_RR_FIXED (the
// collector-read round-robin pointers never advance).
module rfc #(
    parameter Lanes       = 32,
    parameter Banks       = 16,
    parameter Rows        = 8,
    parameter NumPorts    = 12,
    parameter NumWPorts   = 1,
    parameter XbarBits    = 256,
    parameter XbarLatency = 4,
    parameter TagBits     = 12
) (
    input  wire                              clk_i,
    input  wire                              rst_ni,
    input  wire [NumPorts-1:0]               rd_valid_i,
    input  wire [NumPorts*BankBits-1:0]      rd_bank_i,
    input  wire [NumPorts*RowBits-1:0]       rd_row_i,
    input  wire [NumWPorts-1:0]              wr_valid_i,
    input  wire [NumWPorts*BankBits-1:0]     wr_bank_i,
    input  wire [NumWPorts*RowBits-1:0]      wr_row_i,
    input  wire [NumWPorts*DataBits-1:0]     wr_data_i,
    input  wire [NumWPorts*Lanes-1:0]        wr_mask_i,
    input  wire [Rows-1:0]                   fill_valid_i,
    input  wire [Rows*BankBits-1:0]          fill_bank_i,
    input  wire [Rows*TagBits-1:0]           fill_tag_i,
    input  wire [Rows*DataBits-1:0]          fill_data_i,
    input  wire                              ev_valid_i,
    input  wire [BankBits-1:0]               ev_bank_i,
    input  wire [RowBits-1:0]                ev_row_i,
    input  wire [TagBits-1:0]                ev_tag_i,
    output reg  [NumPorts-1:0]               rd_gnt_o,
    output reg  [NumWPorts-1:0]              wr_gnt_o,
    output reg  [Rows-1:0]                   fill_gnt_o,
    output reg                               ev_gnt_o,
    output reg  [NumPorts-1:0]               rsp_valid_o,
    output reg  [NumPorts*DataBits-1:0]      rsp_data_o,
    output wire                              fill_done_valid_o,
    output wire [RowBits-1:0]                fill_done_row_o,
    output wire [BankBits-1:0]               fill_done_bank_o,
    output wire [TagBits-1:0]                fill_done_tag_o,
    output wire                              ev_out_valid_o,
    output wire [TagBits-1:0]                ev_out_tag_o,
    output wire [DataBits-1:0]               ev_out_data_o
);
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam RowBits  = (Rows > 1) ? $clog2(Rows) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam DataBits = Lanes * 32;
  localparam integer Beats     = (DataBits + XbarBits - 1) / XbarBits;
  localparam integer FillDepth = Beats - 1 + XbarLatency;   // grant to write
  localparam integer EvDepth   = Beats + XbarLatency;       // grant to ev_out
  localparam BusyBits = (Beats > 1) ? $clog2(Beats) : 1;
  localparam integer BusyInitI = Beats - 1;
  localparam [BusyBits-1:0] BusyInit = BusyInitI[BusyBits-1:0];
  localparam integer BanksI = Banks;
  localparam integer RowsI  = Rows;
  localparam [BankBits:0] BanksW = BanksI[BankBits:0];
  localparam [RowBits:0]  RowsW  = RowsI[RowBits:0];
  localparam integer LastRowI  = Rows - 1;

  // ---- crossbar state: fill pipeline (stage FillDepth-1 arrives), return link, occupancy ----
  reg                fp_v_q   [0:FillDepth-1];
  reg [RowBits-1:0]  fp_row_q [0:FillDepth-1];
  reg [BankBits-1:0] fp_bank_q[0:FillDepth-1];
  reg [TagBits-1:0]  fp_tag_q [0:FillDepth-1];
  reg [DataBits-1:0] fp_data_q[0:FillDepth-1];
  reg                ep_v_q   [1:EvDepth-1];
  reg [TagBits-1:0]  ep_tag_q [1:EvDepth-1];
  reg [DataBits-1:0] ep_data_q[1:EvDepth-1];
  reg [BusyBits-1:0] fill_busy_q, ev_busy_q;
  reg [RowBits-1:0]  fill_rr_q;
  reg [PortBits-1:0] rr_q [0:Banks-1];

  wire               arr_v    = fp_v_q[FillDepth-1];
  wire [BankBits-1:0] arr_bank = fp_bank_q[FillDepth-1];
  wire [RowBits-1:0] arr_row  = fp_row_q[FillDepth-1];

  // ---- arbitration (bank_arb): arriving fill, result writes by port order, the eviction read,
  // then collector reads round-robin per bank; the fill arbiter picks one row round-robin -------
  localparam integer NumFixed = NumWPorts + 1;
  reg  [Banks-1:0]             arr_onehot;
  reg  [NumFixed-1:0]          fix_req;
  reg  [NumFixed*BankBits-1:0] fix_bank;
  reg  [NumPorts-1:0]          rd_req;
  reg  [Banks*PortBits-1:0]    rr_flat;
  wire [NumFixed-1:0]          fix_gnt;
  wire [Banks-1:0]             bank_rd;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [Banks-1:0]             fix_busy;  // the banks the writes and the eviction took
  /* verilator lint_on UNUSEDSIGNAL */
  wire [Banks*PortBits-1:0]    bank_port, rr_next;
  wire [NumPorts-1:0]          rd_gnt;
  reg  [PortBits-1:0]          bank_rd_port [0:Banks-1];
  reg  [RowBits-1:0]           fill_sel;
  reg                          fill_any;
  integer b, k, r;
  always @* begin
    for (b = 0; b < Banks; b = b + 1) begin
      arr_onehot[b] = arr_v && arr_bank == b[BankBits-1:0];
      rr_flat[b*PortBits +: PortBits] = rr_q[b];
    end
    for (k = 0; k < NumWPorts; k = k + 1) begin
      fix_req[k] = wr_valid_i[k] && {1'b0, wr_bank_i[k*BankBits +: BankBits]} < BanksW &&
                   {1'b0, wr_row_i[k*RowBits +: RowBits]} < RowsW;
      fix_bank[k*BankBits +: BankBits] = wr_bank_i[k*BankBits +: BankBits];
    end
    fix_req[NumWPorts] = ev_valid_i && ev_busy_q == {BusyBits{1'b0}} && {1'b0, ev_bank_i} < BanksW &&
                         {1'b0, ev_row_i} < RowsW;
    fix_bank[NumWPorts*BankBits +: BankBits] = ev_bank_i;
    for (k = 0; k < NumPorts; k = k + 1)
      rd_req[k] = rd_valid_i[k] && {1'b0, rd_bank_i[k*BankBits +: BankBits]} < BanksW &&
                  {1'b0, rd_row_i[k*RowBits +: RowBits]} < RowsW;
  end

  bank_arb #(.NumBanks(Banks), .NumPorts(NumPorts), .NumFixed(NumFixed)) u_arb (
`ifdef FAULT_RFC_FILL_NO_PRIORITY
    .busy_pre_i ({Banks{1'b0}}),
    .busy_post_i(arr_onehot),
`else
    .busy_pre_i (arr_onehot),
    .busy_post_i({Banks{1'b0}}),
`endif
    .fix_req_i  (fix_req),
    .fix_bank_i (fix_bank),
    .rd_req_i   (rd_req),
    .rd_bank_i  (rd_bank_i),
    .rr_i       (rr_flat),
    .fix_gnt_o  (fix_gnt),
    .fix_busy_o (fix_busy),
    .rd_gnt_o   (rd_gnt),
    .rd_bank_o  (bank_rd),
    .rd_port_o  (bank_port),
    .rr_next_o  (rr_next)
  );

  always @* begin
    wr_gnt_o   = fix_gnt[NumWPorts-1:0];
    ev_gnt_o   = fix_gnt[NumWPorts];
    rd_gnt_o   = rd_gnt;
    fill_gnt_o = {Rows{1'b0}};
    fill_sel   = {RowBits{1'b0}};
    fill_any   = 1'b0;
    r          = 0;
    for (b = 0; b < Banks; b = b + 1) bank_rd_port[b] = bank_port[b*PortBits +: PortBits];
`ifdef FAULT_RFC_XBAR_OVERLAP
    if (1'b1)
`else
    if (fill_busy_q == {BusyBits{1'b0}})
`endif
      for (k = 0; k < Rows; k = k + 1) begin
        r = {{(32-RowBits){1'b0}}, fill_rr_q} + k;
        if (r > LastRowI) r = r - Rows;
        if (!fill_any && fill_valid_i[r] && {1'b0, fill_bank_i[r*BankBits +: BankBits]} < BanksW) begin
          fill_any = 1'b1;
          fill_sel = r[RowBits-1:0];
          fill_gnt_o[r] = 1'b1;
        end
      end
  end

  // ---- banks: one write or one read per cycle; reads land in the bank's output register ----
  wire [Banks*DataBits-1:0] bank_q;
  reg  [Banks-1:0]          last_rd_q;
  reg  [PortBits-1:0]       last_port_q [0:Banks-1];
  reg                       ev_v_q;
  reg  [BankBits-1:0]       ev_bank_q;
  reg  [TagBits-1:0]        ev_tag_q;

  genvar g;
  generate
    for (g = 0; g < Banks; g = g + 1) begin : g_bank
      (* gpurf_sram *) reg [DataBits-1:0] mem [0:Rows-1];
      reg [DataBits-1:0] rd_q;
      reg [RowBits-1:0]  w_row;
      reg [DataBits-1:0] w_data;
      reg [Lanes-1:0]    w_mask;
      reg                w_en;
      integer i, wk, l;
`ifndef SYNTHESIS
      initial for (i = 0; i < Rows; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif
      always @* begin
        w_en   = 1'b0;
        w_row  = {RowBits{1'b0}};
        w_data = {DataBits{1'b0}};
        w_mask = {Lanes{1'b0}};
        for (wk = NumWPorts - 1; wk >= 0; wk = wk - 1)
          if (wr_gnt_o[wk] && wr_bank_i[wk*BankBits +: BankBits] == g[BankBits-1:0]) begin
            w_en   = 1'b1;
            w_row  = wr_row_i[wk*RowBits +: RowBits];
            w_data = wr_data_i[wk*DataBits +: DataBits];
            w_mask = wr_mask_i[wk*Lanes +: Lanes];
          end
        if (arr_v && arr_bank == g[BankBits-1:0]) begin
          w_en   = 1'b1;
          w_row  = arr_row;
          w_data = fp_data_q[FillDepth-1];
          w_mask = {Lanes{1'b1}};
        end
      end
      wire [RowBits-1:0] r_row = (ev_gnt_o && ev_bank_i == g[BankBits-1:0]) ? ev_row_i
                                 : rd_row_i[bank_rd_port[g]*RowBits +: RowBits];
      wire r_en = bank_rd[g] | (ev_gnt_o && ev_bank_i == g[BankBits-1:0]);
      always @(posedge clk_i) begin
        // an unreset fill stage must not write at reset; a result write stores its lanes only
        if (w_en && rst_ni)
          for (l = 0; l < Lanes; l = l + 1)
            if (w_mask[l]) mem[w_row][l*32 +: 32] <= w_data[l*32 +: 32];
        if (r_en) rd_q <= mem[r_row];
      end
      assign bank_q[g*DataBits +: DataBits] = rd_q;
    end
  endgenerate

  // ---- collector responses (rsp_xbar: bank output registers to ports) -----------------------
  reg  [Banks*PortBits-1:0]    last_port_flat;
  wire [NumPorts-1:0]          rsp_valid;
  wire [NumPorts*DataBits-1:0] rsp_data;
  always @* for (b = 0; b < Banks; b = b + 1) last_port_flat[b*PortBits +: PortBits] = last_port_q[b];
  rsp_xbar #(.NumBanks(Banks), .NumPorts(NumPorts), .DataBits(DataBits)) u_xbar (
    .valid_i    (last_rd_q),
    .port_i     (last_port_flat),
    .data_i     (bank_q),
    .rsp_valid_o(rsp_valid),
    .rsp_data_o (rsp_data)
  );
  always @* begin
    rsp_valid_o = rsp_valid;
    rsp_data_o  = rsp_data;
  end

  // ---- outputs of the two links --------------------------------------------------------------
  assign fill_done_valid_o = arr_v;
  assign fill_done_row_o   = arr_row;
  assign fill_done_bank_o  = arr_bank;
  assign fill_done_tag_o   = fp_tag_q[FillDepth-1];
  assign ev_out_valid_o    = ep_v_q[EvDepth-1];
  assign ev_out_tag_o      = ep_tag_q[EvDepth-1];
  assign ev_out_data_o     = ep_data_q[EvDepth-1];
  wire [DataBits-1:0] ev_data0 = ev_v_q ? bank_q[ev_bank_q*DataBits +: DataBits] : {DataBits{1'b0}};

  // ---- state ---------------------------------------------------------------------------------
  integer s, bi;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (s = 0; s < FillDepth; s = s + 1) begin
        fp_v_q[s] <= 1'b0; fp_row_q[s] <= {RowBits{1'b0}}; fp_bank_q[s] <= {BankBits{1'b0}};
        fp_tag_q[s] <= {TagBits{1'b0}}; fp_data_q[s] <= {DataBits{1'b0}};
      end
      for (s = 1; s < EvDepth; s = s + 1) begin
        ep_v_q[s] <= 1'b0; ep_tag_q[s] <= {TagBits{1'b0}}; ep_data_q[s] <= {DataBits{1'b0}};
      end
      for (bi = 0; bi < Banks; bi = bi + 1) begin
        rr_q[bi] <= {PortBits{1'b0}};
        last_port_q[bi] <= {PortBits{1'b0}};
      end
      last_rd_q     <= {Banks{1'b0}};
      fill_busy_q <= {BusyBits{1'b0}};
      ev_busy_q   <= {BusyBits{1'b0}};
      fill_rr_q   <= {RowBits{1'b0}};
      ev_v_q      <= 1'b0;
      ev_bank_q   <= {BankBits{1'b0}};
      ev_tag_q    <= {TagBits{1'b0}};
    end else begin
      for (s = FillDepth - 1; s > 0; s = s - 1) begin
        fp_v_q[s] <= fp_v_q[s-1]; fp_row_q[s] <= fp_row_q[s-1]; fp_bank_q[s] <= fp_bank_q[s-1];
        fp_tag_q[s] <= fp_tag_q[s-1]; fp_data_q[s] <= fp_data_q[s-1];
      end
      fp_v_q[0]    <= fill_any;
      fp_row_q[0]  <= fill_any ? fill_sel : {RowBits{1'b0}};
      fp_bank_q[0] <= fill_any ? fill_bank_i[fill_sel*BankBits +: BankBits] : {BankBits{1'b0}};
      fp_tag_q[0]  <= fill_any ? fill_tag_i[fill_sel*TagBits +: TagBits] : {TagBits{1'b0}};
      fp_data_q[0] <= fill_any ? fill_data_i[fill_sel*DataBits +: DataBits] : {DataBits{1'b0}};
      for (s = EvDepth - 1; s > 1; s = s - 1) begin
        ep_v_q[s] <= ep_v_q[s-1]; ep_tag_q[s] <= ep_tag_q[s-1]; ep_data_q[s] <= ep_data_q[s-1];
      end
      ep_v_q[1]    <= ev_v_q;
      ep_tag_q[1]  <= ev_v_q ? ev_tag_q : {TagBits{1'b0}};
      ep_data_q[1] <= ev_data0;
      ev_v_q     <= ev_gnt_o;
      ev_bank_q  <= ev_bank_i;
      ev_tag_q   <= ev_tag_i;
      fill_busy_q <= fill_any ? BusyInit
                   : (fill_busy_q != {BusyBits{1'b0}} ? fill_busy_q - 1'b1 : fill_busy_q);
      ev_busy_q   <= ev_gnt_o ? BusyInit
                   : (ev_busy_q != {BusyBits{1'b0}} ? ev_busy_q - 1'b1 : ev_busy_q);
      if (fill_any) fill_rr_q <= (fill_sel == LastRowI[RowBits-1:0]) ? {RowBits{1'b0}} : fill_sel + 1'b1;
      last_rd_q <= bank_rd;
      for (bi = 0; bi < Banks; bi = bi + 1) begin
        last_port_q[bi] <= bank_rd_port[bi];
`ifndef FAULT_RFC_RR_FIXED
        if (bank_rd[bi])
`else
        if (1'b0)
`endif
          rr_q[bi] <= rr_next[bi*PortBits +: PortBits];
      end
    end
  end

  // ---- invariants (simulation only): an arriving fill owns its bank, one access per bank,
  // one fill on the crossbar at a time, grants only to requests ------------------------------
`ifdef GPURF_CHECKS
  integer ck_k, ck_n;
  always @* begin
    ck_n = 0;
    for (ck_k = 0; ck_k < Rows; ck_k = ck_k + 1) ck_n = ck_n + {31'd0, fill_gnt_o[ck_k]};
  end
  always @(posedge clk_i) if (rst_ni) begin
    if (|(arr_onehot & (fix_busy | bank_rd))) begin
      $display("GPURF CHECK FAILED rfc: a bank taken from an arriving fill"); $stop;
    end
    if (|(fix_busy & bank_rd)) begin
      $display("GPURF CHECK FAILED rfc: a bank both written and read"); $stop;
    end
    if (ck_n > 1 || (ck_n == 1 && fill_busy_q != {BusyBits{1'b0}})) begin
      $display("GPURF CHECK FAILED rfc: a fill granted while the crossbar is busy"); $stop;
    end
    if (|(rd_gnt_o & ~rd_valid_i) || |(wr_gnt_o & ~wr_valid_i) || |(fill_gnt_o & ~fill_valid_i) ||
        (ev_gnt_o && !ev_valid_i)) begin
      $display("GPURF CHECK FAILED rfc: a grant without a request"); $stop;
    end
  end
`endif
endmodule
