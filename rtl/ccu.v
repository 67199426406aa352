// ccu: caching collector unit (Malekeh Sec. 3.2 and Fig. 2b; replacement Sec. 4.1; write
// policy Sec. 4.2). An operand collector whose data slots form a cache table (CT) of the
// owning warp's registers: valid, tag, lock, near hint (NearBits: 1, the near bit; more, the
// precise variant's closeness), true-LRU order (rtl/lru_matrix.v) and data per entry; the
// operand collector table (OCT) points each source slot at an entry. One edge: responses
// fill, then the owning warp's writes (the first DPorts near writes kept, other hits
// invalidated), then a release of the owning warp's slot empties the CCU, then dispatch
// clears the locks, then an allocation flushes on a new warp and allocates every source at
// once (rtl/ccu_lookup.v), as Sec. 3.2's steps: all sources looked up (step 3), each distinct
// missing register given the next victim of one order over the entries no source hits (step
// 4), every touched entry locked, marked and touched in slot order (steps 5-8). The k-th miss takes the
// entry with k candidates before it in the order (invalid by index; NearBits = 1: far from
// lfsr % Slots on, cyclically, then near by LRU; NearBits > 1: by closeness, then LRU): a
// count per entry over pairwise comparisons, not a search per source. The victim LFSR
// (x^16+x^14+x^13+x^11+1) steps every edge. Contract identical to cmodel/ccu.h.
// Build-time fault variants for harness self-tests: FAULT_CCU_LOCKED_VICTIM (the victim
// order ignores the locks of valid entries), FAULT_CCU_LRU_STUCK (the allocation's touches are
// lost), FAULT_CCU_NO_FLUSH (a new warp keeps the old warp's entries), FAULT_CCU_FAR_STALE (a
// write that is not kept leaves a hit entry valid), FAULT_CCU_DUP_WRITE (a kept write takes a
// victim without looking the register up: two entries may hold one register).
// Proof-only fault variants (make formal): FORMAL_FAULT_CCU_HIT_VICTIM (a miss may take an
// entry another source hits), FORMAL_FAULT_CCU_DUP_MISS (a repeated register that misses takes
// a second entry), FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID (a release leaves the entries valid),
// FORMAL_FAULT_CCU_INVALID_NEAR (a write that is not kept invalidates a hit entry but leaves
// its near hint), FORMAL_FAULT_CCU_LOCKS_KEPT (dispatch leaves the locks set),
// FORMAL_FAULT_CCU_HIT_UNLOCKED (a source that hits an entry does not lock it).
// A kept write that misses needs an unlocked victim; with every entry locked (Slots = MaxSrcs
// and as many distinct sources) it is not kept.
// Properties (`ifdef FORMAL, make formal): the victim of an allocation or a kept write is never
// a locked entry or one a source hits, and every miss finds one; no two valid entries hold one
// register; (invariants) the locked entries are exactly those the held instruction's sources
// point at; the LRU ranks are a permutation of 0..Slots-1 (lru_matrix: a total order); an
// entry is valid only while the CCU is owned; an invalid entry has no near hint.
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
  reg [Slots*DataBits-1:0]  data_q;
  reg [MaxSrcs-1:0]         sv_q, pend_q, rdy_q;
  reg [MaxSrcs*IdxBits-1:0] idx_q;
  reg [15:0]                lfsr_q;

  // next state, built in the order of the contract by the always blocks below
  reg                       busy_d, owned_d;
  reg [WarpBits-1:0]        warp_d;
  reg [31:0]                info_d;
  reg [Slots-1:0]           valid_d, lock_d;
  reg [Slots*NearBits-1:0]  near_d;
  reg [Slots*RegBits-1:0]   tag_d;
  reg [Slots*DataBits-1:0]  data_d;
  reg [MaxSrcs-1:0]         sv_d, pend_d, rdy_d;
  reg [MaxSrcs*IdxBits-1:0] idx_d;

  // LRU order: the writes' touches first, then the allocation's in slot order
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
      rd_reg_o[o*RegBits +: RegBits] = tag_q[idx_o*RegBits +: RegBits];
      disp_data_o[o*DataBits +: DataBits] = (sv_q[o] & rdy_q[o]) ? data_q[idx_o*DataBits +: DataBits]
                                                     : {DataBits{1'b0}};
    end
  end

  // (Lag: the allocation's touches, the last thing it decides, go straight into a register)
  lru_matrix #(.Entries(Slots), .Bits(IdxBits), .Touches(Touches), .Lag(1)) u_lru (
      .clk_i(clk_i), .rst_ni(rst_ni), .t_i(touch_v), .older_o(older_q), .rank_o(lru_rank));

  // The victim order. ord[a*Slots+b]: a is taken before b (invalid entries by index; NearBits
  // = 1: far entries cyclically from the LFSR's start, then near ones least recently used
  // first; NearBits > 1: the smallest closeness, then least recently used)
  function [Slots*Slots-1:0] order(input [Slots-1:0] ov, input [Slots*NearBits-1:0] on,
                                   input [Slots*Slots-1:0] oo, input [Slots-1:0] oge);
    integer oa, ob;
    reg [NearBits-1:0] na, nb;
    begin
      order = {(Slots*Slots){1'b0}};
      for (oa = 0; oa < Slots; oa = oa + 1)
        for (ob = 0; ob < Slots; ob = ob + 1) begin
          na = on[oa*NearBits +: NearBits];
          nb = on[ob*NearBits +: NearBits];
          if (oa == ob) order[oa*Slots+ob] = 1'b0;
          else if (!ov[oa] || !ov[ob]) order[oa*Slots+ob] = !ov[oa] && (ov[ob] || oa < ob);
          else if (NearBits == 1 && na != nb) order[oa*Slots+ob] = na == {NearBits{1'b0}};
          else if (NearBits == 1 && na == {NearBits{1'b0}})
            order[oa*Slots+ob] = oa < ob ? (oge[oa] | ~oge[ob]) : (oge[oa] & ~oge[ob]);
          else if (NearBits == 1) order[oa*Slots+ob] = oo[oa*Slots+ob];
          else order[oa*Slots+ob] = na < nb || (na == nb && oo[oa*Slots+ob]);
        end
    end
  endfunction
  // the entries the order may take: the unlocked ones
`ifdef FAULT_CCU_LOCKED_VICTIM
  localparam LockedVictim = 1;
`else
  localparam LockedVictim = 0;
`endif
  function [Slots-1:0] cands(input [Slots-1:0] cv, input [Slots-1:0] cl);
    cands = ~cl | (LockedVictim != 0 ? cv : {Slots{1'b0}});
  endfunction
  // the first candidate c in order fo (one-hot; none without candidates)
  function [Slots-1:0] first(input [Slots-1:0] c, input [Slots*Slots-1:0] fo);
    integer fe, fp;
    reg [Slots-1:0] col;
    for (fe = 0; fe < Slots; fe = fe + 1) begin
      for (fp = 0; fp < Slots; fp = fp + 1) col[fp] = fo[fp*Slots+fe];
      first[fe] = c[fe] & ~|(c & col);
    end
  endfunction
  // the older-than order after touching the entries of t (one-hot or none)
  function [Slots*Slots-1:0] touched(input [Slots*Slots-1:0] to, input [Slots-1:0] t);
    integer ta, tb;
    for (ta = 0; ta < Slots; ta = ta + 1)
      for (tb = 0; tb < Slots; tb = tb + 1)
        touched[ta*Slots+tb] = ta != tb && !t[ta] && (t[tb] || to[ta*Slots+tb]);
  endfunction

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

  // 1. responses
  reg [MaxSrcs-1:0] pend_r, rdy_r;
  integer ri, rk;
  always @* begin
    pend_r = pend_q;
    rdy_r  = rdy_q;
    if (busy_q)
      for (ri = 0; ri < MaxSrcs; ri = ri + 1) begin
        if (rd_gnt_i[ri]) pend_r[ri] = 1'b0;
        if (rsp_valid_i[ri] && sv_q[ri])
          for (rk = 0; rk < MaxSrcs; rk = rk + 1)
            if (sv_q[rk] && idx_q[rk*IdxBits +: IdxBits] == idx_q[ri*IdxBits +: IdxBits])
              rdy_r[rk] = 1'b1;
      end
  end

  // 2. writes of the owning warp, port by port: w_kept[p] the entry port p keeps
  reg [Slots-1:0]          wv_valid, wv_lock, w_m, w_hit, w_vic, w_inv;
  reg [Slots*NearBits-1:0] wv_near;
  reg [Slots*RegBits-1:0]  wv_tag;
  reg [Slots*Slots-1:0]    wv_old;
  reg [WbPorts*Slots-1:0]  w_kept;
  reg [WbPorts-1:0]        w_ok_v;
  reg [WbPorts*Slots-1:0]  w_inv_v;
  reg                      w_ok, w_keep;
`ifdef FORMAL
  reg                      f_wlocked;    // a kept write took a locked entry
`endif
  integer p, we, kept;
  always @* begin
    wv_valid  = valid_q;
    wv_lock   = lock_q;
    wv_near   = near_q;
    wv_tag    = tag_q;
    wv_old    = older_q;
    w_kept    = {(WbPorts*Slots){1'b0}};
    w_ok_v    = {WbPorts{1'b0}};
    w_inv_v   = {(WbPorts*Slots){1'b0}};
    w_m       = {Slots{1'b0}};
    w_hit     = {Slots{1'b0}};
    w_vic     = {Slots{1'b0}};
    w_inv     = {Slots{1'b0}};
    w_ok      = 1'b0;
    w_keep    = 1'b0;
`ifdef FORMAL
    f_wlocked = 1'b0;
`endif
    kept      = 0;
    for (p = 0; p < WbPorts; p = p + 1) begin
      w_ok = wr_valid_i[p] && owned_q && wr_warp_i[p*WarpBits +: WarpBits] == warp_q;
      w_ok_v[p] = w_ok;
      for (we = 0; we < Slots; we = we + 1)
        w_m[we] = wv_valid[we] && wv_tag[we*RegBits +: RegBits] == wr_reg_i[p*RegBits +: RegBits];
      // one-hot: no two valid entries hold one register (a proved invariant)
`ifdef FAULT_CCU_DUP_WRITE
      w_hit = {Slots{1'b0}};
`else
      w_hit = w_m;
`endif
      w_vic  = first(cands(wv_valid, wv_lock), order(wv_valid, wv_near, wv_old, gstart));
      w_keep = w_ok && wr_near_i[p*NearBits +: NearBits] != {NearBits{1'b0}} && kept < DPorts &&
               (|w_hit || |cands(wv_valid, wv_lock));
      w_inv  = (w_ok && !w_keep) ? w_hit : {Slots{1'b0}};
      w_inv_v[p*Slots +: Slots] = w_inv;
      if (w_keep) begin
        kept = kept + 1;
        w_kept[p*Slots +: Slots] = |w_hit ? w_hit : w_vic;
`ifdef FORMAL
        f_wlocked = f_wlocked | (!(|w_hit) && |(w_vic & wv_lock));
`endif
      end
      for (we = 0; we < Slots; we = we + 1) begin
        if (w_kept[p*Slots + we]) begin
          if (!w_hit[we]) begin
            wv_valid[we] = 1'b1;
            wv_tag[we*RegBits +: RegBits] = wr_reg_i[p*RegBits +: RegBits];
            wv_lock[we] = 1'b0;
          end
          wv_near[we*NearBits +: NearBits] = wr_near_i[p*NearBits +: NearBits];
        end
`ifndef FAULT_CCU_FAR_STALE
        if (w_inv[we]) begin
          wv_valid[we] = 1'b0;
`ifndef FORMAL_FAULT_CCU_INVALID_NEAR
          wv_near[we*NearBits +: NearBits] = {NearBits{1'b0}};
`endif
        end
`endif
      end
      wv_old = touched(wv_old, w_kept[p*Slots +: Slots]);
    end
  end

  // 3. release, 4. dispatch, 5. the flush of an allocation to another warp: the entries as
  // the allocation finds them
  wire rel   = rel_valid_i && owned_q && rel_warp_i == warp_q;
  wire alloc = alloc_valid_i && !(busy_q && !dispatch);
`ifdef FAULT_CCU_NO_FLUSH
  wire flush = 1'b0;
`else
  wire flush = !owned_q || alloc_warp_i != warp_q;
`endif
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

  // 5. allocation, every source at once (rtl/ccu_lookup.v)
  wire [MaxSrcs*Slots-1:0] vsel, ent;
  wire [MaxSrcs-1:0]       s_hit, s_nm;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [MaxSrcs*Slots-1:0] s_h;          // the hit entries, per source and per entry: read
  wire [Slots-1:0]         hm;           // by the proofs (`ifdef FORMAL) only
  /* verilator lint_on UNUSEDSIGNAL */
  ccu_lookup #(.MaxSrcs(MaxSrcs), .Slots(Slots), .RegBits(RegBits), .WbPorts(WbPorts)) u_lookup (
      .src_valid_i(alloc_src_valid_i), .src_i(alloc_src_i), .tag_i(tag_q), .valid_i(valid_q),
      .w_ok_i(w_ok_v), .w_reg_i(wr_reg_i), .w_kept_i(w_kept), .w_inv_i(w_inv_v), .clear_i(a_clear),
      .free_i(cands(a_valid, a_lock)), .ord_i(order(a_valid, a_near, wv_old, gstart)),
      .hit_o(s_h), .s_hit_o(s_hit), .nm_o(s_nm), .hm_o(hm), .vsel_o(vsel), .ent_o(ent));

  // near_gt[i*MaxSrcs+j]: source j's hint exceeds source i's
  reg [MaxSrcs*MaxSrcs-1:0] near_gt;
  integer gi, gj;
  always @*
    for (gi = 0; gi < MaxSrcs; gi = gi + 1)
      for (gj = 0; gj < MaxSrcs; gj = gj + 1)
        near_gt[gi*MaxSrcs + gj] = alloc_near_i[gj*NearBits +: NearBits] >
                                   alloc_near_i[gi*NearBits +: NearBits];

  // the next state
  reg [MaxSrcs-1:0]  e_src, e_vic;
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
    idx_d   = idx_q;
    e_src   = {MaxSrcs{1'b0}};
    e_vic   = {MaxSrcs{1'b0}};
    e_near  = {NearBits{1'b0}};
    e_idx   = {IdxBits{1'b0}};
    touch_v = {(Touches*Slots){1'b0}};
    touch_v[0 +: WbPorts*Slots] = w_kept;
    if (alloc) begin
      owned_d = 1'b1;
      warp_d  = alloc_warp_i;
      busy_d  = 1'b1;
      info_d  = alloc_info_i;
      sv_d    = alloc_src_valid_i;
      pend_d  = s_nm;
      rdy_d   = s_hit;
`ifndef FAULT_CCU_LRU_STUCK
      touch_v[WbPorts*Slots +: MaxSrcs*Slots] = ent;
`endif
      for (ne2 = 0; ne2 < Slots; ne2 = ne2 + 1) begin
        for (ni = 0; ni < MaxSrcs; ni = ni + 1) begin
          e_src[ni] = ent[ni*Slots + ne2];
          e_vic[ni] = vsel[ni*Slots + ne2];
        end
        if (|e_vic) begin
          valid_d[ne2] = 1'b1;
          tag_d[ne2*RegBits +: RegBits] = {RegBits{1'b0}};
          for (ni = 0; ni < MaxSrcs; ni = ni + 1)
            if (e_vic[ni]) tag_d[ne2*RegBits +: RegBits] = tag_d[ne2*RegBits +: RegBits] |
                                                         alloc_src_i[ni*RegBits +: RegBits];
        end
        if (|e_src) begin
`ifdef FORMAL_FAULT_CCU_HIT_UNLOCKED
          lock_d[ne2] = |e_vic;
`else
          lock_d[ne2] = 1'b1;
`endif
          // the largest hint of the sources naming it: those no other source naming it
          // exceeds (pairwise comparisons of the hints, not a chain)
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
          if (ent[ni*Slots + ne2]) e_idx = e_idx | ne2[IdxBits-1:0];
        idx_d[ni*IdxBits +: IdxBits] = e_idx;
      end
    end
  end

  // data: responses, then kept writes
  integer di, de, dp;
  always @* begin
    data_d = data_q;
    if (busy_q)
      for (di = 0; di < MaxSrcs; di = di + 1)
        if (rsp_valid_i[di] && sv_q[di])
          for (de = 0; de < Slots; de = de + 1)
            if (idx_q[di*IdxBits +: IdxBits] == de[IdxBits-1:0])
              data_d[de*DataBits +: DataBits] = rsp_data_i[di*DataBits +: DataBits];
    for (dp = 0; dp < WbPorts; dp = dp + 1)
      for (de = 0; de < Slots; de = de + 1)
        if (w_kept[dp*Slots + de]) data_d[de*DataBits +: DataBits] = wr_data_i[dp*DataBits +: DataBits];
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
      lfsr_q  <= lfsr_d;
      gstart  <= gstart_d;
    end
  end

  // data: not reset (a slot is written before it is read)
  always @(posedge clk_i) data_q <= data_d;

`ifdef FORMAL
`include "ccu_props.vh"
`endif
endmodule
