// ccu: caching collector unit (Malekeh Sec. 3.2 and Fig. 2b; replacement Sec. 4.1; write
// policy Sec. 4.2). An operand collector whose data slots form a cache table (CT) of the
// owning warp's registers: valid, tag, lock, near hint (NearBits: 1, the near bit; more, the
// precise variant's closeness), true-LRU order (rtl/lru_matrix.v) and data per entry; the
// operand collector table (OCT) points each source slot at an entry. One edge: the placement
// of the last edge's misses, responses fill, then the owning warp's writes (the first DPorts
// near writes kept, other hits invalidated), then a release of the owning warp's slot empties
// the CCU, then dispatch clears the locks, then an allocation flushes on a new warp and looks
// every source up at once (rtl/ccu_lookup.v, Sec. 3.2 step 3): hits ready, locked, marked
// and touched in slot order; misses requested at once (by the latched register) and waiting.
// Sec. 3.2's step 4 is pipelined for the clock: at the next edge, from registers alone
// (rtl/ccu_place.v), the k-th distinct missing register takes the entry with k candidates
// before it in the victim order registered at the allocation edge (invalid by index;
// NearBits = 1: far from lfsr % Slots on, cyclically, then near by LRU; NearBits > 1: by
// closeness, then LRU), past the entries that edge's writes kept: a count per entry over
// pairwise comparisons, not a search per source. The SM sees no extra cycle: a response
// (BankLatency 0) comes at that edge at the earliest and fills the placed entry. The victim
// LFSR (x^16+x^14+x^13+x^11+1) steps every edge. Contract identical to cmodel/ccu.h.
// Build-time fault variants for harness self-tests: FAULT_CCU_LOCKED_VICTIM (the victim
// order ignores the locks of valid entries), FAULT_CCU_LRU_STUCK (the allocation's and
// placement's touches are lost), FAULT_CCU_NO_FLUSH (a new warp keeps the old warp's
// entries), FAULT_CCU_FAR_STALE (a write that is not kept leaves a hit entry valid),
// FAULT_CCU_DUP_WRITE (a kept write takes a victim without looking the register up: two
// entries may hold one register).
// Proof-only fault variants (make formal): FORMAL_FAULT_CCU_HIT_VICTIM (a write at an
// allocation edge may take an entry a source hits), FORMAL_FAULT_CCU_WRITE_TAKES_PLACED (a
// write at a placement edge may take the entry just placed), FORMAL_FAULT_CCU_DUP_MISS (a
// repeated register that misses takes a second entry), FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID
// (a release leaves the entries valid), FORMAL_FAULT_CCU_INVALID_NEAR (a write that is not
// kept invalidates a hit entry but leaves its near hint), FORMAL_FAULT_CCU_LOCKS_KEPT
// (dispatch leaves the locks set), FORMAL_FAULT_CCU_HIT_UNLOCKED (a source that hits an
// entry does not lock it).
// A kept write that misses needs an unlocked victim; with every entry locked (Slots = MaxSrcs
// and as many distinct sources) it is not kept.
// Properties (`ifdef FORMAL, make formal; rtl/ccu_props.vh): the victim of a placement or a
// kept write is never a locked entry (nor, at an allocation edge, one a source hits), and
// every first missing register finds one; no two valid entries hold one register;
// (invariants) the locked entries are exactly those the held instruction's placed sources
// point at; a waiting source's register is in no valid entry; the LRU ranks are a permutation
// of 0..Slots-1 (lru_matrix: a total order); an entry is valid only while the CCU is owned;
// an invalid entry has no near hint.
module ccu #(
    parameter Lanes    = 32,
    parameter MaxSrcs  = 6,
    parameter NumWarps = 16,
    parameter ArchRegs = 256,
    parameter Slots    = 8,
    parameter WbPorts  = 1,
    parameter DPorts   = 1,
    parameter LfsrSeed = 44257,
    parameter NearBits = 1
) (
    input  wire                          clk_i,
    input  wire                          rst_ni,
    input  wire                          alloc_valid_i,
    input  wire [WarpBits-1:0]           alloc_warp_i,
    input  wire [31:0]                   alloc_info_i,
    input  wire [MaxSrcs-1:0]            alloc_src_valid_i,
    input  wire [MaxSrcs*RegBits-1:0]    alloc_src_i,
    input  wire [MaxSrcs*NearBits-1:0]   alloc_near_i,
    input  wire [MaxSrcs-1:0]            rd_gnt_i,
    input  wire [MaxSrcs-1:0]            rsp_valid_i,
    input  wire [MaxSrcs*DataBits-1:0]   rsp_data_i,
    input  wire                          disp_ready_i,
    input  wire [WbPorts-1:0]            wr_valid_i,
    input  wire [WbPorts*WarpBits-1:0]   wr_warp_i,
    input  wire [WbPorts*RegBits-1:0]    wr_reg_i,
    input  wire [WbPorts*NearBits-1:0]   wr_near_i,
    input  wire [WbPorts*DataBits-1:0]   wr_data_i,
    input  wire                          rel_valid_i,
    input  wire [WarpBits-1:0]           rel_warp_i,
    output wire                          busy_o,
    output reg  [MaxSrcs-1:0]            rd_valid_o,
    output reg  [MaxSrcs*WarpBits-1:0]   rd_warp_o,
    output reg  [MaxSrcs*RegBits-1:0]    rd_reg_o,
    output wire                          disp_valid_o,
    output wire [WarpBits-1:0]           disp_warp_o,
    output wire [31:0]                   disp_info_o,
    output reg  [MaxSrcs*DataBits-1:0]   disp_data_o,
    output wire                          r_valid_o,
    output wire [WarpBits-1:0]           r_warp_o,
    output wire                          r_near_o,
    output wire [Slots-1:0]              ct_valid_o,
    output wire [Slots*RegBits-1:0]      ct_tag_o,
    output wire [Slots-1:0]              ct_lock_o,
    output wire [Slots*NearBits-1:0]     ct_near_o,
    output wire [Slots*IdxBits-1:0]      ct_lru_o,
    output wire [15:0]                   lfsr_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam RegBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam IdxBits  = (Slots > 1) ? $clog2(Slots) : 1;
  localparam DataBits = Lanes * 32;

  reg                       busy_q, owned_q;
  reg [WarpBits-1:0]        warp_q;
  reg [31:0]                info_q;
  reg [Slots-1:0]           valid_q, lock_q;
  reg [Slots*NearBits-1:0]  near_q;
  reg [Slots*RegBits-1:0]   tag_q;
  reg [MaxSrcs-1:0]         sv_q, pend_q, rdy_q;
  reg [MaxSrcs*IdxBits-1:0] idx_q;
  // the data: one SRAM macro of Slots entries, not reset (an entry is written before it is
  // read): a write port S per source slot (the SM may deliver every source's response in one
  // cycle; the paper's CCU has one port S), then a port D per write port; a read port per source
  (* gpurf_sram *) reg [DataBits-1:0] mem [0:Slots-1];
  integer mi, di, de, dp;
`ifndef SYNTHESIS
  initial for (mi = 0; mi < Slots; mi = mi + 1) mem[mi] = {DataBits{1'b0}};
`endif
  reg [MaxSrcs-1:0]         wait_q;      // a missing source waiting for its entry (placement)
  reg [MaxSrcs*RegBits-1:0] src_q;       // the sources' registers
  reg [MaxSrcs*NearBits-1:0] nh_q;       // the largest hint of each source's register
  reg [MaxSrcs*MaxSrcs-1:0] same_q;      // sources i and j name one register
  reg [Slots*Slots-1:0]     ordq;        // the placement's victim order
  reg [Slots-1:0]           wk_q;        // the entries the allocation edge's writes kept
  reg [15:0]                lfsr_q;

  // next state, built in the order of the contract by the always blocks below
  reg                       busy_d, owned_d;
  reg [WarpBits-1:0]        warp_d;
  reg [31:0]                info_d;
  reg [Slots-1:0]           valid_d, lock_d;
  reg [Slots*NearBits-1:0]  near_d;
  reg [Slots*RegBits-1:0]   tag_d;
  reg [MaxSrcs-1:0]         sv_d, pend_d, rdy_d;
  reg [MaxSrcs*IdxBits-1:0] idx_d;
  reg [MaxSrcs-1:0]         wait_d;
  reg [MaxSrcs*RegBits-1:0] src_d;
  reg [MaxSrcs*NearBits-1:0] nh_d;

  // LRU order: the placement's or the allocation's touches in slot order, then the writes'
  localparam Touches = WbPorts + MaxSrcs;
  wire [Slots*Slots-1:0]    older_q;     // older_q[a*Slots+b]: a used less recently than b
  wire [Slots*IdxBits-1:0]  lru_rank;
  reg  [Touches*Slots-1:0]  touch_v;

  wire all_ready = &(~sv_q | rdy_q);
  wire dispatch  = busy_q & all_ready & disp_ready_i;

  assign busy_o       = busy_q;
  assign disp_valid_o = busy_q & all_ready;
  assign disp_warp_o  = warp_q;
  assign disp_info_o  = info_q;
  assign r_valid_o    = owned_q;
  assign r_warp_o     = warp_q;
  reg [Slots-1:0] near_any;
  integer ne;
  always @* for (ne = 0; ne < Slots; ne = ne + 1) near_any[ne] = |near_q[ne*NearBits +: NearBits];
  assign r_near_o     = |(valid_q & near_any);
  assign ct_valid_o   = valid_q;
  assign ct_tag_o     = tag_q;
  assign ct_lock_o    = lock_q;
  assign ct_near_o    = near_q;
  assign ct_lru_o     = lru_rank;
  assign lfsr_o       = lfsr_q;

  integer o;
  reg [IdxBits-1:0] idx_o;
  always @* begin
    idx_o = {IdxBits{1'b0}};
    for (o = 0; o < MaxSrcs; o = o + 1) begin
      idx_o = idx_q[o*IdxBits +: IdxBits];
      rd_valid_o[o] = busy_q & sv_q[o] & pend_q[o];
      rd_warp_o[o*WarpBits +: WarpBits] = warp_q;
      rd_reg_o[o*RegBits +: RegBits] = src_q[o*RegBits +: RegBits];
      disp_data_o[o*DataBits +: DataBits] = (sv_q[o] & rdy_q[o]) ? mem[idx_o] : {DataBits{1'b0}};
    end
  end

  // (Lag: the touches, the last thing the edge decides, go straight into a register)
  lru_matrix #(.Entries(Slots), .Bits(IdxBits), .Touches(Touches), .Lag(1)) u_lru (
      .clk_i(clk_i), .rst_ni(rst_ni), .t_i(touch_v), .older_o(older_q), .rank_o(lru_rank));

`include "ccu_order.vh"

  // the far search's start lfsr % Slots as gstart[e] = start <= e, registered with the LFSR
  // (from its next value) so that the order does not wait for the modulo
  wire [15:0]     lfsr_d = {lfsr_q[0] ^ lfsr_q[2] ^ lfsr_q[3] ^ lfsr_q[5], lfsr_q[15:1]};
  reg [Slots-1:0] gstart, gstart_d, gstart_rst;
  integer gs;
  always @*
    for (gs = 0; gs < Slots; gs = gs + 1) begin
      gstart_d[gs]   = {16'd0, lfsr_d} % Slots <= gs;
      gstart_rst[gs] = {16'd0, LfsrSeed[15:0]} % Slots <= gs;
    end

  // a release of the owner, an allocation (free or dispatching) and its flush
  wire rel   = rel_valid_i && owned_q && rel_warp_i == warp_q;
  wire alloc = alloc_valid_i && !(busy_q && !dispatch);
`ifdef FAULT_CCU_NO_FLUSH
  wire flush = 1'b0;
`else
  wire flush = !owned_q || alloc_warp_i != warp_q;
`endif
  wire alloc_own = alloc && !flush;      // an allocation to the owning warp

  // the allocation's lookup (step 5, below)
  wire [MaxSrcs*Slots-1:0] s_h;
  wire [MaxSrcs-1:0]       s_hit, s_nm;
  wire [Slots-1:0]         s_hm;         // the entries holding a source's register
  wire [WbPorts-1:0]       s_named;      // a source names port p's register

  // 0. placement (rtl/ccu_place.v), from registers only: the waiting sources' entries in the
  // victim order as the allocation edge began (ordq), past the entries that edge's writes
  // kept (wk_q); the edge's writes continue that order
  wire [Slots*Slots-1:0]   ord     = order(valid_q, near_q, older_q, gstart);
  wire                     placing = |wait_q;
  wire [Slots-1:0]         cand    = cands(valid_q, lock_q);
  wire [Slots-1:0]         pcand   = cand & ~wk_q;
  wire [MaxSrcs*Slots-1:0] vsel, pent;
  wire [Slots-1:0]         pnext;        // the candidate after the placement's
  wire [Slots-1:0]         placed;       // the entries the placement takes
  ccu_place #(.MaxSrcs(MaxSrcs), .Slots(Slots)) u_place (
      .wait_i(wait_q), .same_i(same_q), .cand_i(pcand), .ord_i(ordq), .vsel_o(vsel),
      .ent_o(pent), .next_o(pnext), .taken_o(placed));
  reg [Slots-1:0]          pl_valid, pl_lock;
  reg [Slots*NearBits-1:0] pl_near;
  reg [Slots*RegBits-1:0]  pl_tag;
  reg [RegBits-1:0]        pl_r;
  reg [NearBits-1:0]       pl_n;
  integer pe, pi;
  always @* begin
    pl_valid = valid_q;
    pl_lock  = lock_q;
    pl_near  = near_q;
    pl_tag   = tag_q;
    for (pe = 0; pe < Slots; pe = pe + 1) begin
      pl_r = {RegBits{1'b0}};
      pl_n = {NearBits{1'b0}};
      for (pi = 0; pi < MaxSrcs; pi = pi + 1)
        if (vsel[pi*Slots + pe]) begin
          pl_r = pl_r | src_q[pi*RegBits +: RegBits];
          pl_n = pl_n | nh_q[pi*NearBits +: NearBits];
        end
      if (placed[pe]) begin
        pl_valid[pe] = 1'b1;
        pl_lock[pe]  = 1'b1;
        pl_tag[pe*RegBits +: RegBits]    = pl_r;
        pl_near[pe*NearBits +: NearBits] = pl_n;
      end
    end
  end

  // 1. responses; eff[i]: the entry source i points at after the placement (one-hot)
  reg [MaxSrcs*Slots-1:0] eff;
  reg [MaxSrcs-1:0]       pend_r, rdy_r;
  integer ri, rk, rx;
  always @* begin
    for (ri = 0; ri < MaxSrcs; ri = ri + 1)
      for (rx = 0; rx < Slots; rx = rx + 1)
        eff[ri*Slots + rx] = wait_q[ri] ? pent[ri*Slots + rx]
                                        : idx_q[ri*IdxBits +: IdxBits] == rx[IdxBits-1:0];
    pend_r = pend_q;
    rdy_r  = rdy_q;
    if (busy_q)
      for (ri = 0; ri < MaxSrcs; ri = ri + 1) begin
        if (rd_gnt_i[ri]) pend_r[ri] = 1'b0;
        if (rsp_valid_i[ri] && sv_q[ri])
          for (rk = 0; rk < MaxSrcs; rk = rk + 1)
            // one entry: one register while waiting (registered), else one index
            if (sv_q[rk] && (wait_q[rk] || wait_q[ri]
                             ? wait_q[rk] && wait_q[ri] && (rk == ri || same_q[rk*MaxSrcs + ri])
                             : idx_q[rk*IdxBits +: IdxBits] == idx_q[ri*IdxBits +: IdxBits]))
              rdy_r[rk] = 1'b1;
      end
  end

`include "ccu_writes.vh"

  // the entries holding a source's register that the writes invalidate, for the lookup: a
  // write of such a register hits it (no write installs one at an allocation edge) and is not
  // kept; from the registers, so that the lookup waits for no placement or victim
  reg [Slots-1:0] a_inv;
  integer ap, ae;
  always @*
    for (ae = 0; ae < Slots; ae = ae + 1) begin
      a_inv[ae] = 1'b0;
      for (ap = 0; ap < WbPorts; ap = ap + 1)
        if (w_drop[ap] && tag_q[ae*RegBits +: RegBits] == wr_reg_i[ap*RegBits +: RegBits])
          a_inv[ae] = 1'b1;
    end

  reg [Slots-1:0] w_kept_any;
  integer wa;
  always @* begin
    w_kept_any = {Slots{1'b0}};
    for (wa = 0; wa < WbPorts; wa = wa + 1) w_kept_any = w_kept_any | w_kept[wa*Slots +: Slots];
  end

  // 3. release, 4. dispatch, 5. the flush of an allocation to another warp: the entries as
  // the allocation finds them
  reg [Slots-1:0]          a_valid, a_lock;
  reg [Slots*NearBits-1:0] a_near;
  reg                      a_clear;      // every entry invalid for the allocation
  always @* begin
    a_clear = alloc && flush;
`ifndef FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID
    a_clear = a_clear || rel;
`endif
    a_valid = wv_valid;
    a_near  = wv_near;
    a_lock  = wv_lock;
    if (rel) begin
`ifndef FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID
      a_valid = {Slots{1'b0}};
`endif
      a_near  = {(Slots*NearBits){1'b0}};
    end
`ifndef FORMAL_FAULT_CCU_LOCKS_KEPT
    if (dispatch) a_lock = {Slots{1'b0}};
`endif
    if (alloc && flush) begin
      a_valid = {Slots{1'b0}};
      a_near  = {(Slots*NearBits){1'b0}};
    end
  end

  // near_gt[i*MaxSrcs+j]: source j's hint exceeds source i's; nh_a[i]: the largest hint of
  // the sources naming i's register (pairwise comparisons of the hints, not a chain)
  reg [MaxSrcs*MaxSrcs-1:0]  near_gt;
  reg [MaxSrcs*MaxSrcs-1:0]  same_r;
  reg [MaxSrcs*NearBits-1:0] nh_a;
  integer gi, gj;
  always @* begin
    for (gi = 0; gi < MaxSrcs; gi = gi + 1)
      for (gj = 0; gj < MaxSrcs; gj = gj + 1) begin
        near_gt[gi*MaxSrcs + gj] = alloc_near_i[gj*NearBits +: NearBits] >
                                   alloc_near_i[gi*NearBits +: NearBits];
        same_r[gi*MaxSrcs + gj] = alloc_src_valid_i[gi] && alloc_src_valid_i[gj] &&
            alloc_src_i[gi*RegBits +: RegBits] == alloc_src_i[gj*RegBits +: RegBits];
      end
    for (gi = 0; gi < MaxSrcs; gi = gi + 1) begin
      nh_a[gi*NearBits +: NearBits] = {NearBits{1'b0}};
      for (gj = 0; gj < MaxSrcs; gj = gj + 1)
        if (same_r[gi*MaxSrcs + gj] &&
            !(|(same_r[gi*MaxSrcs +: MaxSrcs] & near_gt[gj*MaxSrcs +: MaxSrcs])))
          nh_a[gi*NearBits +: NearBits] = nh_a[gi*NearBits +: NearBits] |
                                         alloc_near_i[gj*NearBits +: NearBits];
    end
  end

  // 5. allocation, every source looked up at once (rtl/ccu_lookup.v; no placement meets an
  // allocation, so the table is the registered one)
  ccu_lookup #(.MaxSrcs(MaxSrcs), .Slots(Slots), .RegBits(RegBits), .WbPorts(WbPorts)) u_lookup (
      .src_valid_i(alloc_src_valid_i), .src_i(alloc_src_i), .same_i(same_r), .tag_i(tag_q),
      .valid_i(valid_q),
      .w_reg_i(wr_reg_i), .w_inv_i(a_inv), .clear_i(a_clear),
      .hit_o(s_h), .s_hit_o(s_hit), .nm_o(s_nm), .hm_o(s_hm), .named_o(s_named));

  // the next state
  reg [MaxSrcs-1:0]  e_src;
  reg [NearBits-1:0] e_near;
  reg [IdxBits-1:0]  e_idx;
  integer ni, ne2;
  always @* begin
    busy_d  = busy_q && !dispatch;
    owned_d = owned_q && !rel;
    warp_d  = warp_q;
    info_d  = info_q;
    valid_d = a_valid;
    lock_d  = a_lock;
    near_d  = a_near;
    tag_d   = wv_tag;
    sv_d    = sv_q;
    pend_d  = pend_r;
    rdy_d   = rdy_r;
    wait_d  = {MaxSrcs{1'b0}};
    src_d   = src_q;
    nh_d    = nh_q;
    e_src   = {MaxSrcs{1'b0}};
    e_near  = {NearBits{1'b0}};
    e_idx   = {IdxBits{1'b0}};
    touch_v = {(Touches*Slots){1'b0}};
`ifndef FAULT_CCU_LRU_STUCK
    touch_v[0 +: MaxSrcs*Slots] = alloc ? s_h : pent;
`endif
    touch_v[MaxSrcs*Slots +: WbPorts*Slots] = w_kept;
    for (ni = 0; ni < MaxSrcs; ni = ni + 1) begin
      e_idx = {IdxBits{1'b0}};
      for (ne2 = 0; ne2 < Slots; ne2 = ne2 + 1)
        if (pent[ni*Slots + ne2]) e_idx = e_idx | ne2[IdxBits-1:0];
      if (wait_q[ni]) idx_d[ni*IdxBits +: IdxBits] = e_idx;
      else            idx_d[ni*IdxBits +: IdxBits] = idx_q[ni*IdxBits +: IdxBits];
    end
    if (alloc) begin
      owned_d = 1'b1;
      warp_d  = alloc_warp_i;
      busy_d  = 1'b1;
      info_d  = alloc_info_i;
      sv_d    = alloc_src_valid_i;
      pend_d  = s_nm;
      rdy_d   = s_hit;
      wait_d  = alloc_src_valid_i & ~s_hit;
      src_d   = alloc_src_i;
      nh_d    = nh_a;
      for (ni = 0; ni < MaxSrcs; ni = ni + 1)
        if (!alloc_src_valid_i[ni]) src_d[ni*RegBits +: RegBits] = {RegBits{1'b0}};
      for (ne2 = 0; ne2 < Slots; ne2 = ne2 + 1) begin
        for (ni = 0; ni < MaxSrcs; ni = ni + 1) e_src[ni] = s_h[ni*Slots + ne2];
        if (|e_src) begin
`ifndef FORMAL_FAULT_CCU_HIT_UNLOCKED
          lock_d[ne2] = 1'b1;
`endif
          // the largest hint of the sources naming it
          e_near = {NearBits{1'b0}};
          for (ni = 0; ni < MaxSrcs; ni = ni + 1)
            if (e_src[ni] && !(|(e_src & near_gt[ni*MaxSrcs +: MaxSrcs])))
              e_near = e_near | alloc_near_i[ni*NearBits +: NearBits];
          near_d[ne2*NearBits +: NearBits] = e_near;
        end
      end
      for (ni = 0; ni < MaxSrcs; ni = ni + 1) begin
        e_idx = {IdxBits{1'b0}};
        for (ne2 = 0; ne2 < Slots; ne2 = ne2 + 1)
          if (s_h[ni*Slots + ne2]) e_idx = e_idx | ne2[IdxBits-1:0];
        idx_d[ni*IdxBits +: IdxBits] = e_idx;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      owned_q <= 1'b0;
      warp_q  <= {WarpBits{1'b0}};
      info_q  <= 32'd0;
      valid_q <= {Slots{1'b0}};
      lock_q  <= {Slots{1'b0}};
      near_q  <= {(Slots*NearBits){1'b0}};
      tag_q   <= {(Slots*RegBits){1'b0}};
      sv_q    <= {MaxSrcs{1'b0}};
      pend_q  <= {MaxSrcs{1'b0}};
      rdy_q   <= {MaxSrcs{1'b0}};
      idx_q   <= {(MaxSrcs*IdxBits){1'b0}};
      wait_q  <= {MaxSrcs{1'b0}};
      src_q   <= {(MaxSrcs*RegBits){1'b0}};
      nh_q    <= {(MaxSrcs*NearBits){1'b0}};
      same_q  <= {(MaxSrcs*MaxSrcs){1'b0}};
      ordq    <= {(Slots*Slots){1'b0}};
      wk_q    <= {Slots{1'b0}};
      lfsr_q  <= LfsrSeed[15:0];
      gstart  <= gstart_rst;
    end else begin
      busy_q  <= busy_d;
      owned_q <= owned_d;
      warp_q  <= warp_d;
      info_q  <= info_d;
      valid_q <= valid_d;
      lock_q  <= lock_d;
      near_q  <= near_d;
      tag_q   <= tag_d;
      sv_q    <= sv_d;
      pend_q  <= pend_d;
      rdy_q   <= rdy_d;
      idx_q   <= idx_d;
      wait_q  <= wait_d;
      src_q   <= src_d;
      nh_q    <= nh_d;
      if (alloc) begin
        same_q <= same_r;
        ordq   <= order(a_clear ? {Slots{1'b0}} : valid_q, near_q, older_q, gstart);
        wk_q   <= a_clear ? {Slots{1'b0}} : w_kept_any;
      end
      lfsr_q  <= lfsr_d;
      gstart  <= gstart_d;
    end
  end

  reg [MaxSrcs-1:0]         fill_we;     // source i's response fills entry fill_idx[i] (port S)
  reg [MaxSrcs*IdxBits-1:0] fill_idx;
  reg [WbPorts*IdxBits-1:0] kept_idx;    // write port p's kept entry (port D, after port S)
  always @* begin
    for (di = 0; di < MaxSrcs; di = di + 1) begin
      fill_we[di] = busy_q && rsp_valid_i[di] && sv_q[di] && |eff[di*Slots +: Slots];
      fill_idx[di*IdxBits +: IdxBits] = {IdxBits{1'b0}};
      for (de = 0; de < Slots; de = de + 1)
        if (eff[di*Slots + de])
          fill_idx[di*IdxBits +: IdxBits] = fill_idx[di*IdxBits +: IdxBits] | de[IdxBits-1:0];
    end
    for (dp = 0; dp < WbPorts; dp = dp + 1) begin
      kept_idx[dp*IdxBits +: IdxBits] = {IdxBits{1'b0}};
      for (de = 0; de < Slots; de = de + 1)
        if (w_kept[dp*Slots + de])
          kept_idx[dp*IdxBits +: IdxBits] = kept_idx[dp*IdxBits +: IdxBits] | de[IdxBits-1:0];
    end
  end
  always @(posedge clk_i) begin
    for (di = 0; di < MaxSrcs; di = di + 1)
      if (fill_we[di]) mem[fill_idx[di*IdxBits +: IdxBits]] <= rsp_data_i[di*DataBits +: DataBits];
    for (dp = 0; dp < WbPorts; dp = dp + 1)
      if (|w_kept[dp*Slots +: Slots])
        mem[kept_idx[dp*IdxBits +: IdxBits]] <= wr_data_i[dp*DataBits +: DataBits];
  end

`ifdef FORMAL
`include "ccu_props.vh"
`endif
endmodule
