// rnt: the renaming table of cross-warp register renaming (Jeon and Annavaram Sec. 6.1, Eq. 1,
// Sec. 7.1), one per sub-core. Entry (warp, idx), idx the warp's renamable-register index below
// regs (the kernel's renamable count; exempt registers have none), sits at address
// warp * regs + idx, in bank address mod Banks; an address beyond Entries is never granted.
// regs is a launch setting: regs_i is registered, with every warp's base warp * regs_i, and
// the table uses the value of the previous edge (docs/rename.md: no multiply in the cycle).
// It holds a physical register id and a valid bit (Eq. 1 counts no valid bit). Per bank and
// cycle, one lookup and one write (conflicts serialize, Sec. 6.1):
//   lookups: the lowest-numbered port wins its bank, ports reading the winner's entry (the
//            same warp and index) share the read; a granted lookup answers at the next cycle (valid bit, physical id or 0
//            when unmapped), read before this cycle's writes;
//   writes:  map (valid, phys) or unmap; the lowest-numbered port wins its bank; wr_old_* is
//            the granted entry before the write (an unmap's freed physical register);
//   drain:   in a cycle without a write request, clears Banks consecutive indices of
//            drain_warp, reporting the valid entries it clears; drain_done once all are past;
//            the cursor restarts when drain_valid falls;
//   mapped:  the number of valid entries.
// Contract identical to cmodel/rnt.h.
// Build-time fault variants: FAULT_RNT_NO_SERIALIZE (every lookup is granted, conflicts or
// not), FAULT_RNT_UNMAP_KEEPS (an unmap leaves the entry valid), FAULT_RNT_DRAIN_SKIP (the
// drain never clears its last slot of each step).
// Proof-only fault variants (make formal): FORMAL_FAULT_RNT_LK_NEW (a lookup sees a map of the
// same cycle), FORMAL_FAULT_RNT_LK_SHARE_WARP (a lookup shares a read of the same warp's other
// entry), FORMAL_FAULT_RNT_WR_SAME_BANK (every write is granted, conflicts or not),
// FORMAL_FAULT_RNT_DRAIN_NO_CLEAR (a drain reports entries but leaves them valid),
// FORMAL_FAULT_RNT_RSP_NOT_CLEARED (an unmapped lookup answers the row's stale id),
// FORMAL_FAULT_RNT_MAPPED_NO_DN, FORMAL_FAULT_RNT_MAPPED_NO_UP (the count misses clears / maps).
// Properties (`ifdef FORMAL, make formal): with an allocator that maps only free physical
// registers and frees what unmaps and drains report, no two valid entries hold one physical
// register; the old and drained ids are what the maps wrote; granted lookups of one bank read
// one entry and answer the next cycle with its valid bit and id (0 when unmapped), read before
// that cycle's writes; at most one write per bank; mapped is the number of valid entries.
module rnt #(
    parameter NumWarps = 8,
    parameter ArchRegs = 64,
    parameter PhysRegs = 128,
    parameter Entries  = 512,
    parameter Banks    = 4,
    parameter LkPorts  = 6
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire [IdxBits:0]             regs_i,
    input  wire [LkPorts-1:0]           lk_valid_i,
    input  wire [LkPorts*WarpBits-1:0]  lk_warp_i,
    input  wire [LkPorts*IdxBits-1:0]   lk_idx_i,
    input  wire [Banks-1:0]             wr_valid_i,
    input  wire [Banks-1:0]             wr_unmap_i,
    input  wire [Banks*WarpBits-1:0]    wr_warp_i,
    input  wire [Banks*IdxBits-1:0]     wr_idx_i,
    input  wire [Banks*PhysBits-1:0]    wr_phys_i,
    input  wire                         drain_valid_i,
    input  wire [WarpBits-1:0]          drain_warp_i,
    output reg  [LkPorts-1:0]           lk_gnt_o,
    output wire [LkPorts-1:0]           lk_rsp_valid_o,
    output wire [LkPorts-1:0]           lk_rsp_mapped_o,
    output wire [LkPorts*PhysBits-1:0]  lk_rsp_phys_o,
    output reg  [Banks-1:0]             wr_gnt_o,
    output reg  [Banks-1:0]             wr_old_valid_o,
    output reg  [Banks*PhysBits-1:0]    wr_old_phys_o,
    output reg  [Banks-1:0]             drain_free_valid_o,
    output reg  [Banks*PhysBits-1:0]    drain_free_phys_o,
    output wire                         drain_done_o,
    output wire [EntBits:0]             mapped_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam IdxBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam PhysBits = (PhysRegs > 1) ? $clog2(PhysRegs) : 1;
  localparam EntBits  = (Entries > 1) ? $clog2(Entries) : 1;
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam CurBits  = IdxBits + 2; // the drain cursor runs to regs + Banks - 1
  localparam [CurBits-1:0] BanksW = Banks[CurBits-1:0];
  localparam AddrBits = WarpBits + IdxBits + 2; // warp * regs + idx, idx below regs + Banks

  localparam RowsPB   = Entries / Banks;
  localparam RowBits  = (RowsPB > 1) ? $clog2(RowsPB) : 1;

  reg [Entries-1:0]  valid_q;
  reg [LkPorts-1:0]  rsp_valid_q, rsp_mapped_q;
  reg [LkPorts*PhysBits-1:0] rsp_phys_q;
  reg [CurBits-1:0]  dcur_q;
  reg [EntBits:0]    mapped_q;              // valid entries two edges ago ...
  reg [Banks-1:0]    up_q;                  // ... and the last edge's maps,
  reg [2*Banks-1:0]  dn_q;                  // its entries overwritten or cleared
  reg [BankBits+1:0] n_up, n_dn;            // their counts
  reg [IdxBits:0]    regs_q;
  reg [AddrBits-1:0] base_q [0:NumWarps-1];
  reg [EntBits:0]    room_q [0:NumWarps-1];   // Entries - base, 0 when the base is beyond

  assign lk_rsp_valid_o  = rsp_valid_q;
  assign lk_rsp_mapped_o = rsp_mapped_q;
  assign lk_rsp_phys_o   = rsp_phys_q;
  integer c;
  always @* begin
    n_up = {(BankBits+2){1'b0}};
    n_dn = {(BankBits+2){1'b0}};
`ifndef FORMAL_FAULT_RNT_MAPPED_NO_UP
    for (c = 0; c < Banks; c = c + 1) n_up = n_up + {{(BankBits+1){1'b0}}, up_q[c]};
`endif
`ifndef FORMAL_FAULT_RNT_MAPPED_NO_DN
    for (c = 0; c < 2 * Banks; c = c + 1) n_dn = n_dn + {{(BankBits+1){1'b0}}, dn_q[c]};
`endif
  end
  assign mapped_o = mapped_q + {{(EntBits-BankBits-1){1'b0}}, n_up} - {{(EntBits-BankBits-1){1'b0}}, n_dn};
  assign drain_done_o    = drain_valid_i && dcur_q >= {1'b0, regs_q};

  // the entry address of (warp, idx) and whether it exists
  function [AddrBits-1:0] addr_of;
    input [WarpBits-1:0] warp;
    input [CurBits-1:0]  idx;
    begin
      addr_of = base_q[warp] + {{(AddrBits-CurBits){1'b0}}, idx};
    end
  endfunction
  // (warp, idx) lies in the table: idx below regs and warp's base + idx below Entries, tested
  // as idx below the warp's registered room (Entries - base), beside the address's adder
  function in_table;
    input [WarpBits-1:0] warp;
    input [CurBits-1:0]  idx;
    begin
      in_table = idx < {1'b0, regs_q} &&
                 {{(32-CurBits){1'b0}}, idx} < {{(31-EntBits){1'b0}}, room_q[warp]};
    end
  endfunction
  // bank and row of an address (Banks is a power of two); each takes only its bits
  localparam BankSh = (Banks > 1) ? $clog2(Banks) : 0;
  /* verilator lint_off UNUSEDSIGNAL */
  function [BankBits-1:0] bank_of;
    input [AddrBits-1:0] a;
    begin
      bank_of = (Banks > 1) ? a[BankBits-1:0] : {BankBits{1'b0}};
    end
  endfunction
  function [RowBits-1:0] row_of;
    input [AddrBits-1:0] a;
    begin
      row_of = a[BankSh +: RowBits];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  wire wr_any = |wr_valid_i;
  wire step   = drain_valid_i && !wr_any && dcur_q < {1'b0, regs_q};

  // per bank: the lookup row (its winner's), the row the write side reads and writes (a
  // granted write's or the drain slot's), the write enable and data
  reg [Banks*RowBits-1:0]  lk_row, wo_row;
  reg [Banks-1:0]          we;
  reg [Banks*PhysBits-1:0] wdata;
  wire [Banks*PhysBits-1:0] lk_data, wo_data;

  // Lookups and writes arbitrate in parallel form: each port's address, bank and table test
  // come first; a lookup is its bank's winner when no earlier valid lookup has that bank, and
  // is granted when no earlier winner of its bank reads another entry; a write is granted
  // when no earlier valid write has its bank. Rows reach the banks by AND-OR of the winners.
  integer i, j;
  reg [AddrBits-1:0] a;
  reg [BankBits-1:0] b;
  reg                g;
  reg [LkPorts-1:0]          lk_ok, lk_first;
  reg [LkPorts*AddrBits-1:0] lk_a;
  reg [LkPorts*BankBits-1:0] lk_bank;
  reg [LkPorts*EntBits-1:0]  lk_addr;
  reg [Banks-1:0]            wr_ok;
  reg [Banks*AddrBits-1:0]   wr_a;
  reg [Banks*BankBits-1:0]   wr_bank, dr_bank;
  reg [Banks-1:0]            dr_step;         // the drain's slots this cycle (in the table)
  reg [Banks*EntBits-1:0]    wr_addr, dr_addr;
  always @* begin
    lk_row  = {Banks*RowBits{1'b0}};
    wo_row  = {Banks*RowBits{1'b0}};
    we      = {Banks{1'b0}};
    wdata   = {Banks*PhysBits{1'b0}};
    for (i = 0; i < LkPorts; i = i + 1) begin
      a = addr_of(lk_warp_i[i*WarpBits +: WarpBits], {2'b00, lk_idx_i[i*IdxBits +: IdxBits]});
      lk_a[i*AddrBits +: AddrBits]    = a;
      lk_bank[i*BankBits +: BankBits] = bank_of(a);
      lk_addr[i*EntBits +: EntBits]   = a[EntBits-1:0];
      lk_ok[i] = lk_valid_i[i] && in_table(lk_warp_i[i*WarpBits +: WarpBits], {2'b00, lk_idx_i[i*IdxBits +: IdxBits]});
    end
    for (i = 0; i < LkPorts; i = i + 1) begin
      lk_first[i] = lk_ok[i];
      g = lk_ok[i];
      for (j = 0; j < i; j = j + 1)
        if (lk_bank[j*BankBits +: BankBits] == lk_bank[i*BankBits +: BankBits]) begin
          if (lk_ok[j]) lk_first[i] = 1'b0;
`ifdef FORMAL_FAULT_RNT_LK_SHARE_WARP
          if (lk_first[j] && lk_warp_i[j*WarpBits +: WarpBits] != lk_warp_i[i*WarpBits +: WarpBits]) g = 1'b0;
`else
          if (lk_first[j] && (lk_warp_i[j*WarpBits +: WarpBits] != lk_warp_i[i*WarpBits +: WarpBits] ||
                              lk_idx_i[j*IdxBits +: IdxBits] != lk_idx_i[i*IdxBits +: IdxBits])) g = 1'b0;
`endif
        end
`ifdef FAULT_RNT_NO_SERIALIZE
      g = lk_ok[i];
`endif
      lk_gnt_o[i] = g;
      for (j = 0; j < Banks; j = j + 1)
        if (lk_first[i] && lk_bank[i*BankBits +: BankBits] == j[BankBits-1:0])
          lk_row[j*RowBits +: RowBits] = lk_row[j*RowBits +: RowBits] | row_of(lk_a[i*AddrBits +: AddrBits]);
    end
    wr_gnt_o       = {Banks{1'b0}};
    wr_old_valid_o = {Banks{1'b0}};
    for (i = 0; i < Banks; i = i + 1) begin
      a = addr_of(wr_warp_i[i*WarpBits +: WarpBits], {2'b00, wr_idx_i[i*IdxBits +: IdxBits]});
      wr_a[i*AddrBits +: AddrBits]    = a;
      wr_bank[i*BankBits +: BankBits] = bank_of(a);
      wr_addr[i*EntBits +: EntBits]   = a[EntBits-1:0];
      wr_ok[i] = wr_valid_i[i] && in_table(wr_warp_i[i*WarpBits +: WarpBits], {2'b00, wr_idx_i[i*IdxBits +: IdxBits]});
    end
    for (i = 0; i < Banks; i = i + 1) begin
      g = wr_ok[i];
`ifndef FORMAL_FAULT_RNT_WR_SAME_BANK
      for (j = 0; j < i; j = j + 1)
        if (wr_ok[j] && wr_bank[j*BankBits +: BankBits] == wr_bank[i*BankBits +: BankBits]) g = 1'b0;
`endif
      wr_gnt_o[i] = g;
      wr_old_valid_o[i] = g && valid_q[wr_addr[i*EntBits +: EntBits]];
      for (j = 0; j < Banks; j = j + 1)
        if (g && wr_bank[i*BankBits +: BankBits] == j[BankBits-1:0]) begin
          wo_row[j*RowBits +: RowBits] = wo_row[j*RowBits +: RowBits] | row_of(wr_a[i*AddrBits +: AddrBits]);
          we[j] = !wr_unmap_i[i];
          wdata[j*PhysBits +: PhysBits] = wdata[j*PhysBits +: PhysBits] | wr_phys_i[i*PhysBits +: PhysBits];
        end
    end
    drain_free_valid_o = {Banks{1'b0}};
    dr_step            = {Banks{1'b0}};
    dr_addr            = {Banks*EntBits{1'b0}};
    dr_bank            = {Banks*BankBits{1'b0}};
    for (j = 0; j < Banks; j = j + 1) begin
      // the cursor steps by Banks from 0, so its low bits are 0: + j is | j
      a = addr_of(drain_warp_i, dcur_q | j[CurBits-1:0]);
      b = bank_of(a);
      g = step && in_table(drain_warp_i, dcur_q | j[CurBits-1:0]);
`ifdef FAULT_RNT_DRAIN_SKIP
      if (j == Banks - 1) g = 1'b0;
`endif
      if (g) wo_row[b*RowBits +: RowBits] = row_of(a);
      dr_step[j] = g;
      drain_free_valid_o[j] = g && valid_q[a[EntBits-1:0]];
      dr_addr[j*EntBits +: EntBits] = a[EntBits-1:0];
      dr_bank[j*BankBits +: BankBits] = b;
    end
  end

`ifdef FORMAL
  reg f_init = 1'b0;                  // past the first (reset) cycle
  reg [PhysBits-1:0] f_phys [0:Entries-1]; // a shadow of what the maps wrote
`endif

  // the table: one memory per bank, a lookup read and a write-side read and write per cycle
  genvar gb;
`ifdef FORMAL
  genvar gr;
`endif
  generate
    for (gb = 0; gb < Banks; gb = gb + 1) begin : g_bank
      (* gpurf_sram *) reg [PhysBits-1:0] mem [0:RowsPB-1];
      assign lk_data[gb*PhysBits +: PhysBits] = mem[lk_row[gb*RowBits +: RowBits]];
      assign wo_data[gb*PhysBits +: PhysBits] = mem[wo_row[gb*RowBits +: RowBits]];
      always @(posedge clk_i)
        if (rst_ni && we[gb]) mem[wo_row[gb*RowBits +: RowBits]] <= wdata[gb*PhysBits +: PhysBits];
`ifdef FORMAL
      // (invariant) a valid entry's memory row holds what its map wrote
      for (gr = 0; gr < RowsPB; gr = gr + 1) begin : f_row
        always @* if (f_init && rst_ni && valid_q[gr*Banks+gb]) assert(mem[gr] == f_phys[gr*Banks+gb]);
      end
`endif
    end
  endgenerate

  always @* begin
    wr_old_phys_o     = {Banks*PhysBits{1'b0}};
    drain_free_phys_o = {Banks*PhysBits{1'b0}};
    for (i = 0; i < Banks; i = i + 1) begin
      if (wr_old_valid_o[i])
        wr_old_phys_o[i*PhysBits +: PhysBits] = wo_data[wr_bank[i*BankBits +: BankBits]*PhysBits +: PhysBits];
      if (drain_free_valid_o[i])
        drain_free_phys_o[i*PhysBits +: PhysBits] = wo_data[dr_bank[i*BankBits +: BankBits]*PhysBits +: PhysBits];
    end
  end

  // every warp's base, warp * regs_i, and room, registered with regs_q (a constant multiple
  // per warp)
  localparam integer EntriesI = Entries;
  localparam [AddrBits-1:0] EntriesA = EntriesI[AddrBits-1:0];
  localparam [EntBits:0]    EntriesE = EntriesI[EntBits:0];
  genvar gw;
  generate
    for (gw = 0; gw < NumWarps; gw = gw + 1) begin : g_base
      localparam [AddrBits-1:0] W = gw;
      wire [AddrBits-1:0] base_d = W * {{(AddrBits-IdxBits-1){1'b0}}, regs_i};
      wire [EntBits:0]    room_d = base_d < EntriesA ? EntriesE - base_d[EntBits:0] : {(EntBits+1){1'b0}};
      always @(posedge clk_i)
        if (!rst_ni) begin
          base_q[gw] <= {AddrBits{1'b0}};
          room_q[gw] <= EntriesE;
        end else begin
          base_q[gw] <= base_d;
          room_q[gw] <= room_d;
        end
    end
  endgenerate

  integer k;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q      <= {Entries{1'b0}};
      rsp_valid_q  <= {LkPorts{1'b0}};
      rsp_mapped_q <= {LkPorts{1'b0}};
      rsp_phys_q   <= {LkPorts*PhysBits{1'b0}};
      dcur_q       <= {CurBits{1'b0}};
      mapped_q     <= {(EntBits+1){1'b0}};
      up_q         <= {Banks{1'b0}};
      dn_q         <= {(2*Banks){1'b0}};
      regs_q       <= {(IdxBits+1){1'b0}};
    end else begin
      for (k = 0; k < LkPorts; k = k + 1) begin
        rsp_valid_q[k]  <= lk_gnt_o[k];
        rsp_mapped_q[k] <= lk_gnt_o[k] && valid_q[lk_addr[k*EntBits +: EntBits]];
`ifdef FORMAL_FAULT_RNT_RSP_NOT_CLEARED
        rsp_phys_q[k*PhysBits +: PhysBits] <= lk_data[lk_bank[k*BankBits +: BankBits]*PhysBits +: PhysBits];
`else
        rsp_phys_q[k*PhysBits +: PhysBits] <= lk_gnt_o[k] && valid_q[lk_addr[k*EntBits +: EntBits]]
                                              ? lk_data[lk_bank[k*BankBits +: BankBits]*PhysBits +: PhysBits]
                                              : {PhysBits{1'b0}};
`endif
`ifdef FORMAL_FAULT_RNT_LK_NEW
        for (c = 0; c < Banks; c = c + 1)
          if (lk_gnt_o[k] && wr_gnt_o[c] && !wr_unmap_i[c] && wr_addr[c*EntBits +: EntBits] == lk_addr[k*EntBits +: EntBits])
            rsp_phys_q[k*PhysBits +: PhysBits] <= wr_phys_i[c*PhysBits +: PhysBits];
`endif
      end
      for (k = 0; k < Banks; k = k + 1) begin
        if (wr_gnt_o[k] && !wr_unmap_i[k]) valid_q[wr_addr[k*EntBits +: EntBits]] <= 1'b1;
`ifndef FAULT_RNT_UNMAP_KEEPS
        if (wr_gnt_o[k] && wr_unmap_i[k]) valid_q[wr_addr[k*EntBits +: EntBits]] <= 1'b0;
`endif
`ifndef FORMAL_FAULT_RNT_DRAIN_NO_CLEAR
        // a drained slot is cleared whether or not it was valid: the flag's write waits for no
        // read of the flags
        if (dr_step[k]) valid_q[dr_addr[k*EntBits +: EntBits]] <= 1'b0;
`endif
      end
      regs_q <= regs_i;
      if (step) dcur_q <= dcur_q + BanksW;
      if (!drain_valid_i) dcur_q <= {CurBits{1'b0}};
      mapped_q <= mapped_o;
      up_q     <= wr_gnt_o & ~wr_unmap_i;
      dn_q     <= {wr_old_valid_o, drain_free_valid_o};
    end
  end

`ifdef FORMAL
  // the environment: an allocator that maps only physical registers it holds free and frees
  // what unmaps and drains report (avail's contract)
  reg [PhysRegs-1:0] f_used_q;
  integer fa, fb;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* begin
    for (fa = 0; fa < Banks; fa = fa + 1)
      if (wr_valid_i[fa] && !wr_unmap_i[fa]) begin
        assume(!f_used_q[wr_phys_i[fa*PhysBits +: PhysBits]]);
        for (fb = fa + 1; fb < Banks; fb = fb + 1)
          if (wr_valid_i[fb] && !wr_unmap_i[fb])
            assume(wr_phys_i[fa*PhysBits +: PhysBits] != wr_phys_i[fb*PhysBits +: PhysBits]);
      end
  end
  always @(posedge clk_i)
    if (!rst_ni) f_used_q <= {PhysRegs{1'b0}};
    else
      for (fa = 0; fa < Banks; fa = fa + 1) begin
        if (wr_gnt_o[fa] && wr_old_valid_o[fa] && wr_unmap_i[fa])
          f_used_q[wr_old_phys_o[fa*PhysBits +: PhysBits]] <= 1'b0;
        if (drain_free_valid_o[fa]) f_used_q[drain_free_phys_o[fa*PhysBits +: PhysBits]] <= 1'b0;
        if (wr_gnt_o[fa] && !wr_unmap_i[fa]) f_used_q[wr_phys_i[fa*PhysBits +: PhysBits]] <= 1'b1;
      end
  // the table's reads return what the maps wrote
  always @(posedge clk_i)
    for (fa = 0; fa < Banks; fa = fa + 1)
      if (rst_ni && wr_gnt_o[fa] && !wr_unmap_i[fa]) f_phys[wr_addr[fa*EntBits +: EntBits]] <= wr_phys_i[fa*PhysBits +: PhysBits];
  always @* if (f_init && rst_ni)
    for (fa = 0; fa < Banks; fa = fa + 1) begin
      if (wr_old_valid_o[fa]) assert(wr_old_phys_o[fa*PhysBits +: PhysBits] == f_phys[wr_addr[fa*EntBits +: EntBits]]);
      if (drain_free_valid_o[fa]) assert(drain_free_phys_o[fa*PhysBits +: PhysBits] == f_phys[dr_addr[fa*EntBits +: EntBits]]);
    end
  // lookups, writes and the count
  reg [LkPorts-1:0]         f_lkv, f_lkm;
  reg [PhysBits-1:0]        f_lkp [0:LkPorts-1];
  integer fn;
  always @(posedge clk_i)
    for (fa = 0; fa < LkPorts; fa = fa + 1) begin
      f_lkv[fa] <= rst_ni && lk_gnt_o[fa];
      f_lkm[fa] <= valid_q[lk_addr[fa*EntBits +: EntBits]];
      f_lkp[fa] <= f_phys[lk_addr[fa*EntBits +: EntBits]];
    end
  always @* if (f_init && rst_ni) begin
    fn = 0;
    for (fa = 0; fa < Entries; fa = fa + 1) fn = fn + {31'd0, valid_q[fa]};
    assert(mapped_o == fn[EntBits:0]);
    for (fa = 0; fa < LkPorts; fa = fa + 1) begin
      assert(lk_rsp_valid_o[fa] == f_lkv[fa]);
      if (f_lkv[fa]) assert(lk_rsp_mapped_o[fa] == f_lkm[fa] &&
                            lk_rsp_phys_o[fa*PhysBits +: PhysBits] == (f_lkm[fa] ? f_lkp[fa] : {PhysBits{1'b0}}));
      for (fb = fa + 1; fb < LkPorts; fb = fb + 1)
        if (lk_gnt_o[fa] && lk_gnt_o[fb] && lk_bank[fa*BankBits +: BankBits] == lk_bank[fb*BankBits +: BankBits])
          assert(lk_addr[fa*EntBits +: EntBits] == lk_addr[fb*EntBits +: EntBits]);
    end
    for (fa = 0; fa < Banks; fa = fa + 1)
      for (fb = fa + 1; fb < Banks; fb = fb + 1)
        assert(!(wr_gnt_o[fa] && wr_gnt_o[fb] && wr_bank[fa*BankBits +: BankBits] == wr_bank[fb*BankBits +: BankBits]));
  end
  // no two valid entries hold one physical register; (invariant) a valid entry's register is
  // one the allocator holds
  always @* if (f_init && rst_ni)
    for (fa = 0; fa < Entries; fa = fa + 1) begin
      if (valid_q[fa]) assert(f_used_q[f_phys[fa]]);
      for (fb = fa + 1; fb < Entries; fb = fb + 1)
        assert(!(valid_q[fa] && valid_q[fb] && f_phys[fa] == f_phys[fb]));
    end
`endif
endmodule
