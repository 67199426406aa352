// rfc: LTRF register-file cache (LTRF paper Sec. 4.1, Fig. 5; Sec. 4.2 "Interconnect").
// Contract identical to cmodel/rfc.h: Banks single-ported banks of Rows registers addressed
// explicitly by (bank, row); per bank and cycle one access: arriving fill > result writes
// (lowest port) > the bank's eviction read > collector reads (round-robin). Every bank has its
// own crossbar port of XbarBits bits per cycle and XbarLatency cycles (beats =
// ceil(Lanes*32/XbarBits) cycles of occupancy) for fills and one for evictions, so fills and
// write-backs of different banks proceed in parallel. Each port is a serialized link
// (xbar_link: a hold register, XbarLatency stages of one beat, an assembly register), so a
// register arrives whole Beats - 1 + XbarLatency cycles after it left.
// Build-time fault variants for harness self-tests: FAULT_RFC_FILL_NO_PRIORITY (a result write
// takes the bank from an arriving fill, which is dropped), FAULT_RFC_XBAR_OVERLAP (a new fill is
// granted while its port still serializes the previous one), FAULT_RFC_RR_FIXED (the
// collector-read round-robin pointers never advance).
// Proof-only fault variants (make formal): FORMAL_FAULT_RFC_MASK_IGNORED (a result write stores
// every lane), FORMAL_FAULT_RFC_FILL_ROW_NOW (an arriving fill writes the row a new fill
// request names), FORMAL_FAULT_RFC_EV_NO_BUSY (an eviction is granted while its port still
// serializes the previous one), FORMAL_FAULT_RFC_RSP_PORT_STALE (an answer goes to the port the
// bank answered before), FORMAL_FAULT_RFC_LINK_BEAT_ORDER (the receiver stores beat k in slot
// k + 1), FORMAL_FAULT_RFC_FILL_TAG_LOST (a completed fill reports tag 0),
// FORMAL_FAULT_RFC_READ_EV_ROW (a collector read reads the row the eviction port names).
// Properties (`ifdef FORMAL, make formal), with no request during reset and collector reads
// held until granted, against a reference memory by (bank, row) and reference links that delay
// by D = Beats - 1 + XbarLatency: per bank and cycle at most one access, an arriving fill
// counting as one; a fill is granted at most once per Beats cycles on its bank's port and
// arrives D cycles later with its row, tag and data; an eviction leaves D + 1 cycles after its
// grant with its tag and the row's data at the grant; a collector read answers the next cycle
// with the row's data at the grant; a collector read waits fewer than NumPorts cycles in which
// its bank has no arriving fill, write or eviction request (round-robin).
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
    input  wire [Banks-1:0]                  fill_valid_i,
    input  wire [Banks*RowBits-1:0]          fill_row_i,
    input  wire [Banks*TagBits-1:0]          fill_tag_i,
    input  wire [Banks*DataBits-1:0]         fill_data_i,
    input  wire [Banks-1:0]                  ev_valid_i,
    input  wire [Banks*RowBits-1:0]          ev_row_i,
    input  wire [Banks*TagBits-1:0]          ev_tag_i,
    output reg  [NumPorts-1:0]               rd_gnt_o,
    output reg  [NumWPorts-1:0]              wr_gnt_o,
    output wire [Banks-1:0]                  fill_gnt_o,
    output wire [Banks-1:0]                  ev_gnt_o,
    output reg  [NumPorts-1:0]               rsp_valid_o,
    output reg  [NumPorts*DataBits-1:0]      rsp_data_o,
    output wire [Banks-1:0]                  fill_done_valid_o,
    output wire [Banks*TagBits-1:0]          fill_done_tag_o,
    output wire [Banks-1:0]                  ev_out_valid_o,
    output wire [Banks*TagBits-1:0]          ev_out_tag_o,
    output wire [Banks*DataBits-1:0]         ev_out_data_o
);
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam RowBits  = (Rows > 1) ? $clog2(Rows) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam DataBits = Lanes * 32;
  localparam integer Beats     = (DataBits + XbarBits - 1) / XbarBits;
  localparam BusyBits = (Beats > 1) ? $clog2(Beats) : 1;
  localparam integer BusyInitI = Beats - 1;
  localparam [BusyBits-1:0] BusyInit = BusyInitI[BusyBits-1:0];
  localparam integer BanksI = Banks;
  localparam integer RowsI  = Rows;
  localparam [BankBits:0] BanksW = BanksI[BankBits:0];
  localparam [RowBits:0]  RowsW  = RowsI[RowBits:0];

  reg [NumPorts-1:0] rrt_q [0:Banks-1];  // round-robin pointers, thermometers (bank_arb)
  reg [PortBits-1:0] rr_q [0:Banks-1];   // ... as numbers: waves and proofs
  wire [Banks-1:0]   fill_busy, ev_busy;   // the bank's fill / return port is occupied

  // ---- arbitration (bank_arb): arriving fill, result writes by port order, the bank's
  // eviction read, then collector reads round-robin per bank ---------------------------------
  localparam integer NumFixed = NumWPorts + Banks;
  wire [Banks-1:0]             arr_v;    // the bank's arriving fill
  reg  [NumFixed-1:0]          fix_req;
  reg  [NumFixed*BankBits-1:0] fix_bank;
  reg  [NumPorts-1:0]          rd_req;
  reg  [Banks*NumPorts-1:0]    rrt_flat;
  wire [NumFixed-1:0]          fix_gnt;
  wire [Banks-1:0]             bank_rd;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [Banks-1:0]             fix_busy;  // the banks the writes and the evictions took
  wire [NumFixed-1:0]          fix_bp;    // one bank port: always 0
  wire [Banks*NumPorts-1:0]    bank_sel;  // the read grants per bank, one-hot
  /* verilator lint_on UNUSEDSIGNAL */
  wire [Banks*PortBits-1:0]    bank_port;
  wire [Banks*NumPorts-1:0]    rrt_next;
  wire [NumPorts-1:0]          rd_gnt;
  reg  [PortBits-1:0]          bank_rd_port [0:Banks-1];
  integer b, k;
  always @* begin
    for (b = 0; b < Banks; b = b + 1) begin
      rrt_flat[b*NumPorts +: NumPorts] = rrt_q[b];
      rr_q[b] = {PortBits{1'b0}};
      for (k = NumPorts - 1; k >= 0; k = k - 1) if (rrt_q[b][k]) rr_q[b] = k[PortBits-1:0];
      fix_req[NumWPorts+b] = ev_valid_i[b] && !ev_busy[b] && {1'b0, ev_row_i[b*RowBits +: RowBits]} < RowsW;
      fix_bank[(NumWPorts+b)*BankBits +: BankBits] = b[BankBits-1:0];
    end
    for (k = 0; k < NumWPorts; k = k + 1) begin
      fix_req[k] = wr_valid_i[k] && {1'b0, wr_bank_i[k*BankBits +: BankBits]} < BanksW &&
                   {1'b0, wr_row_i[k*RowBits +: RowBits]} < RowsW;
      fix_bank[k*BankBits +: BankBits] = wr_bank_i[k*BankBits +: BankBits];
    end
    for (k = 0; k < NumPorts; k = k + 1)
      rd_req[k] = rd_valid_i[k] && {1'b0, rd_bank_i[k*BankBits +: BankBits]} < BanksW &&
                  {1'b0, rd_row_i[k*RowBits +: RowBits]} < RowsW;
  end

  bank_arb #(.NumBanks(Banks), .NumPorts(NumPorts), .NumFixed(NumFixed), .BankPorts(1)) u_arb (
`ifdef FAULT_RFC_FILL_NO_PRIORITY
    .busy_pre_i ({Banks{1'b0}}),
    .busy_post_i(arr_v),
`else
    .busy_pre_i (arr_v),
    .busy_post_i({Banks{1'b0}}),
`endif
    .fix_req_i  (fix_req),
    .fix_bank_i (fix_bank),
    .rd_req_i   (rd_req),
    .rd_bank_i  (rd_bank_i),
    .rrt_i      (rrt_flat),
    .fix_gnt_o  (fix_gnt),
    .fix_bp_o   (fix_bp),
    .rd_gnt_o   (rd_gnt),
    .bp_fix_o   (fix_busy),
    .bp_rd_o    (bank_rd),
    .bp_port_o  (bank_port),
    .bp_sel_o   (bank_sel),
    .rrt_next_o (rrt_next)
  );

  assign ev_gnt_o = fix_gnt[NumWPorts +: Banks];
  always @* begin
    wr_gnt_o = fix_gnt[NumWPorts-1:0];
    rd_gnt_o = rd_gnt;
    for (b = 0; b < Banks; b = b + 1) bank_rd_port[b] = bank_port[b*PortBits +: PortBits];
  end

  // ---- banks with their crossbar ports: one write or one read per cycle; reads land in the
  // bank's output register; a fill arrives Beats - 1 + XbarLatency cycles after its grant, an
  // eviction leaves the bank's output register the cycle after its grant --------------------
  wire [Banks*DataBits-1:0] bank_q;
  genvar g;
  generate
    for (g = 0; g < Banks; g = g + 1) begin : g_bank
      (* gpurf_sram *) reg [DataBits-1:0] mem [0:Rows-1];
      reg [DataBits-1:0] rd_q;
      reg [RowBits-1:0]  w_row;
      reg [DataBits-1:0] w_data;
      reg [Lanes-1:0]    w_mask;
      reg                w_en;
      wire               arr;
      wire [RowBits-1:0] arr_row;
      wire [TagBits-1:0] arr_tag;
      wire [DataBits-1:0] arr_data;
      reg [BusyBits-1:0] fill_busy_q, ev_busy_q;
      reg                ev_v_q;
      reg [TagBits-1:0]  ev_tag_q;
      integer i, wk, l;
      wire ev_g = ev_gnt_o[g];
`ifdef FAULT_RFC_XBAR_OVERLAP
      wire fill_g = fill_valid_i[g] && {1'b0, fill_row_i[g*RowBits +: RowBits]} < RowsW;
`else
      wire fill_g = fill_valid_i[g] && !fill_busy[g] && {1'b0, fill_row_i[g*RowBits +: RowBits]} < RowsW;
`endif
      assign fill_gnt_o[g] = fill_g;
      assign fill_busy[g]  = fill_busy_q != {BusyBits{1'b0}};
`ifdef FORMAL_FAULT_RFC_EV_NO_BUSY
      assign ev_busy[g]    = 1'b0;
`else
      assign ev_busy[g]    = ev_busy_q != {BusyBits{1'b0}};
`endif
      assign arr_v[g]      = arr;
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
`ifdef FORMAL_FAULT_RFC_MASK_IGNORED
            w_mask = {Lanes{1'b1}};
`else
            w_mask = wr_mask_i[wk*Lanes +: Lanes];
`endif
          end
        if (arr) begin
          w_en   = 1'b1;
`ifdef FORMAL_FAULT_RFC_FILL_ROW_NOW
          w_row  = fill_row_i[g*RowBits +: RowBits];
`else
          w_row  = arr_row;
`endif
          w_data = arr_data;
          w_mask = {Lanes{1'b1}};
        end
      end
`ifdef FORMAL_FAULT_RFC_READ_EV_ROW
      wire [RowBits-1:0] r_row = ev_row_i[g*RowBits +: RowBits];
`else
      wire [RowBits-1:0] r_row = ev_g ? ev_row_i[g*RowBits +: RowBits]
                                 : rd_row_i[bank_rd_port[g]*RowBits +: RowBits];
`endif
      wire r_en = bank_rd[g] | ev_g;
      always @(posedge clk_i) begin
        // an unreset fill stage must not write at reset; a result write stores its lanes only
        if (w_en && rst_ni)
          for (l = 0; l < Lanes; l = l + 1)
            if (w_mask[l]) mem[w_row][l*32 +: 32] <= w_data[l*32 +: 32];
        if (r_en) rd_q <= mem[r_row];
      end
      xbar_link #(.DataBits(DataBits), .XbarBits(XbarBits), .Latency(XbarLatency),
                  .MetaBits(RowBits + TagBits)) u_fill (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(fill_g),
        .data_i(fill_data_i[g*DataBits +: DataBits]),
        .meta_i({fill_row_i[g*RowBits +: RowBits], fill_tag_i[g*TagBits +: TagBits]}),
        .out_valid_o(arr), .out_data_o(arr_data), .out_meta_o({arr_row, arr_tag}));
      xbar_link #(.DataBits(DataBits), .XbarBits(XbarBits), .Latency(XbarLatency),
                  .MetaBits(TagBits)) u_ev (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(ev_v_q), .data_i(rd_q), .meta_i(ev_tag_q),
        .out_valid_o(ev_out_valid_o[g]), .out_data_o(ev_out_data_o[g*DataBits +: DataBits]),
        .out_meta_o(ev_out_tag_o[g*TagBits +: TagBits]));
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          fill_busy_q <= {BusyBits{1'b0}};
          ev_busy_q   <= {BusyBits{1'b0}};
          ev_v_q      <= 1'b0;
          ev_tag_q    <= {TagBits{1'b0}};
        end else begin
          ev_v_q   <= ev_g;
          ev_tag_q <= ev_tag_i[g*TagBits +: TagBits];
          fill_busy_q <= fill_g ? BusyInit
                       : (fill_busy_q != {BusyBits{1'b0}} ? fill_busy_q - 1'b1 : fill_busy_q);
          ev_busy_q   <= ev_g ? BusyInit
                       : (ev_busy_q != {BusyBits{1'b0}} ? ev_busy_q - 1'b1 : ev_busy_q);
        end
      end
      assign bank_q[g*DataBits +: DataBits]        = rd_q;
      assign fill_done_valid_o[g]                  = arr;
`ifdef FORMAL_FAULT_RFC_FILL_TAG_LOST
      assign fill_done_tag_o[g*TagBits +: TagBits] = {TagBits{1'b0}};
`else
      assign fill_done_tag_o[g*TagBits +: TagBits] = arr_tag;
`endif
    end
  endgenerate

  // ---- collector responses (rsp_xbar: bank output registers to ports) -----------------------
  reg  [Banks-1:0]             last_rd_q;
  reg  [PortBits-1:0]          last_port_q [0:Banks-1];
  reg  [Banks*NumPorts-1:0]    last_sel;   // bank b's answer goes to port p: bit b*NumPorts + p
  wire [NumPorts-1:0]          rsp_valid;
  wire [NumPorts*DataBits-1:0] rsp_data;
  always @* for (b = 0; b < Banks; b = b + 1) for (k = 0; k < NumPorts; k = k + 1)
    last_sel[b*NumPorts + k] = last_rd_q[b] && last_port_q[b] == k[PortBits-1:0];
  rsp_xbar #(.NumBanks(Banks), .NumPorts(NumPorts), .DataBits(DataBits)) u_xbar (
    .sel_i      (last_sel),
    .data_i     (bank_q),
    .rsp_valid_o(rsp_valid),
    .rsp_data_o (rsp_data)
  );
  always @* begin
    rsp_valid_o = rsp_valid;
    rsp_data_o  = rsp_data;
  end

  // ---- read-port state ---------------------------------------------------------------------
  integer bi;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (bi = 0; bi < Banks; bi = bi + 1) begin
        rrt_q[bi] <= {NumPorts{1'b1}};
        last_port_q[bi] <= {PortBits{1'b0}};
      end
      last_rd_q <= {Banks{1'b0}};
    end else begin
      last_rd_q <= bank_rd;
      for (bi = 0; bi < Banks; bi = bi + 1) begin
`ifdef FORMAL_FAULT_RFC_RSP_PORT_STALE
        if (!bank_rd[bi])
`endif
        last_port_q[bi] <= bank_rd_port[bi];
`ifndef FAULT_RFC_RR_FIXED
        if (bank_rd[bi])
`else
        if (1'b0)
`endif
          rrt_q[bi] <= rrt_next[bi*NumPorts +: NumPorts];
      end
    end
  end

  // ---- invariants (simulation only): an arriving fill owns its bank, one access per bank, a
  // fill only on a free port, grants only to requests, every round-robin pointer a thermometer
`ifdef GPURF_CHECKS
  integer ck_b;
  always @(posedge clk_i) if (rst_ni) begin
    if (|(arr_v & (fix_busy | bank_rd))) begin
      $display("GPURF CHECK FAILED rfc: a bank taken from an arriving fill"); $stop;
    end
    if (|(fix_busy & bank_rd)) begin
      $display("GPURF CHECK FAILED rfc: a bank both written and read"); $stop;
    end
    if (|(fill_gnt_o & fill_busy)) begin
      $display("GPURF CHECK FAILED rfc: a fill granted while its crossbar port is busy"); $stop;
    end
    if (|(rd_gnt_o & ~rd_valid_i) || |(wr_gnt_o & ~wr_valid_i) || |(fill_gnt_o & ~fill_valid_i) ||
        |(ev_gnt_o & ~ev_valid_i)) begin
      $display("GPURF CHECK FAILED rfc: a grant without a request"); $stop;
    end
    for (ck_b = 0; ck_b < Banks; ck_b = ck_b + 1)
      if (rrt_q[ck_b] != {NumPorts{1'b1}} << rr_q[ck_b]) begin
        $display("GPURF CHECK FAILED rfc: bank %0d's pointer %b is no thermometer", ck_b, rrt_q[ck_b]); $stop;
      end
  end
`endif
`ifdef FORMAL
`include "rfc_props.vh"
`endif
endmodule
