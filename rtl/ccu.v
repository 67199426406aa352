// ccu: caching collector unit (Malekeh Sec. 3.2 and Fig. 2b; replacement Sec. 4.1; write
// policy Sec. 4.2). An operand collector whose data slots form a cache table (CT) of the
// owning warp's registers: valid, tag, lock, near hint (NearBits: 1, the near bit; more, the
// precise variant's closeness), true-LRU rank and data per entry; the
// operand collector table (OCT) points each source slot at an entry. One edge: responses
// fill, then the owning warp's writes (the first DPorts near writes kept, other hits
// invalidated), then a release of the owning warp's slot empties the CCU, then dispatch
// clears the locks, then an allocation flushes on a new warp and
// looks up, allocates, locks, marks and touches each source in slot order; the victim LFSR
// (x^16+x^14+x^13+x^11+1) steps every edge. Contract identical to cmodel/ccu.h.
// Build-time fault variants for harness self-tests: FAULT_CCU_LOCKED_VICTIM (the far and LRU
// searches ignore locks), FAULT_CCU_LRU_STUCK (a touch leaves the other ranks alone),
// FAULT_CCU_NO_FLUSH (a new warp keeps the old warp's entries), FAULT_CCU_FAR_STALE (a write
// that is not kept leaves a hit entry valid), FAULT_CCU_DUP_WRITE (a kept write takes a victim
// without looking the register up: two entries may hold one register).
// Proof-only fault variants (make formal): FORMAL_FAULT_CCU_LRU_REVERSED (a touch ages the
// ranks above the touched one instead of those below), FORMAL_FAULT_CCU_RESET_LRU (reset leaves
// the ranks as they were), FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID (a release leaves the entries
// valid), FORMAL_FAULT_CCU_INVALID_NEAR (a write that is not kept invalidates a hit entry but
// leaves its near hint), FORMAL_FAULT_CCU_LOCKS_KEPT (dispatch leaves the locks set),
// FORMAL_FAULT_CCU_HIT_UNLOCKED (a source that hits an unlocked entry does not lock it).
// A kept write that misses needs an unlocked victim; with every entry locked (Slots = MaxSrcs
// and as many distinct sources) it is not kept.
// Properties (`ifdef FORMAL, make formal): the victim of an allocation or a kept write is never
// a locked entry; no two valid entries hold one register; (invariants) the locked entries are
// exactly those the held instruction's sources point at; the LRU ranks are a permutation of
// 0..Slots-1; an entry is valid only while the CCU is owned; an invalid entry has no near hint.
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
  reg [Slots*IdxBits-1:0]   lru_q;
  reg [Slots*DataBits-1:0]  data_q;
  reg [MaxSrcs-1:0]         sv_q, pend_q, rdy_q;
  reg [MaxSrcs*IdxBits-1:0] idx_q;
  reg [15:0]                lfsr_q;

  // next state, built in the order of the contract by the always block below
  reg                       busy_d, owned_d;
  reg [WarpBits-1:0]        warp_d;
  reg [31:0]                info_d;
  reg [Slots-1:0]           valid_d, lock_d, fresh;
  reg [Slots*NearBits-1:0]  near_d;
  reg [Slots*RegBits-1:0]   tag_d;
  reg [Slots*IdxBits-1:0]   lru_d;
  reg [Slots*DataBits-1:0]  data_d;
  reg [MaxSrcs-1:0]         sv_d, pend_d, rdy_d;
  reg [MaxSrcs*IdxBits-1:0] idx_d;

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
  assign ct_lru_o     = lru_q;
  assign lfsr_o       = lfsr_q;

  integer o, i, e, k, p, kept;
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

  // the victim among the next-state entries: lowest invalid unlocked; else the first unlocked
  // far entry from lfsr % Slots on (cyclically); else the unlocked entry of the largest LRU rank
  reg [IdxBits-1:0] victim;
  reg               vfound;
  integer           vstart, ve;
  task pick_victim;
    begin
      vfound = 1'b0;
      victim = {IdxBits{1'b0}};
      for (ve = Slots - 1; ve >= 0; ve = ve - 1)
        if (!valid_d[ve] && !lock_d[ve]) begin
          victim = ve[IdxBits-1:0];
          vfound = 1'b1;
        end
      if (!vfound && NearBits == 1) begin
        vstart = {16'd0, lfsr_q} % Slots;
        for (ve = Slots - 1; ve >= 0; ve = ve - 1)
          if (ve < vstart && far_cand(ve[IdxBits-1:0])) begin
            victim = ve[IdxBits-1:0];
            vfound = 1'b1;
          end
        for (ve = Slots - 1; ve >= 0; ve = ve - 1)
          if (ve >= vstart && far_cand(ve[IdxBits-1:0])) begin
            victim = ve[IdxBits-1:0];
            vfound = 1'b1;
          end
      end
      if (!vfound)
        for (ve = 0; ve < Slots; ve = ve + 1)
`ifdef FAULT_CCU_LOCKED_VICTIM
          if (!vfound || farther(ve[IdxBits-1:0], victim)) begin
`else
          if (!lock_d[ve] && (!vfound || farther(ve[IdxBits-1:0], victim))) begin
`endif
            victim = ve[IdxBits-1:0];
            vfound = 1'b1;
          end
    end
  endtask

  // entry fa is a better victim than fb: less close, or as close and less recently used
  function farther(input [IdxBits-1:0] fa, input [IdxBits-1:0] fb);
    begin
      farther = near_d[fa*NearBits +: NearBits] < near_d[fb*NearBits +: NearBits] ||
                (near_d[fa*NearBits +: NearBits] == near_d[fb*NearBits +: NearBits] &&
                 lru_d[fa*IdxBits +: IdxBits] > lru_d[fb*IdxBits +: IdxBits]);
    end
  endfunction

  // an entry the far search may take
  function far_cand(input [IdxBits-1:0] fe);
    begin
`ifdef FAULT_CCU_LOCKED_VICTIM
      far_cand = near_d[fe*NearBits +: NearBits] == {NearBits{1'b0}};
`else
      far_cand = !lock_d[fe] && near_d[fe*NearBits +: NearBits] == {NearBits{1'b0}};
`endif
    end
  endfunction

  // entry te becomes the most recently used
  reg [IdxBits-1:0] te, trank;
  integer tj;
  task touch;
    begin
      trank = lru_d[te*IdxBits +: IdxBits];
`ifndef FAULT_CCU_LRU_STUCK
      for (tj = 0; tj < Slots; tj = tj + 1)
`ifdef FORMAL_FAULT_CCU_LRU_REVERSED
        if (lru_d[tj*IdxBits +: IdxBits] > trank)
`else
        if (lru_d[tj*IdxBits +: IdxBits] < trank)
`endif
          lru_d[tj*IdxBits +: IdxBits] = lru_d[tj*IdxBits +: IdxBits] + 1'b1;
`endif
      lru_d[te*IdxBits +: IdxBits] = {IdxBits{1'b0}};
    end
  endtask

  // lookup of register lreg among the next-state entries
  reg [RegBits-1:0] lreg;
  reg [IdxBits-1:0] lidx;
  reg               lhit;
  integer           lj;
  task lookup;
    begin
      lhit = 1'b0;
      lidx = {IdxBits{1'b0}};
      for (lj = Slots - 1; lj >= 0; lj = lj - 1)
        if (valid_d[lj] && tag_d[lj*RegBits +: RegBits] == lreg) begin
          lhit = 1'b1;
          lidx = lj[IdxBits-1:0];
        end
    end
  endtask

  always @* begin
    busy_d  = busy_q;
    owned_d = owned_q;
    warp_d  = warp_q;
    info_d  = info_q;
    valid_d = valid_q;
    lock_d  = lock_q;
    near_d  = near_q;
    tag_d   = tag_q;
    lru_d   = lru_q;
    data_d  = data_q;
    sv_d    = sv_q;
    pend_d  = pend_q;
    rdy_d   = rdy_q;
    idx_d   = idx_q;
    fresh   = {Slots{1'b0}};
    kept    = 0;
`ifdef FORMAL
    f_vlocked = 1'b0;
`endif
    lreg    = {RegBits{1'b0}};
    lidx    = {IdxBits{1'b0}};
    lhit    = 1'b0;
    victim  = {IdxBits{1'b0}};
    vfound  = 1'b0;
    vstart  = 0;
    te      = {IdxBits{1'b0}};
    trank   = {IdxBits{1'b0}};
    // 1. responses
    if (busy_q)
      for (i = 0; i < MaxSrcs; i = i + 1) begin
        if (rd_gnt_i[i]) pend_d[i] = 1'b0;
        if (rsp_valid_i[i] && sv_q[i]) begin
          data_d[idx_q[i*IdxBits +: IdxBits]*DataBits +: DataBits] = rsp_data_i[i*DataBits +: DataBits];
          for (k = 0; k < MaxSrcs; k = k + 1)
            if (sv_q[k] && idx_q[k*IdxBits +: IdxBits] == idx_q[i*IdxBits +: IdxBits]) rdy_d[k] = 1'b1;
        end
      end
    // 2. writes of the owning warp
    for (p = 0; p < WbPorts; p = p + 1)
      if (wr_valid_i[p] && owned_q && wr_warp_i[p*WarpBits +: WarpBits] == warp_q) begin
        lreg = wr_reg_i[p*RegBits +: RegBits];
`ifdef FAULT_CCU_DUP_WRITE
        lhit = 1'b0;
`else
        lookup;
`endif
        if (!lhit) pick_victim;
        if (wr_near_i[p*NearBits +: NearBits] != {NearBits{1'b0}} && kept < DPorts && (lhit || vfound)) begin
          kept = kept + 1;
          if (!lhit) begin
            lidx = victim;
`ifdef FORMAL
            f_vlocked = f_vlocked | lock_d[lidx];
`endif
            valid_d[lidx] = 1'b1;
            tag_d[lidx*RegBits +: RegBits] = lreg;
            lock_d[lidx] = 1'b0;
          end
          near_d[lidx*NearBits +: NearBits] = wr_near_i[p*NearBits +: NearBits];
          data_d[lidx*DataBits +: DataBits] = wr_data_i[p*DataBits +: DataBits];
          te = lidx;
          touch;
        end else if (lhit) begin
`ifndef FAULT_CCU_FAR_STALE
          valid_d[lidx] = 1'b0;
`ifndef FORMAL_FAULT_CCU_INVALID_NEAR
          near_d[lidx*NearBits +: NearBits] = {NearBits{1'b0}};
`endif
`endif
        end
      end
    // 3. release
    if (rel_valid_i && owned_q && rel_warp_i == warp_q) begin
      owned_d = 1'b0;
`ifndef FORMAL_FAULT_CCU_RELEASE_KEEPS_VALID
      valid_d = {Slots{1'b0}};
`endif
      near_d  = {(Slots*NearBits){1'b0}};
    end
    // 4. dispatch
    if (dispatch) begin
`ifndef FORMAL_FAULT_CCU_LOCKS_KEPT
      lock_d = {Slots{1'b0}};
`endif
      busy_d = 1'b0;
    end
    // 5. allocation
    if (alloc_valid_i && !busy_d) begin
`ifndef FAULT_CCU_NO_FLUSH
      if (!owned_q || alloc_warp_i != warp_q) begin
        valid_d = {Slots{1'b0}};
        near_d  = {(Slots*NearBits){1'b0}};
      end
`endif
      owned_d = 1'b1;
      warp_d  = alloc_warp_i;
      busy_d  = 1'b1;
      info_d  = alloc_info_i;
      for (i = 0; i < MaxSrcs; i = i + 1) begin
        sv_d[i]   = alloc_src_valid_i[i];
        pend_d[i] = 1'b0;
        rdy_d[i]  = 1'b0;
        idx_d[i*IdxBits +: IdxBits] = {IdxBits{1'b0}};
        if (alloc_src_valid_i[i]) begin
          lreg = alloc_src_i[i*RegBits +: RegBits];
          lookup;
          if (lhit && lock_d[lidx]) begin
            if (alloc_near_i[i*NearBits +: NearBits] > near_d[lidx*NearBits +: NearBits])
              near_d[lidx*NearBits +: NearBits] = alloc_near_i[i*NearBits +: NearBits];
            rdy_d[i] = ~fresh[lidx];
          end else begin
            if (lhit) rdy_d[i] = 1'b1;
            else begin
              pick_victim;
              lidx = victim;
`ifdef FORMAL
              f_vlocked = f_vlocked | lock_d[lidx] | !vfound;
`endif
              valid_d[lidx] = 1'b1;
              tag_d[lidx*RegBits +: RegBits] = lreg;
              fresh[lidx] = 1'b1;
              pend_d[i] = 1'b1;
            end
`ifdef FORMAL_FAULT_CCU_HIT_UNLOCKED
            if (!lhit) lock_d[lidx] = 1'b1;
`else
            lock_d[lidx] = 1'b1;
`endif
            near_d[lidx*NearBits +: NearBits] = alloc_near_i[i*NearBits +: NearBits];
          end
          te = lidx;
          touch;
          idx_d[i*IdxBits +: IdxBits] = lidx;
        end
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
`ifndef FORMAL_FAULT_CCU_RESET_LRU
      for (e = 0; e < Slots; e = e + 1) lru_q[e*IdxBits +: IdxBits] <= e[IdxBits-1:0];
`endif
      sv_q    <= {MaxSrcs{1'b0}};
      pend_q  <= {MaxSrcs{1'b0}};
      rdy_q   <= {MaxSrcs{1'b0}};
      idx_q   <= {(MaxSrcs*IdxBits){1'b0}};
      lfsr_q  <= LfsrSeed[15:0];
    end else begin
      busy_q  <= busy_d;
      owned_q <= owned_d;
      warp_q  <= warp_d;
      info_q  <= info_d;
      valid_q <= valid_d;
      lock_q  <= lock_d;
      near_q  <= near_d;
      tag_q   <= tag_d;
      lru_q   <= lru_d;
      sv_q    <= sv_d;
      pend_q  <= pend_d;
      rdy_q   <= rdy_d;
      idx_q   <= idx_d;
      lfsr_q  <= {lfsr_q[0] ^ lfsr_q[2] ^ lfsr_q[3] ^ lfsr_q[5], lfsr_q[15:1]};
    end
  end

  // data: not reset (a slot is written before it is read)
  always @(posedge clk_i) data_q <= data_d;

`ifdef FORMAL
  reg f_vlocked;             // this edge's allocation or kept write took a locked entry
  reg f_init = 1'b0;         // past the first (reset) cycle
  reg [Slots-1:0] f_oct;     // the entries the collector table points at
  integer fa, fb;
  always @* begin
    f_oct = {Slots{1'b0}};
    for (fa = 0; fa < MaxSrcs; fa = fa + 1)
      if (sv_q[fa]) f_oct[idx_q[fa*IdxBits +: IdxBits]] = 1'b1;
  end
  // the induction invariant: exactly the entries of the held instruction are locked
  always @* if (f_init) assert(lock_q == (busy_q ? f_oct : {Slots{1'b0}}));
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* if (f_init && rst_ni) assert(!f_vlocked);
  always @* if (f_init)
    for (fa = 0; fa < Slots; fa = fa + 1) begin
      assert(lru_q[fa*IdxBits +: IdxBits] < Slots);
      assert(owned_q || !valid_q[fa]);
      assert(valid_q[fa] || near_q[fa*NearBits +: NearBits] == {NearBits{1'b0}});
      for (fb = fa + 1; fb < Slots; fb = fb + 1) begin
        assert(lru_q[fa*IdxBits +: IdxBits] != lru_q[fb*IdxBits +: IdxBits]);
        assert(!(valid_q[fa] && valid_q[fb] &&
                 tag_q[fa*RegBits +: RegBits] == tag_q[fb*RegBits +: RegBits]));
      end
    end
`endif
endmodule
