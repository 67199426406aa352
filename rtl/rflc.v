// rflc: the release-flag cache of cross-warp register renaming (Jeon and Annavaram Sec. 6.2,
// Fig. 8), one per sub-core, shared by its warps. An entry holds a pir's 54 flag bits, tagged
// by the static index of the first instruction the pir covers, a valid bit and a true-LRU
// rank (0 = most recent).
//   lookup: a hit (combinational) gives the flags, so the warp skips fetching the pir;
//   fill:   caches a fetched pir in an invalid entry, else in the least recently used entry no
//           warp needs (in use: some valid warp's next instruction lies in the Span
//           instructions the entry covers); none free: not cached (fill_ok 0). A fill of a
//           cached tag refreshes that entry.
// A hit and then a fill touch their entries' ranks.
//   flush:  a new kernel's program: every entry becomes invalid at the edge (a fill in the
//           same cycle is dropped); the ranks stay.
// Contract identical to cmodel/rflc.h.
// Build-time fault variants: FAULT_RFLC_EVICT_IN_USE (the victim ignores the warps' next
// instructions), FAULT_RFLC_FIRST_VICTIM (the first evictable entry, not the least recently
// used), FAULT_RFLC_STALE_HIT (a lookup hits an invalid entry's tag).
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
    output reg  [Entries-1:0]           in_use_o,
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
  reg  [Entries*SlotBits-1:0] lru_q;
  wire [Entries*SlotBits-1:0] lru_d;

  assign valid_o = valid_q;
  assign tag_o   = tag_q;
  assign lru_o   = lru_q;

  integer e, w;
  reg                found_h, found_f, found_v;
  reg [SlotBits-1:0] h, f, v;
  reg [TagBits:0]    lo_b, hi_b, nx;
  always @* begin
    found_h = 1'b0; h = {SlotBits{1'b0}};
    found_f = 1'b0; f = {SlotBits{1'b0}};
    found_v = 1'b0; v = {SlotBits{1'b0}};
    in_use_o = {Entries{1'b0}};
    for (e = 0; e < Entries; e = e + 1) begin
`ifdef FAULT_RFLC_STALE_HIT
      if (lk_valid_i && tag_q[e*TagBits +: TagBits] == lk_tag_i && !found_h) begin
`else
      if (lk_valid_i && valid_q[e] && tag_q[e*TagBits +: TagBits] == lk_tag_i && !found_h) begin
`endif
        found_h = 1'b1;
        h = e[SlotBits-1:0];
      end
      if (fill_valid_i && valid_q[e] && tag_q[e*TagBits +: TagBits] == fill_tag_i && !found_f) begin
        found_f = 1'b1;
        f = e[SlotBits-1:0];
      end
      lo_b = {1'b0, tag_q[e*TagBits +: TagBits]};
      hi_b = lo_b + SpanW;
      for (w = 0; w < NumWarps; w = w + 1) begin
        nx = {1'b0, warp_next_i[w*TagBits +: TagBits]};
        if (valid_q[e] && warp_valid_i[w] && nx >= lo_b && nx < hi_b) in_use_o[e] = 1'b1;
      end
`ifdef FAULT_RFLC_EVICT_IN_USE
      in_use_o[e] = 1'b0;
`endif
      if (!valid_q[e]) begin
        if (!found_v || valid_q[v]) begin
          found_v = 1'b1;
          v = e[SlotBits-1:0];
        end
      end else if (!in_use_o[e]) begin
`ifdef FAULT_RFLC_FIRST_VICTIM
        if (!found_v) begin
`else
        if (!found_v || (valid_q[v] && lru_q[e*SlotBits +: SlotBits] > lru_q[v*SlotBits +: SlotBits])) begin
`endif
          found_v = 1'b1;
          v = e[SlotBits-1:0];
        end
      end
    end
    lk_hit_o    = found_h;
    lk_lo_o     = found_h ? lo_q[h*32 +: 32] : 32'd0;
    lk_hi_o     = found_h ? hi_q[h*HiBits +: HiBits] : {HiBits{1'b0}};
    fill_ok_o   = fill_valid_i && (found_f || found_v);
    fill_slot_o = !fill_ok_o ? {SlotBits{1'b0}} : found_f ? f : v;
  end

  // the ranks after a hit's touch, then a fill's
  wire [Entries*SlotBits-1:0] lru_m;
  lru_touch #(.Entries(Entries), .Bits(SlotBits)) u_hit_touch (
      .rank_i(lru_q), .t_i(h), .en_i(lk_hit_o), .rank_o(lru_m));
  lru_touch #(.Entries(Entries), .Bits(SlotBits)) u_fill_touch (
      .rank_i(lru_m), .t_i(fill_slot_o), .en_i(fill_ok_o), .rank_o(lru_d));

  integer k;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= {Entries{1'b0}};
      tag_q   <= {Entries*TagBits{1'b0}};
      lo_q    <= {Entries*32{1'b0}};
      hi_q    <= {Entries*HiBits{1'b0}};
      for (k = 0; k < Entries; k = k + 1) lru_q[k*SlotBits +: SlotBits] <= k[SlotBits-1:0];
    end else begin
      lru_q <= lru_d;
      if (flush_i) begin
        valid_q <= {Entries{1'b0}};
      end else if (fill_ok_o) begin
        valid_q[fill_slot_o] <= 1'b1;
        tag_q[fill_slot_o*TagBits +: TagBits] <= fill_tag_i;
        lo_q[fill_slot_o*32 +: 32] <= fill_lo_i;
        hi_q[fill_slot_o*HiBits +: HiBits] <= fill_hi_i;
      end
    end
  end
endmodule
