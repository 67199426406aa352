// rflc: the release-flag cache of cross-warp register renaming (Jeon and Annavaram Sec. 6.2,
// Fig. 8), one per sub-core, shared by its warps. An entry holds a pir's 54 flag bits, tagged
// by the static index of the first instruction the pir covers, a valid bit and a true-LRU
// rank (0 = most recent).
//   lookup: a hit (combinational) gives the flags, so the warp skips fetching the pir;
//   fill:   caches a fetched pir (written at the edge) in the entry holding its tag, else in
//           the lowest-numbered invalid entry, else in the least recently used valid entry no
//           warp needs; none: not cached (fill_ok 0). Entries touched at the last edge are
//           not victims.
//   in use: registered, in_use_o is the previous cycle's test: some valid warp's next
//           instruction lay in the Span instructions the entry covers.
// Pipelined for the clock (docs/synthesis.md): the victim is a one-hot choice over the
// registered valid, in-use and older-than bits (rtl/lru_matrix.v: no search chain), and
// the cycle's hit and fill touch the ranks at the next edge (hit first), so the ranks a fill
// sees are one cycle old; that is why an entry with a touch pending is not a victim.
//   flush:  a new kernel's program: every entry becomes invalid at the edge (a fill in the
//           same cycle is dropped; its touch is not); the ranks stay.
// Contract identical to cmodel/rflc.h.
// Build-time fault variants: FAULT_RFLC_EVICT_IN_USE (the victim ignores the warps' next
// instructions), FAULT_RFLC_FIRST_VICTIM (the first evictable entry, not the least recently
// used), FAULT_RFLC_STALE_HIT (a lookup hits an invalid entry's tag), FAULT_RFLC_REFILL_DUP (a
// fill of a cached tag takes a victim: two entries hold the tag).
// Proof-only fault variants (make formal): FORMAL_FAULT_RFLC_FLUSH_KEEPS_ONE (a flush leaves
// entry 0 valid), FORMAL_FAULT_RFLC_SPAN_OFF_BY_ONE (an entry is in use one instruction past
// its span), FORMAL_FAULT_RFLC_IGNORES_WARP_VALID (invalid warps count for the in-use test),
// FORMAL_FAULT_RFLC_PEND_IGNORED (an entry touched at the last edge may be the victim),
// FORMAL_FAULT_RFLC_LAST_INVALID (the highest invalid entry is taken first),
// FORMAL_FAULT_RFLC_FILL_WHEN_FULL (a fill reports success with no entry to take).
// Properties (`ifdef FORMAL, make formal): no two valid entries hold one tag; a lookup hits
// exactly when a valid entry holds its tag; a successful fill takes one entry: its tag's, else
// the lowest invalid entry not touched at the last edge, else a valid one that no warp needs
// (the in-use test re-derived), not touched at the last edge and the least recently used of
// those; nothing is valid after a flush; (invariant) the ranks are a permutation.
module rflc #(
    parameter Entries  = 16,
    parameter NumWarps = 16,
    parameter Span     = 18
) (
    input  wire                         clk_i,
    input  wire                         rst_ni,
    input  wire                         lk_valid_i,
    input  wire [TagBits-1:0]           lk_tag_i,
    input  wire                         fill_valid_i,
    input  wire [TagBits-1:0]           fill_tag_i,
    input  wire [31:0]                  fill_lo_i,
    input  wire [HiBits-1:0]            fill_hi_i,
    input  wire                         flush_i,
    input  wire [NumWarps-1:0]          warp_valid_i,
    input  wire [NumWarps*TagBits-1:0]  warp_next_i,
    output reg                          lk_hit_o,
    output reg  [31:0]                  lk_lo_o,
    output reg  [HiBits-1:0]            lk_hi_o,
    output reg                          fill_ok_o,
    output reg  [SlotBits-1:0]          fill_slot_o,
    output wire [Entries-1:0]           valid_o,
    output wire [Entries*TagBits-1:0]   tag_o,
    output wire [Entries-1:0]           in_use_o,
    output wire [Entries*SlotBits-1:0]  lru_o
);
  localparam TagBits  = 16;
  localparam HiBits   = 22;
  localparam SlotBits = (Entries > 1) ? $clog2(Entries) : 1;
  localparam [TagBits:0] SpanW = Span[TagBits:0];

  reg [Entries-1:0]          valid_q;
  reg [Entries*TagBits-1:0]  tag_q;
  reg [Entries*32-1:0]       lo_q;
  reg [Entries*HiBits-1:0]   hi_q;
  wire [Entries*SlotBits-1:0] lru_q;
  wire [Entries*Entries-1:0] older;
  reg [Entries-1:0]          in_use_q;
  // the last edge's hit and fill (one-hot), whose touches the next edge applies
  reg [Entries-1:0]          hit_q, fill_q;

  assign valid_o  = valid_q;
  assign tag_o    = tag_q;
  assign lru_o    = lru_q;
  assign in_use_o = in_use_q;

  // ---- lookup and same-tag fill: valid tags are unique (a fill of a cached tag refreshes its
  // entry), so each match vector is one-hot or empty and selects with an AND-OR -----------------
  integer e, e2, w;
  reg [Entries-1:0]  hit_oh, same_oh;
  reg [31:0]         h_lo;
  reg [HiBits-1:0]   h_hi;
  always @* begin
    h_lo = 32'd0;
    h_hi = {HiBits{1'b0}};
    for (e = 0; e < Entries; e = e + 1) begin
`ifdef FAULT_RFLC_STALE_HIT
      hit_oh[e]  = lk_valid_i && tag_q[e*TagBits +: TagBits] == lk_tag_i;
`else
      hit_oh[e]  = lk_valid_i && valid_q[e] && tag_q[e*TagBits +: TagBits] == lk_tag_i;
`endif
      same_oh[e] = fill_valid_i && valid_q[e] && tag_q[e*TagBits +: TagBits] == fill_tag_i;
`ifdef FAULT_RFLC_REFILL_DUP
      same_oh[e] = 1'b0;
`endif
      if (hit_oh[e]) begin
        h_lo = h_lo | lo_q[e*32 +: 32];
        h_hi = h_hi | hi_q[e*HiBits +: HiBits];
      end
    end
  end

  // ---- in-use test, registered: a valid warp's next instruction nx with 0 <= nx - tag < Span
  reg [Entries-1:0] in_use_d;
  reg [TagBits:0]   gap;
  always @* begin
    in_use_d = {Entries{1'b0}};
    for (e = 0; e < Entries; e = e + 1)
      for (w = 0; w < NumWarps; w = w + 1) begin
        gap = {1'b0, warp_next_i[w*TagBits +: TagBits]} - {1'b0, tag_q[e*TagBits +: TagBits]};
`ifdef FORMAL_FAULT_RFLC_SPAN_OFF_BY_ONE
        if (valid_q[e] && warp_valid_i[w] && !gap[TagBits] && gap <= SpanW) in_use_d[e] = 1'b1;
`elsif FORMAL_FAULT_RFLC_IGNORES_WARP_VALID
        if (valid_q[e] && !gap[TagBits] && gap < SpanW) in_use_d[e] = 1'b1;
`else
        if (valid_q[e] && warp_valid_i[w] && !gap[TagBits] && gap < SpanW) in_use_d[e] = 1'b1;
`endif
      end
`ifdef FAULT_RFLC_EVICT_IN_USE
    in_use_d = {Entries{1'b0}};
`endif
  end

  // ---- victim: one-hot over the registered state; the lowest invalid entry, else the valid
  // evictable entry ranked above every other (ranks are a permutation) --------------------------
  reg [Entries-1:0]  pend, el_inv, el_val, first_inv, oldest, vict, slot_oh;
  reg                found_v;
  always @* begin
`ifdef FORMAL_FAULT_RFLC_PEND_IGNORED
    pend = {Entries{1'b0}};
`else
    pend = hit_q | fill_q;
`endif
    for (e = 0; e < Entries; e = e + 1) begin
      el_inv[e] = !valid_q[e] && !pend[e];
      el_val[e] = valid_q[e] && !in_use_q[e] && !pend[e];
    end
    for (e = 0; e < Entries; e = e + 1) begin
      first_inv[e] = el_inv[e];
`ifdef FORMAL_FAULT_RFLC_LAST_INVALID
      for (e2 = e + 1; e2 < Entries; e2 = e2 + 1)
`else
      for (e2 = 0; e2 < e; e2 = e2 + 1)
`endif
        if (el_inv[e2]) first_inv[e] = 1'b0;
      oldest[e] = el_val[e];
      for (e2 = 0; e2 < Entries; e2 = e2 + 1)
`ifdef FAULT_RFLC_FIRST_VICTIM
        if (e2 < e && el_val[e2])
`else
        if (el_val[e2] && !older[e*Entries+e2] && e2 != e)
`endif
          oldest[e] = 1'b0;
    end
    vict    = |el_inv ? first_inv : oldest;
    found_v = |el_inv || |el_val;
    slot_oh = |same_oh ? same_oh : vict;
  end

  always @* begin
    lk_hit_o    = |hit_oh;
    lk_lo_o     = h_lo;
    lk_hi_o     = h_hi;
`ifdef FORMAL_FAULT_RFLC_FILL_WHEN_FULL
    fill_ok_o   = fill_valid_i;
`else
    fill_ok_o   = fill_valid_i && (|same_oh || found_v);
`endif
    fill_slot_o = {SlotBits{1'b0}};
    for (e = 0; e < Entries; e = e + 1)
      if (fill_ok_o && slot_oh[e]) fill_slot_o = fill_slot_o | e[SlotBits-1:0];
  end

  // the ranks: the last edge's hit touch, then its fill touch, applied at this edge
  lru_matrix #(.Entries(Entries), .Bits(SlotBits), .Touches(2)) u_lru (
      .clk_i(clk_i), .rst_ni(rst_ni), .t_i({fill_q, hit_q}),
      .older_o(older), .rank_o(lru_q));

  integer k;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= {Entries{1'b0}};
      tag_q    <= {Entries*TagBits{1'b0}};
      lo_q     <= {Entries*32{1'b0}};
      hi_q     <= {Entries*HiBits{1'b0}};
      in_use_q <= {Entries{1'b0}};
      hit_q    <= {Entries{1'b0}};
      fill_q   <= {Entries{1'b0}};
    end else begin
      in_use_q <= in_use_d;
      hit_q    <= hit_oh;
      fill_q   <= fill_ok_o ? slot_oh : {Entries{1'b0}};
      for (k = 0; k < Entries; k = k + 1)
`ifdef FORMAL_FAULT_RFLC_FLUSH_KEEPS_ONE
        if (flush_i && k != 0) begin
`else
        if (flush_i) begin
`endif
          valid_q[k] <= 1'b0;
        end else if (fill_ok_o && slot_oh[k]) begin
          valid_q[k] <= 1'b1;
          tag_q[k*TagBits +: TagBits] <= fill_tag_i;
          lo_q[k*32 +: 32] <= fill_lo_i;
          hi_q[k*HiBits +: HiBits] <= fill_hi_i;
        end
    end
  end

  // ---- invariant (simulation only): no two valid entries hold one tag -------------------------
`ifdef GPURF_CHECKS
  integer ck_a, ck_b;
  always @(posedge clk_i) if (rst_ni)
    for (ck_a = 0; ck_a < Entries; ck_a = ck_a + 1)
      for (ck_b = ck_a + 1; ck_b < Entries; ck_b = ck_b + 1)
        if (valid_q[ck_a] && valid_q[ck_b] &&
            tag_q[ck_a*TagBits +: TagBits] == tag_q[ck_b*TagBits +: TagBits]) begin
          $display("GPURF CHECK FAILED rflc: entries %0d and %0d both hold tag %0d", ck_a, ck_b,
                   tag_q[ck_a*TagBits +: TagBits]);
          $stop;
        end
`endif
  // ---- properties (make formal) ----------------------------------------------------------------
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [Entries-1:0] f_use_q;            // the in-use test as the contract states it
  integer fa, fb, fw;
  reg [TagBits:0] f_gap;
  reg [Entries-1:0] f_touch_q;          // hit or filled at the last edge
  reg               f_flush_q;
  reg               f_hit;
  always @(posedge clk_i) begin
    f_flush_q <= rst_ni && flush_i;
    for (fa = 0; fa < Entries; fa = fa + 1)
      f_touch_q[fa] <= rst_ni && ((lk_valid_i && valid_q[fa] && tag_q[fa*TagBits +: TagBits] == lk_tag_i) ||
                                  (fill_ok_o && fill_slot_o == fa));
  end
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i) begin
    for (fa = 0; fa < Entries; fa = fa + 1) begin
      f_use_q[fa] <= 1'b0;
      for (fw = 0; fw < NumWarps; fw = fw + 1) begin
        f_gap = {1'b0, warp_next_i[fw*TagBits +: TagBits]} - {1'b0, tag_q[fa*TagBits +: TagBits]};
        if (rst_ni && valid_q[fa] && warp_valid_i[fw] && !f_gap[TagBits] && f_gap < SpanW)
          f_use_q[fa] <= 1'b1;
      end
    end
  end
  always @* if (f_init && rst_ni) begin
    assert(in_use_q == f_use_q);
    if (f_flush_q) assert(valid_q == {Entries{1'b0}});
    f_hit = 1'b0;
    for (fa = 0; fa < Entries; fa = fa + 1)
      if (lk_valid_i && valid_q[fa] && tag_q[fa*TagBits +: TagBits] == lk_tag_i) f_hit = 1'b1;
    assert(lk_hit_o == f_hit);
    if (fill_ok_o) assert(slot_oh != {Entries{1'b0}} && (slot_oh & (slot_oh - 1'b1)) == {Entries{1'b0}});
    for (fa = 0; fa < Entries; fa = fa + 1)
      if (fill_ok_o && !(|same_oh) && slot_oh[fa] && !valid_q[fa]) begin
        assert(!f_touch_q[fa]);
        for (fb = 0; fb < fa; fb = fb + 1) assert(valid_q[fb] || f_touch_q[fb]);
      end
    for (fa = 0; fa < Entries; fa = fa + 1)
      for (fb = fa + 1; fb < Entries; fb = fb + 1) begin
        assert(!(valid_q[fa] && valid_q[fb] &&
                 tag_q[fa*TagBits +: TagBits] == tag_q[fb*TagBits +: TagBits]));
        assert(lru_q[fa*SlotBits +: SlotBits] != lru_q[fb*SlotBits +: SlotBits]);
      end
    for (fa = 0; fa < Entries; fa = fa + 1)
      if (fill_ok_o && !(|same_oh) && slot_oh[fa] && valid_q[fa]) begin
        assert(!f_use_q[fa] && !f_touch_q[fa]);
        for (fb = 0; fb < Entries; fb = fb + 1)
          if (fb != fa && valid_q[fb] && !f_use_q[fb] && !f_touch_q[fb])
            assert(lru_q[fa*SlotBits +: SlotBits] > lru_q[fb*SlotBits +: SlotBits]);
      end
  end
`endif
endmodule
