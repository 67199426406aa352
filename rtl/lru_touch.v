// lru_touch: the true-LRU rank update shared by the blocks that keep ranks (rflc, ccu_alloc);
// contract identical to cmodel/lru.h (gpurf_lru_touch). Combinational: with en_i, entry t_i
// becomes rank 0 (the most recent) and every entry ranked below t_i's old rank moves up by one;
// without it the ranks pass through.
module lru_touch #(
    parameter Entries = 4,
    parameter Bits    = 2
) (
    input  wire [Entries*Bits-1:0] rank_i,
    input  wire [Bits-1:0]         t_i,
    input  wire                    en_i,
    output reg  [Entries*Bits-1:0] rank_o
);
  integer q;
  always @* begin
    rank_o = rank_i;
    if (en_i) begin
      for (q = 0; q < Entries; q = q + 1)
        if (rank_i[q*Bits +: Bits] < rank_i[t_i*Bits +: Bits])
          rank_o[q*Bits +: Bits] = rank_i[q*Bits +: Bits] + 1'b1;
      rank_o[t_i*Bits +: Bits] = {Bits{1'b0}};
    end
  end
endmodule
