// rc: the register cache of the hybrid register cache / scratchpad (Bailey et al. Secs.
// III-A2, III-A3, Table I; after Gebhart et al. [4]), one per scheduler. Lines warp registers
// in Sets = Lines / Ways sets (any count), each line a tag (warp slot, register), valid and
// dirty bits and a true-LRU rank within its set in flip-flops, its data in an SRAM macro. Set: idx = (reg + warp) mod PSets (Index 0)
// or reg mod PSets (Index 1); shared (Partition 0) set = idx, PSets = Sets; per-warp
// (Partition 1) set = slot x PSets + idx, PSets = Sets / Pool.
// One cycle, in order: reads look up the starting state (a hit touches LRU; a last-use hit
// drops its line after the writes unless a write took it); writes by port order (hit: lanes
// merged; full-mask miss: a victim from the start-of-cycle state, the first invalid way, else
// the LRU way, never a line a write of the cycle hits or an earlier one took, a dirty victim
// leaving on the port's eviction output the next cycle; partial-mask miss, or a write naming
// the slot being flushed: not done);
// warp-invalidate; flush of a per-warp slot (clean lines dropped, dirty ones on the eviction
// ports the writes left free, in line order). For the clock, every decision is parallel: the
// lookups are one-hot, each write's victim is the line with as many lines before it in the
// registered order as earlier writes allocate in its set, and the ranks after every touch of
// the cycle come from keys by last touch, not touch after touch.
// Contract identical to cmodel/rc.h.
// Build-time fault variants for harness self-tests: FAULT_RC_LRU_NO_HIT (a read hit leaves the
// ranks alone), FAULT_RC_DIRTY_DROPPED (a dirty victim is overwritten without a write-back),
// FAULT_RC_LAST_KEEPS (a last-use read does not invalidate), FAULT_RC_SET_OFF_BY_ONE (every
// access indexes the next set); for the proofs only (make formal, not built into gpurf),
// FORMAL_FAULT_RC_DUP_ALLOC (a write looks up way 0 only, so a register in another way is
// allocated a second time), FORMAL_FAULT_RC_DONE_UNVALID (a write port without a request is
// done when an earlier port allocated its register), FORMAL_FAULT_RC_EARLIER_ALLOC_MISSED (a
// write misses the earlier port's allocation of its register), FORMAL_FAULT_RC_FLUSH_WRITE (a
// write naming the slot being flushed is done), FORMAL_FAULT_RC_VICTIM_HIT_LINE
// (a victim may be a line another write hits), FORMAL_FAULT_RC_SAME_VICTIM (two writes
// allocating in one set take the same line), FORMAL_FAULT_RC_ALLOC_NO_VALID (an allocation
// leaves the valid bit as it was), FORMAL_FAULT_RC_DROP_WINS (a last-use drop removes a line a
// write took).
// Properties (`ifdef FORMAL, make formal): no line that was valid and dirty loses its register
// without that register leaving on an eviction port the next cycle, unless a last-use read of
// it or a warp-invalidate of its warp dropped it; no set holds one (warp, register) twice; a
// write is done only when requested and not of the slot being flushed, and its register is
// cached the next cycle (its warp not invalidated); (invariant) the ranks of a set are a
// permutation.
module rc #(
    parameter Lanes     = 32,
    parameter Lines     = 16,
    parameter Ways      = 2,
    parameter NumWarps  = 16,
    parameter ArchRegs  = 256,
    parameter Pool      = 4,
    parameter RPorts    = 6,
    parameter WPorts    = 2,
    parameter Index     = 0,
    parameter Partition = 0
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [RPorts-1:0]           rd_valid_i,
    input  wire [RPorts*WarpBits-1:0]  rd_warp_i,
    input  wire [RPorts*RegBits-1:0]   rd_reg_i,
    input  wire [RPorts*SlotBits-1:0]  rd_slot_i,
    input  wire [RPorts-1:0]           rd_last_i,
    input  wire [WPorts-1:0]           wr_valid_i,
    input  wire [WPorts*WarpBits-1:0]  wr_warp_i,
    input  wire [WPorts*RegBits-1:0]   wr_reg_i,
    input  wire [WPorts*SlotBits-1:0]  wr_slot_i,
    input  wire [WPorts*DataBits-1:0]  wr_data_i,
    input  wire [WPorts*Lanes-1:0]     wr_mask_i,
    input  wire                        inv_valid_i,
    input  wire [WarpBits-1:0]         inv_warp_i,
    input  wire                        fl_valid_i,
    input  wire [SlotBits-1:0]         fl_slot_i,
    output reg  [RPorts-1:0]           rsp_valid_o,
    output reg  [RPorts-1:0]           rsp_hit_o,
    output reg  [RPorts*DataBits-1:0]  rsp_data_o,
    output reg  [WPorts-1:0]           wr_done_o,
    output reg  [WPorts-1:0]           ev_valid_o,
    output reg  [WPorts*WarpBits-1:0]  ev_warp_o,
    output reg  [WPorts*RegBits-1:0]   ev_reg_o,
    output reg  [WPorts*DataBits-1:0]  ev_data_o,
    output reg                         fl_done_o,
    output wire [Lines-1:0]            valid_o,
    output wire [Lines-1:0]            dirty_o,
    output wire [Lines*WarpBits-1:0]   tag_warp_o,
    output wire [Lines*RegBits-1:0]    tag_reg_o,
    output wire [Lines*WayBits-1:0]    lru_o
);
  localparam WarpBits = (NumWarps > 1) ? $clog2(NumWarps) : 1;
  localparam RegBits  = (ArchRegs > 1) ? $clog2(ArchRegs) : 1;
  localparam SlotBits = (Pool > 1) ? $clog2(Pool) : 1;
  localparam WayBits  = (Ways > 1) ? $clog2(Ways) : 1;
  localparam LineBits = (Lines > 1) ? $clog2(Lines) : 1;
  localparam DataBits = Lanes * 32;
  localparam integer Sets  = Lines / Ways;
  localparam integer PSets = (Partition == 1) ? Sets / Pool : Sets;

  reg [Lines-1:0]          valid_q, dirty_q;
  reg [Lines*WarpBits-1:0] warp_q;
  reg [Lines*RegBits-1:0]  reg_q;
  reg [Lines*WayBits-1:0]  lru_q;
  assign valid_o    = valid_q;
  assign dirty_o    = dirty_q;
  assign tag_warp_o = warp_q;
  assign tag_reg_o  = reg_q;
  assign lru_o      = lru_q;

  localparam SetBits  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam SumBits  = ((WarpBits > RegBits) ? WarpBits : RegBits) + 1;
  localparam [SumBits-1:0] PSetsS = PSets[SumBits-1:0];

  // the set an access indexes (narrow arithmetic: the divisor is a constant)
  function [SetBits-1:0] set_of(input [WarpBits-1:0] w, input [RegBits-1:0] r,
                                input [SlotBits-1:0] s);
    reg [SumBits-1:0] idx;
    reg [31:0]        full;
    begin
      idx = {{(SumBits-RegBits){1'b0}}, r};
      if (Index == 0) idx = idx + {{(SumBits-WarpBits){1'b0}}, w};
      idx = idx % PSetsS;
`ifdef FAULT_RC_SET_OFF_BY_ONE
      idx = (idx + 1'b1) % PSetsS;
`endif
      full = {{(32-SumBits){1'b0}}, idx};
      if (Partition == 1) full = full + {{(32-SlotBits){1'b0}}, s} * PSets;
      set_of = full[SetBits-1:0];
    end
  endfunction
  // the access names a slot of the pool (per-warp); always in a shared cache
  function set_ok(input [SlotBits-1:0] s);
    set_ok = Partition != 1 || {{(32-SlotBits){1'b0}}, s} < Pool;
  endfunction
  // line j lies in set st (j constant after unrolling)
  function in_set(input integer j, input [SetBits-1:0] st);
    in_set = j / Ways == {{(32-SetBits){1'b0}}, st};
  endfunction

  // the ranks after this cycle's touches (read hits in port order, then writes in port order;
  // rh, wh: each port's line, one-hot), in parallel form: a line's key is Ways + the position
  // of its last touch, or Ways - 1 - its rank if nothing touched it; its new rank is the number
  // of lines of its set with a larger key (the sequential touches' result: touched lines by
  // last touch, then the others in their old order)
  localparam KeyBits = $clog2(Ways + RPorts + WPorts);
  function [Lines*WayBits-1:0] touched(input [Lines*WayBits-1:0] r, input [RPorts*Lines-1:0] rh,
                                       input [WPorts*Lines-1:0] wh);
    integer j, a;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] t;
    /* verilator lint_on UNUSEDSIGNAL */
    reg [KeyBits-1:0] key [0:Lines-1];
    reg [WayBits-1:0] n;
    begin
      for (j = 0; j < Lines; j = j + 1) begin
        t = Ways - 1 - {{(32-WayBits){1'b0}}, r[j*WayBits +: WayBits]};
        key[j] = t[KeyBits-1:0];
        for (a = 0; a < RPorts; a = a + 1)
          if (rh[a*Lines + j]) begin
            t = Ways + a;
            key[j] = t[KeyBits-1:0];
          end
        for (a = 0; a < WPorts; a = a + 1)
          if (wh[a*Lines + j]) begin
            t = Ways + RPorts + a;
            key[j] = t[KeyBits-1:0];
          end
      end
      for (j = 0; j < Lines; j = j + 1) begin
        n = {WayBits{1'b0}};
        for (a = (j / Ways) * Ways; a < (j / Ways + 1) * Ways; a = a + 1)
          if (a != j && key[a] > key[j]) n = n + 1'b1;
        touched[j*WayBits +: WayBits] = n;
      end
    end
  endfunction

  // a line's number from a one-hot (or zero) vector: the lookups match at most one line of a
  // set (no set holds a register twice: proved), so an OR of the numbers, not a priority chain
  function [LineBits-1:0] enc(input [Lines-1:0] oh);
    integer j;
    begin
      enc = {LineBits{1'b0}};
      for (j = 0; j < Lines; j = j + 1)
        if (oh[j]) enc = enc | j[LineBits-1:0];
    end
  endfunction
  // victim order from the start-of-cycle state, registers only: line u comes before line w of
  // its set when u is invalid and w valid or later, or both are valid and u's rank is larger
  reg [Lines*Lines-1:0] prefer;
  integer bu, bw;
  always @* begin
    prefer = {Lines*Lines{1'b0}};
    for (bw = 0; bw < Lines; bw = bw + 1)
      for (bu = (bw / Ways) * Ways; bu < (bw / Ways + 1) * Ways; bu = bu + 1)
        if (bu != bw)
          prefer[bu*Lines + bw] = !valid_q[bu] ? (valid_q[bw] || bu < bw) :
                                  valid_q[bw] && lru_q[bu*WayBits +: WayBits] > lru_q[bw*WayBits +: WayBits];
  end

  // a write that may be done: asked for, naming a slot of the pool other than the one flushed
  reg [WPorts-1:0] wreq;
  integer q;
  always @*
    for (q = 0; q < WPorts; q = q + 1)
      wreq[q] = wr_valid_i[q] && set_ok(wr_slot_i[q*SlotBits +: SlotBits])
`ifndef FORMAL_FAULT_RC_FLUSH_WRITE
                && !(fl_valid_i && Partition == 1 && wr_slot_i[q*SlotBits +: SlotBits] == fl_slot_i)
`endif
                ;

  // ---- the cycle's decisions on the tag state (pv, pd, pw, pr: the state as it evolves)
  reg [Lines-1:0]           pv, pd;
  reg [Lines*WarpBits-1:0]  pw;
  reg [Lines*RegBits-1:0]   pr;
  reg [Lines*WayBits-1:0]   pl;
  reg [RPorts-1:0]          rd_hit;
  reg [RPorts*LineBits-1:0] rd_l;
  reg [WPorts*LineBits-1:0] wr_l;
  reg [WPorts-1:0]          ev_w;           // port k evicts for its write
  reg [WPorts*LineBits-1:0] ev_l;
  reg [WPorts*WarpBits-1:0] ev_wp;
  reg [WPorts*RegBits-1:0]  ev_rg;
  reg [SetBits-1:0]         st;
  reg [LineBits-1:0]        v;
  reg [Lines-1:0]           drop, excl, took; // dropped by a last-use hit; hit by a write; taken
  reg [Lines-1:0]           m, vo;          // a lookup's matching line; the victim (one-hot)
  reg [RPorts*Lines-1:0]    rdm;            // each read's line (one-hot)
  reg [WPorts*Lines-1:0]    wrs, vos, wrm;  // each write's start hit, victim, line (one-hot)
  reg [WPorts-1:0]          alc;            // the write allocates
  reg [WPorts*SetBits-1:0]  wst;
  reg [WayBits:0]           ahead, nk;      // lines before a candidate; earlier allocations
  reg                       hit;
  integer p, k, kj, w, u;

  always @* begin
    pv = valid_q; pd = dirty_q; pw = warp_q; pr = reg_q; pl = lru_q;
    rd_hit = {RPorts{1'b0}}; rd_l = {RPorts*LineBits{1'b0}};
    wr_l = {WPorts*LineBits{1'b0}}; wr_done_o = {WPorts{1'b0}};
    ev_w = {WPorts{1'b0}}; ev_l = {WPorts*LineBits{1'b0}};
    ev_wp = {WPorts*WarpBits{1'b0}}; ev_rg = {WPorts*RegBits{1'b0}};
    st = {SetBits{1'b0}}; v = {LineBits{1'b0}};
    hit = 1'b0; m = {Lines{1'b0}}; vo = {Lines{1'b0}}; ahead = {(WayBits+1){1'b0}};
    nk = {(WayBits+1){1'b0}}; drop = {Lines{1'b0}}; excl = {Lines{1'b0}}; took = {Lines{1'b0}};
    rdm = {RPorts*Lines{1'b0}}; wrs = {WPorts*Lines{1'b0}}; vos = {WPorts*Lines{1'b0}};
    wrm = {WPorts*Lines{1'b0}}; alc = {WPorts{1'b0}}; wst = {WPorts*SetBits{1'b0}};
    // 1. reads on the starting state; the lines last-use hits drop (after the writes)
    for (p = 0; p < RPorts; p = p + 1) begin
      st = set_of(rd_warp_i[p*WarpBits +: WarpBits], rd_reg_i[p*RegBits +: RegBits],
                  rd_slot_i[p*SlotBits +: SlotBits]);
      for (w = 0; w < Lines; w = w + 1)
        m[w] = rd_valid_i[p] && set_ok(rd_slot_i[p*SlotBits +: SlotBits]) && in_set(w, st) &&
               valid_q[w] && warp_q[w*WarpBits +: WarpBits] == rd_warp_i[p*WarpBits +: WarpBits] &&
               reg_q[w*RegBits +: RegBits] == rd_reg_i[p*RegBits +: RegBits];
      rd_hit[p] = |m;
      rd_l[p*LineBits +: LineBits] = enc(m);
      rdm[p*Lines +: Lines] = m;
      if (rd_last_i[p]) drop = drop | m;
    end
    // 2. writes: each one's start-of-cycle hit (never a victim), all at once
    for (k = 0; k < WPorts; k = k + 1) begin
      st = set_of(wr_warp_i[k*WarpBits +: WarpBits], wr_reg_i[k*RegBits +: RegBits],
                  wr_slot_i[k*SlotBits +: SlotBits]);
      wst[k*SetBits +: SetBits] = st;
      for (w = 0; w < Lines; w = w + 1)
        wrs[k*Lines + w] = wreq[k] && in_set(w, st) &&
`ifdef FORMAL_FAULT_RC_DUP_ALLOC
                           w % Ways == 0 &&
`endif
                           valid_q[w] && warp_q[w*WarpBits +: WarpBits] == wr_warp_i[k*WarpBits +: WarpBits] &&
                           reg_q[w*RegBits +: RegBits] == wr_reg_i[k*RegBits +: RegBits];
      excl = excl | wrs[k*Lines +: Lines];
    end
    // then by port order: a hit at the start or on an earlier write's allocation of the same
    // register; else (full mask) the victim: of the set's lines no write hits, the one with as
    // many lines before it in the start-of-cycle order as earlier writes allocate in the set
    for (k = 0; k < WPorts; k = k + 1) begin
      st = wst[k*SetBits +: SetBits];
      m = wrs[k*Lines +: Lines];
      hit = |m;
      nk = {(WayBits+1){1'b0}};
      for (kj = 0; kj < k; kj = kj + 1)
        if (alc[kj] && wst[kj*SetBits +: SetBits] == st) begin
          nk = nk + 1'b1;
`ifdef FORMAL_FAULT_RC_EARLIER_ALLOC_MISSED
          if (1'b0 &&
`elsif FORMAL_FAULT_RC_DONE_UNVALID
          if (
`else
          if (wreq[k] &&
`endif
              wr_warp_i[kj*WarpBits +: WarpBits] == wr_warp_i[k*WarpBits +: WarpBits] &&
              wr_reg_i[kj*RegBits +: RegBits] == wr_reg_i[k*RegBits +: RegBits]) begin
            hit = 1'b1;
            m = m | vos[kj*Lines +: Lines];
          end
        end
      for (w = 0; w < Lines; w = w + 1) begin
        ahead = {(WayBits+1){1'b0}};
        for (u = (w / Ways) * Ways; u < (w / Ways + 1) * Ways; u = u + 1)
`ifdef FORMAL_FAULT_RC_VICTIM_HIT_LINE
          if (u != w && prefer[u*Lines + w]) ahead = ahead + 1'b1;
        vo[w] = wreq[k] && in_set(w, st) &&
                !hit && &wr_mask_i[k*Lanes +: Lanes] && ahead == nk;
`elsif FORMAL_FAULT_RC_SAME_VICTIM
          if (u != w && !excl[u] && prefer[u*Lines + w]) ahead = ahead + 1'b1;
        vo[w] = wreq[k] && in_set(w, st) &&
                !hit && &wr_mask_i[k*Lanes +: Lanes] && !excl[w] && ahead == 0;
`else
          if (u != w && !excl[u] && prefer[u*Lines + w]) ahead = ahead + 1'b1;
        vo[w] = wreq[k] && in_set(w, st) &&
                !hit && &wr_mask_i[k*Lanes +: Lanes] && !excl[w] && ahead == nk;
`endif
      end
      alc[k] = wreq[k] && !hit &&
               &wr_mask_i[k*Lanes +: Lanes] && (Ways >= WPorts || |vo);
      vos[k*Lines +: Lines] = vo;
      wrm[k*Lines +: Lines] = m | vo;
      wr_done_o[k] = hit || alc[k];
      v = enc(vo);
      ev_l[k*LineBits +: LineBits] = v;
      wr_l[k*LineBits +: LineBits] = enc(m | vo);
      // a dirty victim a last-use read did not drop leaves (AND-OR over the one-hot victim; the
      // tag reaches the eviction port only when it leaves)
      for (w = 0; w < Lines; w = w + 1)
        if (vo[w]) begin
`ifndef FAULT_RC_DIRTY_DROPPED
          ev_w[k] = ev_w[k] | (valid_q[w] && dirty_q[w] && !drop[w]);
          ev_wp[k*WarpBits +: WarpBits] = ev_wp[k*WarpBits +: WarpBits] | warp_q[w*WarpBits +: WarpBits];
          ev_rg[k*RegBits +: RegBits] = ev_rg[k*RegBits +: RegBits] | reg_q[w*RegBits +: RegBits];
`endif
`ifndef FORMAL_FAULT_RC_ALLOC_NO_VALID
          pv[w] = 1'b1;
`endif
          pw[w*WarpBits +: WarpBits] = wr_warp_i[k*WarpBits +: WarpBits];
          pr[w*RegBits +: RegBits] = wr_reg_i[k*RegBits +: RegBits];
        end
      pd = pd | m | vo;
      took = took | vo;
    end
`ifdef FORMAL_FAULT_RC_DROP_WINS
    pv = pv & ~drop;
`else
`ifndef FAULT_RC_LAST_KEEPS
    pv = pv & ~(drop & ~(excl | took));
`endif
`endif
`ifdef FAULT_RC_LRU_NO_HIT
    pl = touched(lru_q, {RPorts*Lines{1'b0}}, wrm);
`else
    pl = touched(lru_q, rdm, wrm);
`endif
    // 3. warp-invalidate
    if (inv_valid_i)
      for (w = 0; w < Lines; w = w + 1)
        if (pw[w*WarpBits +: WarpBits] == inv_warp_i) pv[w] = 1'b0;
  end

  // 4. flush of a per-warp slot (on the state after steps 1-3, which for its lines is the
  // start-of-cycle state less this cycle's drops: no write touches them): its clean valid
  // lines invalidated; its dirty ones, in line order, on the ports the writes left free, in
  // port order (the j-th dirty line on the j-th free port). The candidate of each place j (fc_*:
  // the dirty line with j dirty lines before it, from thermometer counts, fl_rank) comes from
  // the state alone, an AND-OR over the one-hot lines; the writes' evictions only pick among
  // the candidates. fv, ef, el, ewp, erg: the valid flags and the evictions after it.
  reg [WPorts-1:0]          fc_any;
  reg [WPorts*LineBits-1:0] fc_l;
  reg [WPorts*WarpBits-1:0] fc_wp;
  reg [WPorts*RegBits-1:0]  fc_rg;
  reg                       fc_sel;         // line fw is place fc_j's candidate
  integer fc_j, fw;
  always @* begin
    fc_any = {WPorts{1'b0}}; fc_l = {WPorts*LineBits{1'b0}};
    fc_wp = {WPorts*WarpBits{1'b0}}; fc_rg = {WPorts*RegBits{1'b0}}; fc_sel = 1'b0;
    for (fc_j = 0; fc_j < WPorts; fc_j = fc_j + 1)
      for (fw = 0; fw < Lines; fw = fw + 1) begin
        fc_sel = fl_dirty[fw] && onehot_at(fl_rank[fw*FlU +: FlU], fc_j);
        fc_any[fc_j] = fc_any[fc_j] | fc_sel;
        fc_l[fc_j*LineBits +: LineBits] = fc_l[fc_j*LineBits +: LineBits] | ({LineBits{fc_sel}} & fw[LineBits-1:0]);
        fc_wp[fc_j*WarpBits +: WarpBits] = fc_wp[fc_j*WarpBits +: WarpBits] |
                                          ({WarpBits{fc_sel}} & warp_q[fw*WarpBits +: WarpBits]);
        fc_rg[fc_j*RegBits +: RegBits] = fc_rg[fc_j*RegBits +: RegBits] |
                                        ({RegBits{fc_sel}} & reg_q[fw*RegBits +: RegBits]);
      end
  end
  reg [Lines-1:0]           fv;
  reg [WPorts-1:0]          ef;
  reg [WPorts*LineBits-1:0] el;
  reg [WPorts*WarpBits-1:0] ewp;
  reg [WPorts*RegBits-1:0]  erg;
  integer fk, fq;
  always @* begin
    ef = {WPorts{1'b0}}; el = ev_l; ewp = ev_wp; erg = ev_rg;
    fq = 0;
    for (fk = 0; fk < WPorts; fk = fk + 1)
      if (!ev_w[fk]) begin
        // port fk is the fq-th free port: it takes the fq-th candidate
        ef[fk] = fc_any[fq];
        if (fc_any[fq]) begin
          el[fk*LineBits +: LineBits] = fc_l[fq*LineBits +: LineBits];
          ewp[fk*WarpBits +: WarpBits] = fc_wp[fq*WarpBits +: WarpBits];
          erg[fk*RegBits +: RegBits] = fc_rg[fq*RegBits +: RegBits];
        end
        fq = fq + 1;
      end
    // the slot's clean lines, and its dirty ones with fewer dirty lines before them than
    // there are free ports, leave
    fv = pv;
    for (fw = 0; fw < Lines; fw = fw + 1)
      if (fl_in[fw] && (!dirty_q[fw] || (fq > 0 && !fl_rank[fw*FlU + (fq == 0 ? 0 : fq - 1)])))
        fv[fw] = 1'b0;
  end
  // the dirty lines of the flushed slot before each line, a thermometer saturating at WPorts
  localparam integer FlU = WPorts + 1;
  reg  [Lines-1:0]     fl_in, fl_dirty;
  reg  [Lines*Lines-1:0] fl_below;
  wire [Lines*FlU-1:0] fl_rank;
  integer fi, fj;
  always @* begin
    for (fi = 0; fi < Lines; fi = fi + 1) begin
      fl_in[fi]    = fl_valid_i && Partition == 1 && set_ok(fl_slot_i) &&
                     (fi / Ways) / PSets == {{(32-SlotBits){1'b0}}, fl_slot_i} && valid_q[fi] &&
                     !drop[fi] && !(inv_valid_i && warp_q[fi*WarpBits +: WarpBits] == inv_warp_i);
      fl_dirty[fi] = fl_in[fi] && dirty_q[fi];
    end
    for (fi = 0; fi < Lines; fi = fi + 1)
      for (fj = 0; fj < Lines; fj = fj + 1) fl_below[fi*Lines + fj] = fj < fi && fl_dirty[fj];
  end
  genvar gfl;
  generate
    for (gfl = 0; gfl < Lines; gfl = gfl + 1) begin : g_flrank
      ucount #(.N(Lines), .U(FlU)) u_rank (.v_i(fl_below[gfl*Lines +: Lines]), .th_o(fl_rank[gfl*FlU +: FlU]));
    end
  endgenerate
  // a thermometer code th (bit n: more than n) equals n
  function onehot_at(input [FlU-1:0] th, input integer n);
    onehot_at = (n == 0 || th[n == 0 ? 0 : n - 1]) && !th[n];
  endfunction

  // flush completion: the slot holds no valid line
  always @* begin
    fl_done_o = fl_valid_i;
    if (fl_valid_i && Partition == 1)
      for (w = 0; w < Lines; w = w + 1)
        if ((w / Ways) / PSets == {{(32-SlotBits){1'b0}}, fl_slot_i} && valid_q[w])
          fl_done_o = 1'b0;
  end

  // ---- data: one SRAM macro of Lines lines (Table I: 2 write ports, 6 read ports; the two
  // victim reads of the evictions are two more read ports, which the paper does not describe).
  (* gpurf_sram *) reg [DataBits-1:0] mem [0:Lines-1];
  integer i;
`ifndef SYNTHESIS
  initial for (i = 0; i < Lines; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif

  // reset ranks: way w of every set has rank w
  wire [Lines*WayBits-1:0] lru_rst;
  genvar gl;
  generate
    for (gl = 0; gl < Lines; gl = gl + 1) begin : g_lru_rst
      localparam integer Rank = gl % Ways;
      assign lru_rst[gl*WayBits +: WayBits] = Rank[WayBits-1:0];
    end
  endgenerate

  reg [RPorts*DataBits-1:0] rd_data;
  integer rp, wk, lk;
  always @* begin
    rd_data = {RPorts*DataBits{1'b0}};
    for (rp = 0; rp < RPorts; rp = rp + 1)
      if (rd_hit[rp]) rd_data[rp*DataBits +: DataBits] = mem[rd_l[rp*LineBits +: LineBits]];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q     <= {Lines{1'b0}};
      dirty_q     <= {Lines{1'b0}};
      warp_q      <= {Lines*WarpBits{1'b0}};
      reg_q       <= {Lines*RegBits{1'b0}};
      lru_q       <= lru_rst;
      rsp_valid_o <= {RPorts{1'b0}};
      rsp_hit_o   <= {RPorts{1'b0}};
      rsp_data_o  <= {RPorts*DataBits{1'b0}};
      ev_valid_o  <= {WPorts{1'b0}};
      ev_warp_o   <= {WPorts*WarpBits{1'b0}};
      ev_reg_o    <= {WPorts*RegBits{1'b0}};
      ev_data_o   <= {WPorts*DataBits{1'b0}};
    end else begin
      valid_q <= fv; dirty_q <= pd; warp_q <= pw; reg_q <= pr; lru_q <= pl;
      rsp_valid_o <= rd_valid_i;
      rsp_hit_o   <= rd_hit;
      rsp_data_o  <= rd_data;
      ev_valid_o <= ev_w | ef;
      for (wk = 0; wk < WPorts; wk = wk + 1) begin
        ev_warp_o[wk*WarpBits +: WarpBits] <= (ev_w[wk] || ef[wk]) ? ewp[wk*WarpBits +: WarpBits] : {WarpBits{1'b0}};
        ev_reg_o[wk*RegBits +: RegBits]    <= (ev_w[wk] || ef[wk]) ? erg[wk*RegBits +: RegBits] : {RegBits{1'b0}};
      end
      for (wk = 0; wk < WPorts; wk = wk + 1)
        ev_data_o[wk*DataBits +: DataBits] <= !(ev_w[wk] || ef[wk]) ? {DataBits{1'b0}} :
                                              mem[el[wk*LineBits +: LineBits]];
    end
    for (wk = 0; wk < WPorts; wk = wk + 1)
      if (rst_ni && wr_done_o[wk])
        for (lk = 0; lk < Lanes; lk = lk + 1)
          if (wr_mask_i[wk*Lanes + lk])
            mem[wr_l[wk*LineBits +: LineBits]][lk*32 +: 32] <= wr_data_i[(wk*Lanes + lk)*32 +: 32];
  end

`ifdef FORMAL
`include "rc_props.vh"
`endif
endmodule
