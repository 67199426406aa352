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
  // the unary sum of two thermometer codes, saturating: at least c + 1 set when some
  // x + y = c + 1 with at least x in one and y in the other
  function [U-1:0] uadd(input [U-1:0] a, input [U-1:0] b);
    reg [U:0] ea, eb, t;
    integer c, x;
    begin
      ea = {a, 1'b1};
      eb = {b, 1'b1};
      for (c = 1; c <= U; c = c + 1) begin
        t = {(U+1){1'b0}};
        for (x = 0; x <= c; x = x + 1) t[x] = ea[x] & eb[c-x];
        uadd[c-1] = |t;
      end
    end
  endfunction

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
