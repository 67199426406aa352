// ccu_place: the ccu's placement (Malekeh Sec. 3.2 step 4; the ccu's contract, cmodel/ccu.h
// "Placement"), at the edge after an allocation, from registers only: the sources that
// missed wait (wait_i; same_i[i*MaxSrcs+j]: sources i and j name one register); the k-th
// distinct waiting register (its first source) takes the candidate with k candidates before
// it in the victim order ord_i (ord_i[a*Slots+b]: entry a is taken before b; cand_i: the
// entries the order may take), a thermometer count per entry (rtl/ucount.v), not a search per
// source; a repeated register shares its first source's entry. Outputs: vsel_o[i] (the victim
// a first waiting source takes, one-hot or none), ent_o[i] (the entry a waiting source takes)
// and next_o (the candidate after the placement's: the victim of the edge's first write that
// misses); taken_o, the entries the placement takes (the first as many candidates as there are
// distinct waiting registers: a comparison of two counts, not an OR over the sources).
// Proof-only fault variant (make formal, the ccu's): FORMAL_FAULT_CCU_DUP_MISS (a repeated
// register that misses takes a second entry).
module ccu_place #(
    parameter MaxSrcs = 6,
    parameter Slots   = 8
) (
    input  wire [MaxSrcs-1:0]         wait_i,
    input  wire [MaxSrcs*MaxSrcs-1:0] same_i,
    input  wire [Slots-1:0]           cand_i,
    input  wire [Slots*Slots-1:0]     ord_i,
    output reg  [MaxSrcs*Slots-1:0]   vsel_o,
    output reg  [MaxSrcs*Slots-1:0]   ent_o,
    output reg  [Slots-1:0]           next_o,
    output reg  [Slots-1:0]           taken_o
);
  localparam U = MaxSrcs + 1;
  // s_same[i*MaxSrcs+j]: an earlier waiting source j names i's register; nm: the first
  // waiting source of each register
  reg [MaxSrcs-1:0]         nm;
  reg [MaxSrcs*MaxSrcs-1:0] s_same, s_before;
  reg [Slots*Slots-1:0]     pred;
  integer si, sj, se;
  always @* begin
    for (si = 0; si < MaxSrcs; si = si + 1) begin
      for (sj = 0; sj < MaxSrcs; sj = sj + 1)
        s_same[si*MaxSrcs + sj] = sj < si && wait_i[si] && wait_i[sj] && same_i[si*MaxSrcs + sj];
`ifdef FORMAL_FAULT_CCU_DUP_MISS
      nm[si] = wait_i[si];
`else
      nm[si] = wait_i[si] && !(|s_same[si*MaxSrcs +: MaxSrcs]);
`endif
    end
    for (si = 0; si < MaxSrcs; si = si + 1)
      for (sj = 0; sj < MaxSrcs; sj = sj + 1) s_before[si*MaxSrcs + sj] = sj < si && nm[sj];
    for (se = 0; se < Slots; se = se + 1)
      for (sj = 0; sj < Slots; sj = sj + 1) pred[se*Slots + sj] = cand_i[sj] & ord_i[sj*Slots + se];
  end

  // each candidate's place in the order, each first waiting source's among them; the k-th
  // takes the candidate with k before it
  wire [Slots*U-1:0]   place;
  wire [MaxSrcs*U-1:0] mplace;
  wire [U-1:0]         nplace;         // the first waiting sources
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
  ucount #(.N(MaxSrcs), .U(U)) u_nplace (.v_i(nm), .th_o(nplace));
  // a thermometer count as one-hot (count k: bit k)
  function [U-1:0] onek(input [U-1:0] th);
    integer ok;
    for (ok = 0; ok < U; ok = ok + 1) onek[ok] = (ok == 0 || th[ok == 0 ? 0 : ok - 1]) && !th[ok];
  endfunction
  // mk[i]: the place source i takes (one-hot; a repeated register its first source's)
  reg [MaxSrcs*U-1:0] mk;
  integer vi, vj, ve;
  always @* begin
    for (vi = 0; vi < MaxSrcs; vi = vi + 1) begin
      mk[vi*U +: U] = nm[vi] ? onek(mplace[vi*U +: U]) : {U{1'b0}};
      for (vj = 0; vj < MaxSrcs; vj = vj + 1)
        if (s_same[vi*MaxSrcs + vj] && nm[vj]) mk[vi*U +: U] = mk[vi*U +: U] | onek(mplace[vj*U +: U]);
    end
    for (vi = 0; vi < MaxSrcs; vi = vi + 1)
      for (ve = 0; ve < Slots; ve = ve + 1) begin
        vsel_o[vi*Slots + ve] = nm[vi] && cand_i[ve] &&
                                |(onek(place[ve*U +: U]) & onek(mplace[vi*U +: U]));
        ent_o[vi*Slots + ve] = cand_i[ve] && |(onek(place[ve*U +: U]) & mk[vi*U +: U]);
      end
    for (ve = 0; ve < Slots; ve = ve + 1) begin
      next_o[ve]  = cand_i[ve] && |(onek(place[ve*U +: U]) & onek(nplace));
      taken_o[ve] = cand_i[ve] && |(onek(place[ve*U +: U]) & nplace);
    end
  end
endmodule
