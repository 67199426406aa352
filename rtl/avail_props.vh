// avail_props.vh: the formal properties of avail (rtl/avail.v, `ifdef FORMAL), included inside
// the module; the contract they check is stated in avail.v's header.
  reg f_init = 1'b0;
  reg [PhysRegs-1:0] f_used_q; // grants and reserves less the accepted frees
  reg [PhysRegs-1:0] f_view;   // the flags with the earlier ports' grants
  integer fa, fb, fk, fx, fs, fg, fcx;
  reg [NG*(IdBits+1)-1:0] f_vc;  // allocated registers per group in f_view
  // allocated registers of group gg in v
  function integer f_gcnt(input [PhysRegs-1:0] v, input integer ng);
    integer q;
    begin
      f_gcnt = 0;
      for (q = 0; q < PhysRegs; q = q + 1) if (grp(q) == ng && v[q]) f_gcnt = f_gcnt + 1;
    end
  endfunction
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i)
    if (!rst_ni) f_used_q <= {PhysRegs{1'b0}};
    else begin
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (al_gnt_o[fa]) f_used_q[al_id_o[fa*IdBits +: IdBits]] <= 1'b1;
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (fr_valid_i[fa] && !fr_err_o[fa] && {{(32-IdBits){1'b0}}, fr_id_i[fa*IdBits +: IdBits]} < PhysRegs)
          f_used_q[fr_id_i[fa*IdBits +: IdBits]] <= 1'b0;
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (rs_valid_i[fa] && {{(32-IdBits){1'b0}}, rs_id_i[fa*IdBits +: IdBits]} < PhysRegs)
          f_used_q[rs_id_i[fa*IdBits +: IdBits]] <= 1'b1;
    end
  always @* if (f_init && rst_ni) begin
    assert(used_q == f_used_q);
    assert({{(32-IdBits){1'b0}}, start_q} == ({{(32-IdBits){1'b0}}, last_q} + Stride) % PhysRegs);
    for (fa = 0; fa < Ports; fa = fa + 1) begin
      // never a free of a register that is not allocated, never a grant of an allocated one
      if (fr_valid_i[fa] && !fr_err_o[fa]) assert(used_q[fr_id_i[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa]) assert(!used_q[al_id_o[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa] && bank_aware_i)
        assert(al_id_o[fa*IdBits +: IdBits] % Banks == al_bank_i[fa*BankBits +: BankBits]);
      f_view = used_q;
      for (fb = 0; fb < fa; fb = fb + 1)
        if (al_gnt_o[fb]) f_view[al_id_o[fb*IdBits +: IdBits]] = 1'b1;
      if (al_valid_i[fa] && !al_gnt_o[fa])
        for (fk = 0; fk < PhysRegs; fk = fk + 1)
          assert(f_view[fk] || (bank_aware_i && fk % Banks != al_bank_i[fa*BankBits +: BankBits]));
      for (fb = fa + 1; fb < Ports; fb = fb + 1)
        if (al_gnt_o[fa] && al_gnt_o[fb]) assert(al_id_o[fa*IdBits +: IdBits] != al_id_o[fb*IdBits +: IdBits]);
      // the port takes the first register of its list in the policy's order, as if the ports
      // searched in turn (each after the earlier ports' picks)
      fx = al_id_o[fa*IdBits +: IdBits];
      fs = (last_q + Stride) % PhysRegs;
      fcx = 0;
      for (fg = 0; fg < NG; fg = fg + 1) begin
        f_vc[fg*(IdBits+1) +: IdBits+1] = f_gcnt(f_view, fg);
        if (grp(fx) == fg) fcx = f_vc[fg*(IdBits+1) +: IdBits+1];
      end
      if (al_gnt_o[fa])
        for (fk = 0; fk < PhysRegs; fk = fk + 1)
          if (fk != fx && !f_view[fk] && (!bank_aware_i || fk % Banks == al_bank_i[fa*BankBits +: BankBits])) begin
            if (policy_i == 2'd0)
              assert(fcx > f_vc[grp(fk)*(IdBits+1) +: IdBits+1] ||
                     (fcx == f_vc[grp(fk)*(IdBits+1) +: IdBits+1] &&
                      (grp(fx) < grp(fk) || (grp(fx) == grp(fk) && fx < fk))));
            else if (policy_i == 2'd1)
              assert((fx + PhysRegs - fs) % PhysRegs < (fk + PhysRegs - fs) % PhysRegs);
            else
              assert(fx < fk);
          end
    end
  end
