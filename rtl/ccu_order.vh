// ccu_order.vh: the ccu's victim order (rtl/ccu.v), included inside the module: the pairwise
// order, the candidates it may take and the first of them.
  // The victim order. ord[a*Slots+b]: a is taken before b (invalid entries by index; NearBits
  // = 1: far entries cyclically from the LFSR's start, then near ones least recently used
  // first; NearBits > 1: the smallest closeness, then least recently used)
  function [Slots*Slots-1:0] order(input [Slots-1:0] ov, input [Slots*NearBits-1:0] on,
                                   input [Slots*Slots-1:0] oo, input [Slots-1:0] oge);
    integer oa, ob;
    reg [NearBits-1:0] na, nb;
    begin
      order = {(Slots*Slots){1'b0}};
      for (oa = 0; oa < Slots; oa = oa + 1)
        for (ob = 0; ob < Slots; ob = ob + 1) begin
          na = on[oa*NearBits +: NearBits];
          nb = on[ob*NearBits +: NearBits];
          if (oa == ob) order[oa*Slots+ob] = 1'b0;
          else if (!ov[oa] || !ov[ob]) order[oa*Slots+ob] = !ov[oa] && (ov[ob] || oa < ob);
          else if (NearBits == 1 && na != nb) order[oa*Slots+ob] = na == {NearBits{1'b0}};
          else if (NearBits == 1 && na == {NearBits{1'b0}})
            order[oa*Slots+ob] = oa < ob ? (oge[oa] | ~oge[ob]) : (oge[oa] & ~oge[ob]);
          else if (NearBits == 1) order[oa*Slots+ob] = oo[oa*Slots+ob];
          else order[oa*Slots+ob] = na < nb || (na == nb && oo[oa*Slots+ob]);
        end
    end
  endfunction
  // the entries the order may take: the unlocked ones
`ifdef FAULT_CCU_LOCKED_VICTIM
  localparam LockedVictim = 1;
`else
  localparam LockedVictim = 0;
`endif
  function [Slots-1:0] cands(input [Slots-1:0] cv, input [Slots-1:0] cl);
    cands = ~cl | (LockedVictim != 0 ? cv : {Slots{1'b0}});
  endfunction
  // the first candidate c in order fo (one-hot; none without candidates)
  function [Slots-1:0] first(input [Slots-1:0] c, input [Slots*Slots-1:0] fo);
    integer fe, fp;
    reg [Slots-1:0] col;
    for (fe = 0; fe < Slots; fe = fe + 1) begin
      for (fp = 0; fp < Slots; fp = fp + 1) col[fp] = fo[fp*Slots+fe];
      first[fe] = c[fe] & ~|(c & col);
    end
  endfunction
