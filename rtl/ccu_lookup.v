// ccu_lookup: the ccu's allocation of every source at once (Malekeh Sec. 3.2 steps 3-4; the
// ccu's contract, cmodel/ccu.h rule 5). Every source is looked up in the table as the edge's
// writes leave it, computed from the lookup before them (a port writing the source's register
// leaves it in the entry the port kept, nowhere when not kept; any other port's kept entry no
// longer holds it), so that the lookup waits only for the written entry; the entries the
// sources hit are no victims; the k-th missing register (first sources only: a repeated one
// shares its first source's entry) takes the candidate with k candidates before it in the
// victim order ord_i (a thermometer count per entry, rtl/ucount.v), not a search per source.
// Inputs as the ccu has them after steps 1-4: the registered tags and valid bits, each write
// port's kept and invalidated entries (one-hot or none), clear_i (a release or flush empties
// the table), free_i (the unlocked entries as the victim order may take them) and ord_i
// (ord_i[a*Slots+b]: entry a is taken before b). Outputs: hit_o[i] (one-hot: no two valid
// entries hold one register), the hit and first-miss flags, hm_o (the entries hit), vsel_o[i]
// (the victim a first missing source takes) and ent_o[i] (the entry source i names).
// Proof-only fault variants (make formal, the ccu's): FORMAL_FAULT_CCU_HIT_VICTIM (a miss may
// take an entry another source hits), FORMAL_FAULT_CCU_DUP_MISS (a repeated register that
// misses takes a second entry).
module ccu_lookup #(
    parameter MaxSrcs = 6,
    parameter Slots   = 8,
    parameter RegBits = 8,
    parameter WbPorts = 1
) (
    input  wire [MaxSrcs-1:0]         src_valid_i,
    input  wire [MaxSrcs*RegBits-1:0] src_i,
    input  wire [Slots*RegBits-1:0]   tag_i,
    input  wire [Slots-1:0]           valid_i,
    input  wire [WbPorts-1:0]         w_ok_i,
    input  wire [WbPorts*RegBits-1:0] w_reg_i,
    input  wire [WbPorts*Slots-1:0]   w_kept_i,
    input  wire [WbPorts*Slots-1:0]   w_inv_i,
    input  wire                       clear_i,
    input  wire [Slots-1:0]           free_i,
    input  wire [Slots*Slots-1:0]     ord_i,
    output reg  [MaxSrcs*Slots-1:0]   hit_o,
    output reg  [MaxSrcs-1:0]         s_hit_o,
    output reg  [MaxSrcs-1:0]         nm_o,
    output reg  [Slots-1:0]           hm_o,
    output reg  [MaxSrcs*Slots-1:0]   vsel_o,
    output reg  [MaxSrcs*Slots-1:0]   ent_o
);
  // hit_o[i]: the entry source i hits; s_same[i*MaxSrcs+j]: an earlier source j names i's
  // register; nm_o: the first source of each missing register
  localparam U = MaxSrcs;
  reg [MaxSrcs-1:0]         s_first;
  reg [MaxSrcs*MaxSrcs-1:0] s_same, s_before;
  reg [Slots-1:0]           cand;
  reg [Slots*Slots-1:0]     pred;
  reg [MaxSrcs*Slots-1:0]   eqq;
  integer si, sj, se, sp;
  // srcw[i*WbPorts+p] = srcw_v[p*MaxSrcs+i]: port p writes source i's register
  reg [MaxSrcs*WbPorts-1:0] srcw, srcw_v;
  always @* begin
    for (si = 0; si < MaxSrcs; si = si + 1)
      for (se = 0; se < Slots; se = se + 1)
        eqq[si*Slots + se] = tag_i[se*RegBits +: RegBits] == src_i[si*RegBits +: RegBits];
    for (si = 0; si < MaxSrcs; si = si + 1)
      for (sp = 0; sp < WbPorts; sp = sp + 1) begin
        srcw[si*WbPorts + sp] = w_ok_i[sp] && src_valid_i[si] &&
                                w_reg_i[sp*RegBits +: RegBits] == src_i[si*RegBits +: RegBits];
        srcw_v[sp*MaxSrcs + si] = srcw[si*WbPorts + sp];
      end
  end
  always @* begin
    hm_o  = {Slots{1'b0}};
    for (si = 0; si < MaxSrcs; si = si + 1) begin
      // the lookup after the writes from the lookup before them, so that it waits only for
      // the written entry: a port writing the source's register leaves it where the port
      // kept it (nowhere when not kept); any other port's kept entry no longer holds it
      hit_o[si*Slots +: Slots] = valid_i & eqq[si*Slots +: Slots];
      for (sp = 0; sp < WbPorts; sp = sp + 1)
        if (srcw[si*WbPorts + sp])
          hit_o[si*Slots +: Slots] = w_kept_i[sp*Slots +: Slots];
        else
          hit_o[si*Slots +: Slots] = hit_o[si*Slots +: Slots] & ~w_kept_i[sp*Slots +: Slots];
      if (!src_valid_i[si] || clear_i) hit_o[si*Slots +: Slots] = {Slots{1'b0}};
      s_hit_o[si] = |hit_o[si*Slots +: Slots];
      for (sj = 0; sj < MaxSrcs; sj = sj + 1)
        s_same[si*MaxSrcs + sj] = sj < si && src_valid_i[si] && src_valid_i[sj] &&
            src_i[si*RegBits +: RegBits] == src_i[sj*RegBits +: RegBits];
`ifdef FORMAL_FAULT_CCU_DUP_MISS
      s_first[si] = src_valid_i[si];
`else
      s_first[si] = src_valid_i[si] && !(|s_same[si*MaxSrcs +: MaxSrcs]);
`endif
    end
    // the entries the sources hit, per entry: a port's kept entry when a source names the
    // port's register, any other as before the writes for the sources no port writes
    for (se = 0; se < Slots; se = se + 1) begin
      hm_o[se] = 1'b0;
      for (si = 0; si < MaxSrcs; si = si + 1)
        hm_o[se] = hm_o[se] | (src_valid_i[si] && eqq[si*Slots + se] && !(|srcw[si*WbPorts +: WbPorts]));
      hm_o[se] = hm_o[se] && valid_i[se];
      for (sp = 0; sp < WbPorts; sp = sp + 1) begin
        if (w_kept_i[sp*Slots + se]) hm_o[se] = |(srcw_v[sp*MaxSrcs +: MaxSrcs]);
`ifndef FAULT_CCU_FAR_STALE
        if (w_inv_i[sp*Slots + se]) hm_o[se] = 1'b0;
`endif
      end
      if (clear_i) hm_o[se] = 1'b0;
    end
    nm_o = s_first & ~s_hit_o;
    for (si = 0; si < MaxSrcs; si = si + 1)
      for (sj = 0; sj < MaxSrcs; sj = sj + 1) s_before[si*MaxSrcs + sj] = sj < si && nm_o[sj];
`ifdef FORMAL_FAULT_CCU_HIT_VICTIM
    cand = free_i;
`else
    cand = free_i & ~hm_o;
`endif
    for (se = 0; se < Slots; se = se + 1)
      for (sj = 0; sj < Slots; sj = sj + 1) pred[se*Slots + sj] = cand[sj] & ord_i[sj*Slots + se];
  end

  // each candidate's place in the order, each missing register's among the misses; the k-th
  // miss takes the candidate with k before it
  wire [Slots*U-1:0]   place;
  wire [MaxSrcs*U-1:0] mplace;
  genvar gpe, gpi;
  generate
    for (gpe = 0; gpe < Slots; gpe = gpe + 1) begin : g_place
      ucount #(.N(Slots), .U(U)) u_place (.v_i(pred[gpe*Slots +: Slots]), .th_o(place[gpe*U +: U]));
    end
    for (gpi = 0; gpi < MaxSrcs; gpi = gpi + 1) begin : g_mplace
      ucount #(.N(MaxSrcs), .U(U)) u_mplace (.v_i(s_before[gpi*MaxSrcs +: MaxSrcs]),
                                             .th_o(mplace[gpi*U +: U]));
    end
  endgenerate
  // a thermometer count as one-hot (count k: bit k)
  function [U-1:0] onek(input [U-1:0] th);
    integer ok;
    for (ok = 0; ok < U; ok = ok + 1) onek[ok] = (ok == 0 || th[ok == 0 ? 0 : ok - 1]) && !th[ok];
  endfunction
  // vsel_o[i]: the victim source i takes; ent_o[i]: the entry source i names
  // (a repeated missing register takes its first source's place: mk[i], one-hot)
  reg [MaxSrcs*U-1:0]     mk;
  integer vi, vj, ve;
  always @* begin
    for (vi = 0; vi < MaxSrcs; vi = vi + 1) begin
      mk[vi*U +: U] = nm_o[vi] ? onek(mplace[vi*U +: U]) : {U{1'b0}};
      for (vj = 0; vj < MaxSrcs; vj = vj + 1)
        if (s_same[vi*MaxSrcs + vj] && nm_o[vj]) mk[vi*U +: U] = mk[vi*U +: U] | onek(mplace[vj*U +: U]);
    end
    for (vi = 0; vi < MaxSrcs; vi = vi + 1)
      for (ve = 0; ve < Slots; ve = ve + 1) begin
        vsel_o[vi*Slots + ve] = nm_o[vi] && cand[ve] &&
                              |(onek(place[ve*U +: U]) & onek(mplace[vi*U +: U]));
        ent_o[vi*Slots + ve] = hit_o[vi*Slots + ve] ||
                             (cand[ve] && |(onek(place[ve*U +: U]) & mk[vi*U +: U]));
      end
  end

endmodule
