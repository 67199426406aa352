// unary.vh: the unary (thermometer) sum, included by the modules that count in unary
// (bank_arb, ccu_alloc, ucount; their localparam U is the width). A thermometer code of U
// bits has bit k set when the count is at least k + 1; the sum saturates at U. Bit c - 1 of
// the sum: some x + y = c with at least x in a and at least y in b, one AND-OR, no carry.
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
