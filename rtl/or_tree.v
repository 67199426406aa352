// or_tree: the OR of N words of W bits as a balanced tree of word-wide ORs (depth log2 N), the
// AND-OR multiplexer's second half (the caller masks each word with its one-hot select).
// Shared by the blocks that gather one of many requesters' fields (rf's bank ports). Built
// level by level with generate, so that synthesis receives the tree, not a chain of N-1 ORs.
module or_tree #(
    parameter N = 4,
    parameter W = 8
) (
    input  wire [N*W-1:0] d_i,
    output wire [W-1:0]   y_o
);
  localparam integer L = (N > 1) ? $clog2(N) : 0;
  // level l holds ceil(N / 2^l) words (the rest of its N words are zero)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [(L+1)*N*W-1:0] lv /* verilator split_var */;
  /* verilator lint_on UNUSEDSIGNAL */
  assign lv[0 +: N*W] = d_i;
  genvar l, i;
  generate
    for (l = 0; l < L; l = l + 1) begin : g_level
      for (i = 0; i < N; i = i + 1) begin : g_word
        if (2*i + 1 < ((N + (1 << l) - 1) >> l)) begin : g_or
          assign lv[((l+1)*N + i)*W +: W] = lv[(l*N + 2*i)*W +: W] | lv[(l*N + 2*i + 1)*W +: W];
        end else if (2*i < ((N + (1 << l) - 1) >> l)) begin : g_pass
          assign lv[((l+1)*N + i)*W +: W] = lv[(l*N + 2*i)*W +: W];
        end else begin : g_zero
          assign lv[((l+1)*N + i)*W +: W] = {W{1'b0}};
        end
      end
    end
  endgenerate
  assign y_o = lv[L*N*W +: W];
endmodule
