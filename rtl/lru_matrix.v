// lru_matrix: true-LRU state as an older-than matrix (the hardware form of cmodel/lru.h's
// ranks): one bit per pair of entries a < b, set when a was used less recently than b.
// At the edge it applies up to Touches touches in order (touch 0 first, the last ends most
// recent), each one-hot in t_i (none set: no touch); each bit's next value depends only on the
// last touch of a or b, so the update is a few gates deep for any number of entries. rank_o
// gives each entry's rank as gpurf_lru_touch keeps it (0 = most recent: the number of entries
// used more recently); older_o[a*Entries+b] is the pairwise order the victim searches read (0
// on the diagonal). Reset: entry i has rank i. Lag = 1 retimes the update past the register:
// the touches are registered as they come and applied to the order after the edge (older_o
// and rank_o the same, cycle for cycle), so that a late touch does not lengthen the path
// into the register, and a read of older_o carries the update's few gates instead.
module lru_matrix #(
    parameter Entries = 4,
    parameter Bits    = 2,
    parameter Touches = 2,
    parameter Lag     = 0
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [Touches*Entries-1:0]  t_i,
    output reg  [Entries*Entries-1:0]  older_o,
    output reg  [Entries*Bits-1:0]     rank_o
);
  // the touches the update applies: this edge's, or (Lag) the last edge's
  wire [Touches*Entries-1:0] tu;
  generate
    if (Lag != 0) begin : g_lag
      reg [Touches*Entries-1:0] t_q;
      always @(posedge clk_i)
        if (!rst_ni) t_q <= {(Touches*Entries){1'b0}};
        else         t_q <= t_i;
      assign tu = t_q;
    end else begin : g_now
      assign tu = t_i;
    end
  endgenerate

  // one bit per pair a < b: a is older than b
  wire [Entries*Entries-1:0] older;
  genvar ga, gb;
  generate
    for (ga = 0; ga < Entries; ga = ga + 1) begin : g_row
      assign older[ga*Entries+ga] = 1'b0;
      for (gb = ga + 1; gb < Entries; gb = gb + 1) begin : g_pair
        // the last touch of a or b decides: b's (a is then older) unless a's is as late
        // (each a balanced OR, not a chain over the touches)
        reg u_q, u_d;
        reg [Touches-1:0] ta, tb, lb;
        integer t;
        always @* begin
          for (t = 0; t < Touches; t = t + 1) begin
            ta[t] = tu[t*Entries + ga];
            tb[t] = tu[t*Entries + gb];
          end
          for (t = 0; t < Touches; t = t + 1)
            lb[t] = tb[t] & ~ta[t] & ~(|((ta | tb) >> (t + 1)));
          u_d = |(ta | tb) ? |lb : u_q;
        end
        always @(posedge clk_i)
          if (!rst_ni) u_q <= 1'b0;
          else         u_q <= u_d;
        assign older[ga*Entries+gb] = Lag != 0 ? u_d : u_q;
        assign older[gb*Entries+ga] = Lag != 0 ? !u_d : !u_q;
      end
    end
  endgenerate

  integer a, b;
  reg [Bits:0] n;
  always @* begin
    older_o = older;
    for (a = 0; a < Entries; a = a + 1) begin
      n = {(Bits+1){1'b0}};
      for (b = 0; b < Entries; b = b + 1) n = n + {{Bits{1'b0}}, older[a*Entries+b]};
      rank_o[a*Bits +: Bits] = n[Bits-1:0];
    end
  end

`ifdef FORMAL
  // (invariant) the pairwise order is a strict total order: transitive, so that every set of
  // entries has one least recently used member and the counts of older members rank them
  integer fa, fb, fc;
  always @*
    for (fa = 0; fa < Entries; fa = fa + 1)
      for (fb = 0; fb < Entries; fb = fb + 1)
        for (fc = 0; fc < Entries; fc = fc + 1)
          if (older[fa*Entries+fb] && older[fb*Entries+fc]) assert(older[fa*Entries+fc]);
`endif
endmodule
