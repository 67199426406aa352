// ccu_lookup: the ccu's lookup of every source at once (Malekeh Sec. 3.2 step 3; the ccu's
// contract, cmodel/ccu.h rule 5). At an allocation edge the writes take no entry holding a
// source's register and keep no miss to one (rule 2), so a source finds its register where
// the table held it as the edge began, unless a write invalidated that entry: the lookup
// waits for no write's victim. Inputs: the registered tags and valid bits, the entries the
// edge's writes invalidate (w_inv_i), the write ports' registers, clear_i (a release or
// flush empties the table) and same_i[i*MaxSrcs+j] (valid sources i and j name one
// register). Outputs: hit_o[i] (one-hot: no two valid entries hold one register), the hit
// flags, nm_o (the first source of each missing register, the one requested), hm_o (the
// valid entries holding a source's register as the edge began) and named_o[p] (a source
// names port p's register).
module ccu_lookup #(
    parameter MaxSrcs = 6,
    parameter Slots   = 8,
    parameter RegBits = 8,
    parameter WbPorts = 1
) (
    input  wire [MaxSrcs-1:0]         src_valid_i,
    input  wire [MaxSrcs*RegBits-1:0] src_i,
    input  wire [MaxSrcs*MaxSrcs-1:0] same_i,
    input  wire [Slots*RegBits-1:0]   tag_i,
    input  wire [Slots-1:0]           valid_i,
    input  wire [WbPorts*RegBits-1:0] w_reg_i,
    input  wire [Slots-1:0]           w_inv_i,
    input  wire                       clear_i,
    output reg  [MaxSrcs*Slots-1:0]   hit_o,
    output reg  [MaxSrcs-1:0]         s_hit_o,
    output reg  [MaxSrcs-1:0]         nm_o,
    output reg  [Slots-1:0]           hm_o,
    output reg  [WbPorts-1:0]         named_o
);
  reg [MaxSrcs-1:0]         s_first;
  reg [MaxSrcs*MaxSrcs-1:0] s_same;
  reg [MaxSrcs*Slots-1:0]   eqq;
  integer si, sj, se, sp;
  always @* begin
    hm_o = {Slots{1'b0}};
    for (si = 0; si < MaxSrcs; si = si + 1)
      for (se = 0; se < Slots; se = se + 1) begin
        eqq[si*Slots + se] = valid_i[se] && src_valid_i[si] &&
                             tag_i[se*RegBits +: RegBits] == src_i[si*RegBits +: RegBits];
        hm_o[se] = hm_o[se] | eqq[si*Slots + se];
      end
    for (sp = 0; sp < WbPorts; sp = sp + 1) begin
      named_o[sp] = 1'b0;
      for (si = 0; si < MaxSrcs; si = si + 1)
        named_o[sp] = named_o[sp] | (src_valid_i[si] &&
                                     w_reg_i[sp*RegBits +: RegBits] == src_i[si*RegBits +: RegBits]);
    end
  end
  always @* begin
    for (si = 0; si < MaxSrcs; si = si + 1) begin
      hit_o[si*Slots +: Slots] = eqq[si*Slots +: Slots] & ~w_inv_i & {Slots{!clear_i}};
      s_hit_o[si] = |hit_o[si*Slots +: Slots];
      for (sj = 0; sj < MaxSrcs; sj = sj + 1)
        s_same[si*MaxSrcs + sj] = sj < si && same_i[si*MaxSrcs + sj];
      s_first[si] = src_valid_i[si] && !(|s_same[si*MaxSrcs +: MaxSrcs]);
    end
    nm_o = s_first & ~s_hit_o;
  end
endmodule
