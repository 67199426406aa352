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
  localparam integer LastPortI = NumPorts - 1;
  localparam integer LastRowI  = Rows - 1;

  // ---- crossbar state: fill pipeline (stage FillDepth-1 arrives), return link, occupancy ----
  reg                fp_v   [0:FillDepth-1];
  reg [RowBits-1:0]  fp_row [0:FillDepth-1];
  reg [BankBits-1:0] fp_bank[0:FillDepth-1];
  reg [TagBits-1:0]  fp_tag [0:FillDepth-1];
  reg [DataBits-1:0] fp_data[0:FillDepth-1];
  reg                ep_v   [1:EvDepth-1];
  reg [TagBits-1:0]  ep_tag [1:EvDepth-1];
  reg [DataBits-1:0] ep_data[1:EvDepth-1];
  reg [BusyBits-1:0] fill_busy_q, ev_busy_q;
  reg [RowBits-1:0]  fill_rr_q;
  reg [PortBits-1:0] rr_q [0:Banks-1];

  wire               arr_v    = fp_v[FillDepth-1];
  wire [BankBits-1:0] arr_bank = fp_bank[FillDepth-1];
  wire [RowBits-1:0] arr_row  = fp_row[FillDepth-1];

  // ---- arbitration ---------------------------------------------------------------------------
  reg [Banks-1:0]    busy;
  reg [Banks-1:0]    bank_rd;
  reg [PortBits-1:0] bank_rd_port [0:Banks-1];
  reg [RowBits-1:0]  fill_sel;
  reg                fill_any;
  integer b, k, pi, r;
  always @* begin
    busy       = {Banks{1'b0}};
    bank_rd    = {Banks{1'b0}};
    wr_gnt_o   = {NumWPorts{1'b0}};
    rd_gnt_o   = {NumPorts{1'b0}};
    fill_gnt_o = {Rows{1'b0}};
    ev_gnt_o   = 1'b0;
    fill_sel   = {RowBits{1'b0}};
    fill_any   = 1'b0;
    pi         = 0;
    r          = 0;
    for (b = 0; b < Banks; b = b + 1) bank_rd_port[b] = {PortBits{1'b0}};
`ifndef FAULT_RFC_FILL_NO_PRIORITY
    if (arr_v) busy[arr_bank] = 1'b1;
`endif
    for (k = 0; k < NumWPorts; k = k + 1)
      if (wr_valid_i[k] && {1'b0, wr_bank_i[k*BankBits +: BankBits]} < BanksW &&
          {1'b0, wr_row_i[k*RowBits +: RowBits]} < RowsW && !busy[wr_bank_i[k*BankBits +: BankBits]]) begin
        busy[wr_bank_i[k*BankBits +: BankBits]] = 1'b1;
        wr_gnt_o[k] = 1'b1;
      end
`ifdef FAULT_RFC_FILL_NO_PRIORITY
    if (arr_v) busy[arr_bank] = 1'b1;
`endif
    if (ev_valid_i && ev_busy_q == {BusyBits{1'b0}} && {1'b0, ev_bank_i} < BanksW &&
        {1'b0, ev_row_i} < RowsW && !busy[ev_bank_i]) begin
      busy[ev_bank_i] = 1'b1;
      ev_gnt_o = 1'b1;
    end
    for (b = 0; b < Banks; b = b + 1)
      for (k = 0; k < NumPorts; k = k + 1) begin
        pi = {{(32-PortBits){1'b0}}, rr_q[b]} + k;
        if (pi > LastPortI) pi = pi - NumPorts;
        if (!busy[b] && rd_valid_i[pi] && {1'b0, rd_bank_i[pi*BankBits +: BankBits]} == b[BankBits:0] &&
            {1'b0, rd_row_i[pi*RowBits +: RowBits]} < RowsW) begin
          busy[b] = 1'b1;
          bank_rd[b] = 1'b1;
          bank_rd_port[b] = pi[PortBits-1:0];
          rd_gnt_o[pi] = 1'b1;
        end
      end
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
  reg  [Banks-1:0]          last_rd;
  reg  [PortBits-1:0]       last_port [0:Banks-1];
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
      reg                w_en;
      integer i, wk;
`ifndef SYNTHESIS
      initial for (i = 0; i < Rows; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif
      always @* begin
        w_en   = 1'b0;
        w_row  = {RowBits{1'b0}};
        w_data = {DataBits{1'b0}};
        for (wk = NumWPorts - 1; wk >= 0; wk = wk - 1)
          if (wr_gnt_o[wk] && wr_bank_i[wk*BankBits +: BankBits] == g[BankBits-1:0]) begin
            w_en   = 1'b1;
            w_row  = wr_row_i[wk*RowBits +: RowBits];
            w_data = wr_data_i[wk*DataBits +: DataBits];
          end
        if (arr_v && arr_bank == g[BankBits-1:0]) begin
          w_en   = 1'b1;
          w_row  = arr_row;
          w_data = fp_data[FillDepth-1];
        end
      end
      wire [RowBits-1:0] r_row = (ev_gnt_o && ev_bank_i == g[BankBits-1:0]) ? ev_row_i
                                 : rd_row_i[bank_rd_port[g]*RowBits +: RowBits];
      wire r_en = bank_rd[g] | (ev_gnt_o && ev_bank_i == g[BankBits-1:0]);
      always @(posedge clk_i) begin
        if (w_en) mem[w_row] <= w_data;
        if (r_en) rd_q <= mem[r_row];
      end
      assign bank_q[g*DataBits +: DataBits] = rd_q;
    end
  endgenerate

  // ---- collector responses (bank output registers to ports) ----------------------------------
  integer xp, xb;
  always @* begin
    rsp_valid_o = {NumPorts{1'b0}};
    for (xp = 0; xp < NumPorts; xp = xp + 1) begin
      rsp_data_o[xp*DataBits +: DataBits] = {DataBits{1'b0}};
      for (xb = 0; xb < Banks; xb = xb + 1)
        if (last_rd[xb] && last_port[xb] == xp[PortBits-1:0]) begin
          rsp_valid_o[xp] = 1'b1;
          rsp_data_o[xp*DataBits +: DataBits] = bank_q[xb*DataBits +: DataBits];
        end
    end
  end

  // ---- outputs of the two links --------------------------------------------------------------
  assign fill_done_valid_o = arr_v;
  assign fill_done_row_o   = arr_row;
  assign fill_done_bank_o  = arr_bank;
  assign fill_done_tag_o   = fp_tag[FillDepth-1];
  assign ev_out_valid_o    = ep_v[EvDepth-1];
  assign ev_out_tag_o      = ep_tag[EvDepth-1];
  assign ev_out_data_o     = ep_data[EvDepth-1];
  wire [DataBits-1:0] ev_data0 = ev_v_q ? bank_q[ev_bank_q*DataBits +: DataBits] : {DataBits{1'b0}};

  // ---- state ---------------------------------------------------------------------------------
  integer s, bi;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (s = 0; s < FillDepth; s = s + 1) begin
        fp_v[s] <= 1'b0; fp_row[s] <= {RowBits{1'b0}}; fp_bank[s] <= {BankBits{1'b0}};
        fp_tag[s] <= {TagBits{1'b0}}; fp_data[s] <= {DataBits{1'b0}};
      end
      for (s = 1; s < EvDepth; s = s + 1) begin
        ep_v[s] <= 1'b0; ep_tag[s] <= {TagBits{1'b0}}; ep_data[s] <= {DataBits{1'b0}};
      end
      for (bi = 0; bi < Banks; bi = bi + 1) begin
        rr_q[bi] <= {PortBits{1'b0}};
        last_port[bi] <= {PortBits{1'b0}};
      end
      last_rd     <= {Banks{1'b0}};
      fill_busy_q <= {BusyBits{1'b0}};
      ev_busy_q   <= {BusyBits{1'b0}};
      fill_rr_q   <= {RowBits{1'b0}};
      ev_v_q      <= 1'b0;
      ev_bank_q   <= {BankBits{1'b0}};
      ev_tag_q    <= {TagBits{1'b0}};
    end else begin
      for (s = FillDepth - 1; s > 0; s = s - 1) begin
        fp_v[s] <= fp_v[s-1]; fp_row[s] <= fp_row[s-1]; fp_bank[s] <= fp_bank[s-1];
        fp_tag[s] <= fp_tag[s-1]; fp_data[s] <= fp_data[s-1];
      end
      fp_v[0]    <= fill_any;
      fp_row[0]  <= fill_any ? fill_sel : {RowBits{1'b0}};
      fp_bank[0] <= fill_any ? fill_bank_i[fill_sel*BankBits +: BankBits] : {BankBits{1'b0}};
      fp_tag[0]  <= fill_any ? fill_tag_i[fill_sel*TagBits +: TagBits] : {TagBits{1'b0}};
      fp_data[0] <= fill_any ? fill_data_i[fill_sel*DataBits +: DataBits] : {DataBits{1'b0}};
      for (s = EvDepth - 1; s > 1; s = s - 1) begin
        ep_v[s] <= ep_v[s-1]; ep_tag[s] <= ep_tag[s-1]; ep_data[s] <= ep_data[s-1];
      end
      ep_v[1]    <= ev_v_q;
      ep_tag[1]  <= ev_v_q ? ev_tag_q : {TagBits{1'b0}};
      ep_data[1] <= ev_data0;
      ev_v_q     <= ev_gnt_o;
      ev_bank_q  <= ev_bank_i;
      ev_tag_q   <= ev_tag_i;
      fill_busy_q <= fill_any ? BusyInit
                   : (fill_busy_q != {BusyBits{1'b0}} ? fill_busy_q - 1'b1 : fill_busy_q);
      ev_busy_q   <= ev_gnt_o ? BusyInit
                   : (ev_busy_q != {BusyBits{1'b0}} ? ev_busy_q - 1'b1 : ev_busy_q);
      if (fill_any) fill_rr_q <= (fill_sel == LastRowI[RowBits-1:0]) ? {RowBits{1'b0}} : fill_sel + 1'b1;
      last_rd <= bank_rd;
      for (bi = 0; bi < Banks; bi = bi + 1) begin
        last_port[bi] <= bank_rd_port[bi];
`ifndef FAULT_RFC_RR_FIXED
        if (bank_rd[bi])
`else
        if (1'b0)
`endif
          rr_q[bi] <= (bank_rd_port[bi] == LastPortI[PortBits-1:0]) ? {PortBits{1'b0}} : bank_rd_port[bi] + 1'b1;
      end
    end
  end
endmodule
