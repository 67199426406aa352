// ucount: how many of N bits are set, as a thermometer code saturating at U (th_o[k]: at
// least k + 1 are set), by a balanced tree of unary adds: log2(N) AND-OR levels, no carry
// chain. For the counts a selection compares with small places (the k-th candidate).
module ucount #(
    parameter N = 8,
    parameter U = 4
) (
    input  wire [N-1:0] v_i,
    output wire [U-1:0] th_o
);
  localparam CW = N;
  `include "unary.vh"
  assign th_o = ucnt(v_i);
endmodule
