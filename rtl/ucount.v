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
  `include "unary.vh"

  reg [N*U-1:0] a;
  integer q, l;
  always @* begin
    a = {(N*U){1'b0}};
    for (q = 0; q < N; q = q + 1) a[q*U] = v_i[q];
    for (l = 1; l < N; l = l * 2)
      for (q = 0; q + l < N; q = q + 2 * l)
        a[q*U +: U] = uadd(a[q*U +: U], a[(q+l)*U +: U]);
  end
  assign th_o = a[0 +: U];
endmodule
