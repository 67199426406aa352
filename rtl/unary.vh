// unary.vh: unary (thermometer) sums and counts, included by the modules that count in unary
// (avail, ccu_alloc, ucount; their localparam U is the code's width, CW the widest
// vector they count). A thermometer code of U bits has bit k set when the count is at least
// k + 1; sums saturate at U. uadd: bit c - 1 of a + b is some x + y = c with at least x in a
// and at least y in b, one AND-OR, no carry. utree: the sum of CW codes by a balanced tree of
// uadd (log2(CW) levels); ucnt: the set bits of v, each a code of 0 or 1, by utree. (The
// prefix counts of a vector are a module, uprefix.v.)
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
function [U-1:0] utree(input [CW*U-1:0] t);
  reg [CW*U-1:0] a;
  integer q, l;
  begin
    a = t;
    for (l = 1; l < CW; l = l * 2)
      for (q = 0; q + l < CW; q = q + 2 * l)
        a[q*U +: U] = uadd(a[q*U +: U], a[(q+l)*U +: U]);
    utree = a[0 +: U];
  end
endfunction
function [U-1:0] ucnt(input [CW-1:0] v);
  reg [CW*U-1:0] a;
  integer q;
  begin
    a = {(CW*U){1'b0}};
    for (q = 0; q < CW; q = q + 1) a[q*U] = v[q];
    ucnt = utree(a);
  end
endfunction
