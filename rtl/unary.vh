// unary.vh: the unary (thermometer) sum, included by the modules that count in unary
// (bank_arb, ccu_alloc, ucount; their localparam U is the width). A thermometer code of U
// bits has bit k set when the count is at least k + 1; the sum saturates at U. Bit c - 1 of
// the sum: some x + y = c with at least x in a and at least y in b, one AND-OR, no carry.
function [U-1:0] uadd(input [U-1:0] ua_a, input [U-1:0] ua_b);
  reg [U:0] ua_ea, ua_eb, ua_t;
  integer ua_c, ua_x;
  begin
    ua_ea = {ua_a, 1'b1};
    ua_eb = {ua_b, 1'b1};
    for (ua_c = 1; ua_c <= U; ua_c = ua_c + 1) begin
      ua_t = {(U+1){1'b0}};
      for (ua_x = 0; ua_x <= ua_c; ua_x = ua_x + 1) ua_t[ua_x] = ua_ea[ua_x] & ua_eb[ua_c-ua_x];
      uadd[ua_c-1] = |ua_t;
    end
  end
endfunction
