// wcb: warp control block (LTRF paper Sec. 4.1, Fig. 7; Sec. 4.3). Contract identical to
// cmodel/wcb.h: per warp a register cache address table with ReadPorts read ports of its own
// (bank number per architectural register in an SRAM array, valid bits in flip-flops for the
// one-cycle clear on deactivation), the warp-offset address, the working-set and the liveness
// bit-vectors, with DirtyBits 1 a dirty bit-vector (set by a write, cleared by a map, a
// deactivation or init; not in the paper: rfc_writeback dirty and live+dirty); MapPorts
// allocation ports in groups of RowPorts (rfc_alloc_ports per active warp's row) and FillPorts
// fill ports (one per cache bank). A warp's table takes the map ports of one group a cycle (the
// highest group naming the warp; a warp sits in one row), so its SRAM array has RowPorts write
// ports.
// Entry index = warp * ArchRegs + reg, the bits {warp, reg} (ArchRegs is a power of two).
// Build-time fault variants for harness self-tests: FAULT_WCB_DEACT_KEEPS_VALID (deactivation
// leaves register 0 valid), FAULT_WCB_LIVE_CLEAR_WINS (a dead-operand bit beats a write to the
// same register), FAULT_WCB_READ_NEW (a lookup sees an allocation of the same cycle).
// Proof-only fault variants (make formal): FORMAL_FAULT_WCB_MAP_PORT_ORDER (the lowest map port
// of a group wins an entry), FORMAL_FAULT_WCB_GROUP_LOW (a warp's table takes the lowest group
// naming it), FORMAL_FAULT_WCB_FILL_WINS_MAP (a fill beats a re-map of its register),
// FORMAL_FAULT_WCB_INIT_KEEPS_LIVE (init leaves the liveness bits), FORMAL_FAULT_WCB_HIT_NEW (a
// lookup's hit sees a fill of the same cycle), FORMAL_FAULT_WCB_DEACT_NEXT_WARP (deactivation
// clears the next warp), FORMAL_FAULT_WCB_DEAD_PORT0_ONLY (dead operands of ports > 0 are
// ignored), FORMAL_FAULT_WCB_FILL_ANY_WARP (a fill validates its register in every warp),
// FORMAL_FAULT_WCB_MAP_KEEPS_DIRTY (an allocation leaves the register dirty).
// Properties (`ifdef FORMAL, make formal), with fills naming only registers mapped since the
// warp's init: a register is valid exactly when filled since its last map and the warp's last
// deactivation, so a valid bank number names the bank its allocation wrote; a lookup answers
// with the table before this cycle's allocations; liveness is set by a write and cleared by a
// dead operand, the write winning within a cycle; a register is dirty exactly when written
// since its last map, the warp's last deactivation and its init (DirtyBits 1).
module wcb #(
    parameter NumWarps    = 16,
    parameter ArchRegs    = 256,
    parameter CacheBanks  = 16,
    parameter ActiveWarps = 8,
    parameter ReadPorts   = 2,
    parameter MapPorts    = 8,
    parameter RowPorts    = 1,
    parameter FillPorts   = 16,
    parameter WritePorts  = 1,
    parameter DeadPorts   = 6,
    parameter DirtyBits   = 0
) (
    input  wire                              clk_i,
    input  wire                              rst_ni,
    input  wire [RdPorts-1:0]                rd_valid_i,
    input  wire [RdPorts*RegBits-1:0]        rd_reg_i,
    input  wire [MapPorts-1:0]               map_valid_i,
    input  wire [MapPorts*WarpBits-1:0]      map_warp_i,
    input  wire [MapPorts*RegBits-1:0]       map_reg_i,
    input  wire [MapPorts*BankBits-1:0]      map_bank_i,
    input  wire [FillPorts-1:0]              fill_valid_i,
    input  wire [FillPorts*WarpBits-1:0]     fill_warp_i,
    input  wire [FillPorts*RegBits-1:0]      fill_reg_i,
    input  wire                              ws_valid_i,
    input  wire [WarpBits-1:0]               ws_warp_i,
    input  wire [ArchRegs-1:0]               ws_vec_i,
    input  wire                              act_valid_i,
    input  wire [WarpBits-1:0]               act_warp_i,
    input  wire [OffBits-1:0]                act_off_i,
    input  wire                              deact_valid_i,
    input  wire [WarpBits-1:0]               deact_warp_i,
    input  wire                              init_valid_i,
    input  wire [WarpBits-1:0]               init_warp_i,
    input  wire [WritePorts-1:0]             wr_valid_i,
    input  wire [WritePorts*WarpBits-1:0]    wr_warp_i,
    input  wire [WritePorts*RegBits-1:0]     wr_reg_i,
    input  wire [DeadPorts-1:0]              dead_valid_i,
    input  wire [WarpBits-1:0]               dead_warp_i,
    input  wire [DeadPorts*RegBits-1:0]      dead_reg_i,
    input  wire [WarpBits-1:0]               q_warp_i,
    output wire [RdPorts-1:0]                rdo_valid_o,
    output wire [RdPorts*BankBits-1:0]       rdo_bank_o,
    output wire [RdPorts-1:0]                rdo_hit_o,
    output wire [RdPorts*OffBits-1:0]        rdo_off_o,
    output wire [ArchRegs-1:0]               q_valid_o,
    output wire [ArchRegs-1:0]               q_ws_o,
    output wire [ArchRegs-1:0]               q_live_o,
    output wire [ArchRegs-1:0]               q_dirty_o,
    output wire [OffBits-1:0]                q_off_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam RegBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam BankBits = (CacheBanks > 1) ? $clog2(CacheBanks) : 1;
  localparam OffBits  = (ActiveWarps > 1) ? $clog2(ActiveWarps) : 1;
  localparam RdPorts  = NumWarps * ReadPorts;
  localparam Entries  = NumWarps * ArchRegs;
  localparam Groups   = (MapPorts + RowPorts - 1) / RowPorts;
  // the map port of place x in group g, in write order (a later write wins)
  function integer map_port;
    input integer g, x;
`ifdef FORMAL_FAULT_WCB_MAP_PORT_ORDER
    map_port = g * RowPorts + RowPorts - 1 - x;
`else
    map_port = g * RowPorts + x;
`endif
  endfunction

  reg [Entries-1:0] valid_q, ws_q, live_q;
  wire [Entries-1:0] dirty_w;
  reg [OffBits-1:0] off_q [0:NumWarps-1];

  // ---- register one-hot decodes of this cycle's updates -------------------------------------
  localparam [ArchRegs-1:0] One = {{(ArchRegs-1){1'b0}}, 1'b1};
  reg  [ArchRegs-1:0] dead_rdec;
  integer k;
  always @* begin
    dead_rdec = {ArchRegs{1'b0}};
    for (k = 0; k < DeadPorts; k = k + 1)
`ifdef FORMAL_FAULT_WCB_DEAD_PORT0_ONLY
      if (dead_valid_i[k] && k == 0) dead_rdec = dead_rdec | (One << dead_reg_i[k*RegBits +: RegBits]);
`else
      if (dead_valid_i[k]) dead_rdec = dead_rdec | (One << dead_reg_i[k*RegBits +: RegBits]);
`endif
  end

  reg [RdPorts-1:0]          rdo_valid_q, rdo_hit_q;
  reg [RdPorts*BankBits-1:0] rdo_bank_q;
  reg [RdPorts*OffBits-1:0]  rdo_off_q;

  // ---- per warp: address table with its read ports, valid, working-set and liveness bits ---
  genvar gw;
  generate
    for (gw = 0; gw < NumWarps; gw = gw + 1) begin : g_warp
      localparam integer Base = gw * ArchRegs;
      localparam [WarpBits-1:0] W = gw[WarpBits-1:0];
      (* gpurf_sram *) reg [BankBits-1:0] bank_mem [0:ArchRegs-1];
`ifndef SYNTHESIS
      integer i;
      initial for (i = 0; i < ArchRegs; i = i + 1) bank_mem[i] = {BankBits{1'b0}};
`endif
      // the group whose map ports write this warp's table this cycle (one-hot: the highest
      // naming the warp), its ports AND-OR muxed onto the table's RowPorts write ports (place
      // x of the group: port map_port(g, x))
      reg  [ArchRegs-1:0] fill_w, map_w, wr_w;
      reg  [MapPorts-1:0] hit_p;
      reg  [Groups-1:0]   hit_g, one_g;
      reg                 seen;
      reg  [RowPorts-1:0] sel_en;
      reg  [RowPorts*RegBits-1:0]  sel_reg;
      reg  [RowPorts*BankBits-1:0] sel_bank;
      integer kw, kg, kx, p;
      always @* begin
        hit_g = {Groups{1'b0}};
        for (kw = 0; kw < MapPorts; kw = kw + 1) begin
          hit_p[kw] = map_valid_i[kw] && map_warp_i[kw*WarpBits +: WarpBits] == W;
          hit_g[kw / RowPorts] = hit_g[kw / RowPorts] | hit_p[kw];
        end
        one_g = {Groups{1'b0}};
        seen  = 1'b0;
`ifdef FORMAL_FAULT_WCB_GROUP_LOW
        for (kg = 0; kg < Groups; kg = kg + 1) begin
`else
        for (kg = Groups - 1; kg >= 0; kg = kg - 1) begin
`endif
          one_g[kg] = hit_g[kg] & ~seen;
          seen = seen | hit_g[kg];
        end
        sel_en   = {RowPorts{1'b0}};
        sel_reg  = {(RowPorts*RegBits){1'b0}};
        sel_bank = {(RowPorts*BankBits){1'b0}};
        for (kg = 0; kg < Groups; kg = kg + 1)
          for (kx = 0; kx < RowPorts; kx = kx + 1) begin
            p = map_port(kg, kx);
            if (p < MapPorts) begin
              sel_en[kx] = sel_en[kx] | (one_g[kg] & hit_p[p]);
              sel_reg[kx*RegBits +: RegBits] = sel_reg[kx*RegBits +: RegBits] |
                ({RegBits{one_g[kg]}} & map_reg_i[p*RegBits +: RegBits]);
              sel_bank[kx*BankBits +: BankBits] = sel_bank[kx*BankBits +: BankBits] |
                ({BankBits{one_g[kg]}} & map_bank_i[p*BankBits +: BankBits]);
            end
          end
      end
      always @* begin
        fill_w = {ArchRegs{1'b0}};
        map_w  = {ArchRegs{1'b0}};
        wr_w   = {ArchRegs{1'b0}};
        for (kw = 0; kw < FillPorts; kw = kw + 1)
`ifdef FORMAL_FAULT_WCB_FILL_ANY_WARP
          if (fill_valid_i[kw])
`else
          if (fill_valid_i[kw] && fill_warp_i[kw*WarpBits +: WarpBits] == W)
`endif
            fill_w = fill_w | (One << fill_reg_i[kw*RegBits +: RegBits]);
        for (kw = 0; kw < RowPorts; kw = kw + 1)
          map_w = map_w | ({ArchRegs{sel_en[kw]}} & (One << sel_reg[kw*RegBits +: RegBits]));
        for (kw = 0; kw < WritePorts; kw = kw + 1)
          if (wr_valid_i[kw] && wr_warp_i[kw*WarpBits +: WarpBits] == W)
            wr_w = wr_w | (One << wr_reg_i[kw*RegBits +: RegBits]);
      end
      wire [ArchRegs-1:0] dead_w = (dead_warp_i == W) ? dead_rdec : {ArchRegs{1'b0}};
      wire [ArchRegs-1:0] valid_w = valid_q[Base +: ArchRegs];
      wire init_w  = init_valid_i && init_warp_i == W;
`ifdef FORMAL_FAULT_WCB_DEACT_NEXT_WARP
      wire deact_h = deact_valid_i && deact_warp_i + 1'b1 == W;
`else
      wire deact_h = deact_valid_i && deact_warp_i == W;
`endif
`ifdef FAULT_WCB_DEACT_KEEPS_VALID
      wire [ArchRegs-1:0] deact_w = {{(ArchRegs-1){deact_h}}, 1'b0};
`else
      wire [ArchRegs-1:0] deact_w = {ArchRegs{deact_h}};
`endif
      always @(posedge clk_i) begin
        if (!rst_ni || init_w) begin
          valid_q[Base +: ArchRegs] <= {ArchRegs{1'b0}};
          ws_q[Base +: ArchRegs]    <= {ArchRegs{1'b0}};
`ifdef FORMAL_FAULT_WCB_INIT_KEEPS_LIVE
          if (!rst_ni)
`endif
          live_q[Base +: ArchRegs]  <= {ArchRegs{1'b0}};
          off_q[gw]                 <= {OffBits{1'b0}};
        end else begin
`ifdef FORMAL_FAULT_WCB_FILL_WINS_MAP
          valid_q[Base +: ArchRegs] <= ((valid_q[Base +: ArchRegs] & ~map_w) | fill_w) & ~deact_w;
`else
          valid_q[Base +: ArchRegs] <= (valid_q[Base +: ArchRegs] | fill_w) & ~map_w & ~deact_w;
`endif
          if (ws_valid_i && ws_warp_i == W) ws_q[Base +: ArchRegs] <= ws_vec_i;
`ifdef FAULT_WCB_LIVE_CLEAR_WINS
          live_q[Base +: ArchRegs]  <= (live_q[Base +: ArchRegs] | wr_w) & ~dead_w;
`else
          live_q[Base +: ArchRegs]  <= (live_q[Base +: ArchRegs] & ~dead_w) | wr_w;
`endif
          if (act_valid_i && act_warp_i == W) off_q[gw] <= act_off_i;
        end
      end
      if (DirtyBits != 0) begin : g_dirty
        reg [ArchRegs-1:0] dirty_q;
        always @(posedge clk_i)
          if (!rst_ni || init_w) dirty_q <= {ArchRegs{1'b0}};
`ifdef FORMAL_FAULT_WCB_MAP_KEEPS_DIRTY
          else dirty_q <= (dirty_q | wr_w) & ~deact_w;
`else
          else dirty_q <= (dirty_q | wr_w) & ~map_w & ~{ArchRegs{deact_h}};
`endif
        assign dirty_w[Base +: ArchRegs] = dirty_q;
      end else begin : g_clean
        assign dirty_w[Base +: ArchRegs] = {ArchRegs{1'b0}};
      end
      // the selected group's allocations write the table through RowPorts write ports (the
      // group's highest port wins an entry); lookups are registered
      integer kp, rp;
`ifdef FAULT_WCB_READ_NEW
      integer km;
`endif
      always @(posedge clk_i)
        for (kp = 0; kp < RowPorts; kp = kp + 1)
          if (sel_en[kp]) bank_mem[sel_reg[kp*RegBits +: RegBits]] <= sel_bank[kp*BankBits +: BankBits];
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          rdo_valid_q[gw*ReadPorts +: ReadPorts]                 <= {ReadPorts{1'b0}};
          rdo_bank_q[gw*ReadPorts*BankBits +: ReadPorts*BankBits] <= {(ReadPorts*BankBits){1'b0}};
          rdo_hit_q[gw*ReadPorts +: ReadPorts]                   <= {ReadPorts{1'b0}};
          rdo_off_q[gw*ReadPorts*OffBits +: ReadPorts*OffBits]   <= {(ReadPorts*OffBits){1'b0}};
        end else
        for (rp = gw * ReadPorts; rp < (gw + 1) * ReadPorts; rp = rp + 1) begin
          rdo_bank_q[rp*BankBits +: BankBits] <= bank_mem[rd_reg_i[rp*RegBits +: RegBits]];
`ifdef FAULT_WCB_READ_NEW
          for (km = 0; km < MapPorts; km = km + 1)
            if (map_valid_i[km] && map_warp_i[km*WarpBits +: WarpBits] == W &&
                map_reg_i[km*RegBits +: RegBits] == rd_reg_i[rp*RegBits +: RegBits])
              rdo_bank_q[rp*BankBits +: BankBits] <= map_bank_i[km*BankBits +: BankBits];
`endif
`ifdef FORMAL_FAULT_WCB_HIT_NEW
          rdo_hit_q[rp] <= valid_w[rd_reg_i[rp*RegBits +: RegBits]] | fill_w[rd_reg_i[rp*RegBits +: RegBits]];
`else
          rdo_hit_q[rp] <= valid_w[rd_reg_i[rp*RegBits +: RegBits]];
`endif
          rdo_off_q[rp*OffBits +: OffBits] <= off_q[gw];
          rdo_valid_q[rp] <= rd_valid_i[rp];
        end
      end
`ifdef GPURF_CHECKS
      // after a deactivation no register of the warp is valid; after a re-map the register is
      // not valid (deactivation and re-map win over a fill)
      reg                ck_deact_q;
      reg [ArchRegs-1:0] ck_map_q;
      always @(posedge clk_i) begin
        if (rst_ni && ck_deact_q && |valid_q[Base +: ArchRegs]) begin
          $display("GPURF CHECK FAILED wcb: warp %0d keeps valid registers after deactivation", gw);
          $stop;
        end
        if (rst_ni && |(ck_map_q & valid_q[Base +: ArchRegs])) begin
          $display("GPURF CHECK FAILED wcb: a register of warp %0d valid right after its re-map", gw);
          $stop;
        end
        ck_deact_q <= rst_ni & deact_h;
        ck_map_q   <= rst_ni ? map_w : {ArchRegs{1'b0}};
      end
`endif
    end
  endgenerate

  assign rdo_valid_o = rdo_valid_q;
  assign rdo_bank_o  = rdo_bank_q;
  assign rdo_hit_o   = rdo_hit_q;
  assign rdo_off_o   = rdo_off_q;

  assign q_valid_o = valid_q[q_warp_i*ArchRegs +: ArchRegs];
  assign q_ws_o    = ws_q[q_warp_i*ArchRegs +: ArchRegs];
  assign q_live_o  = live_q[q_warp_i*ArchRegs +: ArchRegs];
  assign q_dirty_o = dirty_w[q_warp_i*ArchRegs +: ArchRegs];
  assign q_off_o   = off_q[q_warp_i];
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [BankBits-1:0] f_bank  [0:NumWarps-1][0:ArchRegs-1];
  reg                f_valid [0:NumWarps-1][0:ArchRegs-1];
  reg                f_live  [0:NumWarps-1][0:ArchRegs-1];
  reg                f_dirty [0:NumWarps-1][0:ArchRegs-1];
  reg                f_map   [0:NumWarps-1][0:ArchRegs-1];   // mapped since the warp's init
  reg [BankBits-1:0] f_rd_bank [0:RdPorts-1];
  reg                f_rd_hit  [0:RdPorts-1];
  integer fw, fr, fp, fk, fg;
  reg f_m, f_f, f_wr, f_d;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* for (fk = 0; fk < FillPorts; fk = fk + 1)
    if (fill_valid_i[fk]) assume(f_map[fill_warp_i[fk*WarpBits +: WarpBits]][fill_reg_i[fk*RegBits +: RegBits]]);
  always @(posedge clk_i) begin
    for (fp = 0; fp < RdPorts; fp = fp + 1) begin
      f_rd_bank[fp] <= f_bank[fp / ReadPorts][rd_reg_i[fp*RegBits +: RegBits]];
      f_rd_hit[fp]  <= f_valid[fp / ReadPorts][rd_reg_i[fp*RegBits +: RegBits]];
    end
    for (fw = 0; fw < NumWarps; fw = fw + 1)
      for (fr = 0; fr < ArchRegs; fr = fr + 1) begin
        f_m = 1'b0; f_f = 1'b0; f_wr = 1'b0; f_d = 1'b0;
        fg = -1;
        for (fk = 0; fk < MapPorts; fk = fk + 1)
          if (map_valid_i[fk] && map_warp_i[fk*WarpBits +: WarpBits] == fw) fg = fk / RowPorts;
        for (fk = 0; fk < MapPorts; fk = fk + 1)
          if (map_valid_i[fk] && map_warp_i[fk*WarpBits +: WarpBits] == fw &&
              map_reg_i[fk*RegBits +: RegBits] == fr && fk / RowPorts == fg) begin
            f_m = 1'b1;
            f_bank[fw][fr] <= map_bank_i[fk*BankBits +: BankBits];
          end
        for (fk = 0; fk < FillPorts; fk = fk + 1)
          if (fill_valid_i[fk] && fill_warp_i[fk*WarpBits +: WarpBits] == fw &&
              fill_reg_i[fk*RegBits +: RegBits] == fr) f_f = 1'b1;
        for (fk = 0; fk < WritePorts; fk = fk + 1)
          if (wr_valid_i[fk] && wr_warp_i[fk*WarpBits +: WarpBits] == fw &&
              wr_reg_i[fk*RegBits +: RegBits] == fr) f_wr = 1'b1;
        for (fk = 0; fk < DeadPorts; fk = fk + 1)
          if (dead_valid_i[fk] && dead_warp_i == fw && dead_reg_i[fk*RegBits +: RegBits] == fr)
            f_d = 1'b1;
        if (!rst_ni || (init_valid_i && init_warp_i == fw)) begin
          f_valid[fw][fr] <= 1'b0;
          f_live[fw][fr]  <= 1'b0;
          f_dirty[fw][fr] <= 1'b0;
          f_map[fw][fr]   <= 1'b0;
        end else begin
          if (f_m || (deact_valid_i && deact_warp_i == fw)) f_valid[fw][fr] <= 1'b0;
          else if (f_f) f_valid[fw][fr] <= 1'b1;
          if (f_wr) f_live[fw][fr] <= 1'b1;
          else if (f_d) f_live[fw][fr] <= 1'b0;
          if (f_m) f_map[fw][fr] <= 1'b1;
          if (f_m || (deact_valid_i && deact_warp_i == fw)) f_dirty[fw][fr] <= 1'b0;
          else if (f_wr) f_dirty[fw][fr] <= DirtyBits != 0;
        end
      end
  end
  always @* if (f_init && rst_ni) begin
    for (fp = 0; fp < RdPorts; fp = fp + 1)
      if (rdo_valid_o[fp]) begin
        assert(rdo_hit_o[fp] == f_rd_hit[fp]);
        if (f_rd_hit[fp]) assert(rdo_bank_o[fp*BankBits +: BankBits] == f_rd_bank[fp]);
      end
    for (fw = 0; fw < NumWarps; fw = fw + 1)
      for (fr = 0; fr < ArchRegs; fr = fr + 1) begin
        assert(valid_q[fw*ArchRegs + fr] == f_valid[fw][fr]);
        assert(live_q[fw*ArchRegs + fr] == f_live[fw][fr]);
        assert(dirty_w[fw*ArchRegs + fr] == f_dirty[fw][fr]);
        if (f_valid[fw][fr]) assert(f_map[fw][fr]);
      end
  end
  generate
    for (gw = 0; gw < NumWarps; gw = gw + 1) begin : f_warp
      integer fe;
      always @* if (f_init && rst_ni)
        for (fe = 0; fe < ArchRegs; fe = fe + 1)
          if (f_map[gw][fe]) assert(g_warp[gw].bank_mem[fe] == f_bank[gw][fe]);
    end
  endgenerate
`endif
endmodule
