// uprefix: the inclusive prefix counts of N bits as thermometer codes saturating at U (p_o
// element q, U bits: how many of bits 0..q are set; bit k set when at least k + 1), a parallel
// prefix of unary adds (Kogge-Stone, log2(N) AND-OR levels; the add is unary.vh's uadd: bit
// c - 1 of a + b is some x + y = c with at least x in a and at least y in b). A module, not a
// function: an instance is elaborated once by the synthesis front end, where a function is
// unrolled again at every call. The simulator keeps it a module of its own
// (harness/verilator.vlt): inlined, its loops are unrolled again per instance.
module uprefix #(
    parameter N = 8,
    parameter U = 2
) (
    input  wire [N-1:0]   v_i,
    output reg  [N*U-1:0] p_o
);
  reg [N*U-1:0] a, nx;
  reg [U:0] ea, eb;
  reg o;
  integer q, st, c, x;
  always @* begin
    a = {(N*U){1'b0}};
    for (q = 0; q < N; q = q + 1) a[q*U] = v_i[q];
    for (st = 1; st < N; st = st * 2) begin
      nx = a;
      for (q = st; q < N; q = q + 1) begin
        ea = {a[q*U +: U], 1'b1};
        eb = {a[(q-st)*U +: U], 1'b1};
        for (c = 1; c <= U; c = c + 1) begin
          o = 1'b0;
          for (x = 0; x <= c; x = x + 1) o = o | (ea[x] & eb[c-x]);
          nx[q*U + c - 1] = o;
        end
      end
      a = nx;
    end
    p_o = a;
  end
endmodule
