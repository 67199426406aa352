// avail_props.vh: the formal properties of avail (rtl/avail.v, `ifdef FORMAL), included inside
// the module; the contract they check is stated in avail.v's header.
  reg f_init = 1'b0;
  reg [PhysRegs-1:0] f_used_q;          // grants and reserves less the accepted frees
  reg [PhysRegs-1:0] f_view;            // the flags with the earlier ports' grants
  reg [Banks*SaBits-1:0] f_win, f_ptr;  // the windows and last groups the policy gives
  reg [Banks-1:0] f_wok;
  reg [PhysRegs-1:0] f_prev;           // the flags a cycle before
  integer fa, fb, fl, fg, fr, fc, fm, fq, fd, fbest, fx;
  reg f_in, f_gi;
  // allocated registers of group ng in v
  function integer f_gcnt(input [PhysRegs-1:0] v, input integer ng);
    integer q;
    begin
      f_gcnt = 0;
      for (q = 0; q < SaRows; q = q + 1) if (v[regof(ng, q)]) f_gcnt = f_gcnt + 1;
    end
  endfunction
  // does list ll hold group ng
  function f_inl(input integer ll, input integer ng);
    f_inl = bank_aware_i ? ng % Banks == ll : ll == 0;
  endfunction
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i)
    if (!rst_ni) begin
      f_used_q <= {PhysRegs{1'b0}};
      f_prev   <= {PhysRegs{1'b0}};
      f_win    <= W0;
      f_ptr    <= W0;
      f_wok    <= {Banks{1'b1}};
    end else begin
      f_prev <= used_q;
      for (fc = 0; fc < Ports; fc = fc + 1)
        if (al_gnt_o[fc]) f_used_q[al_id_o[fc*IdBits +: IdBits]] <= 1'b1;
      for (fc = 0; fc < Ports; fc = fc + 1)
        if (fr_valid_i[fc] && !fr_err_o[fc] && {{(32-IdBits){1'b0}}, fr_id_i[fc*IdBits +: IdBits]} < PhysRegs)
          f_used_q[fr_id_i[fc*IdBits +: IdBits]] <= 1'b0;
      for (fc = 0; fc < Ports; fc = fc + 1)
        if (rs_valid_i[fc] && {{(32-IdBits){1'b0}}, rs_id_i[fc*IdBits +: IdBits]} < PhysRegs)
          f_used_q[rs_id_i[fc*IdBits +: IdBits]] <= 1'b1;
      // the policy's window over the flags before the edge, the ports' grants naming the last
      for (fm = 0; fm < Banks; fm = fm + 1) begin
        f_gi = 1'b0;
        for (fc = 0; fc < Ports; fc = fc + 1)
          if (al_gnt_o[fc] && (bank_aware_i ? al_bank_i[fc*BankBits +: BankBits] == fm : fm == 0))
            f_gi = 1'b1;
        fx = f_gi ? win_q[fm*SaBits +: SaBits] : f_ptr[fm*SaBits +: SaBits];
        f_ptr[fm*SaBits +: SaBits] <= fx[SaBits-1:0];
        fbest = -1;
        for (fd = 1; fd <= NG; fd = fd + 1) begin
          fq = policy_i == 2'd1 ? (fx + fd) % NG : fd - 1;
          if (f_inl(fm, fq) && f_gcnt(used_q, fq) < SaRows && (fbest < 0 ||
              (policy_i == 2'd0 && f_gcnt(f_prev, fq) > f_gcnt(f_prev, fbest))))
            fbest = fq;
        end
        f_wok[fm] <= fbest >= 0;
        f_win[fm*SaBits +: SaBits] <= fbest < 0 ? {SaBits{1'b0}} : fbest[SaBits-1:0];
      end
    end
  always @* if (f_init && rst_ni) begin
    assert(used_q == f_used_q);
    assert(win_q == f_win && wok_q == f_wok && ptr_q == f_ptr);
    for (fg = 0; fg < NG; fg = fg + 1) assert(cnt_v[fg*CntBits +: CntBits] == f_gcnt(f_prev, fg));
    for (fa = 0; fa < Ports; fa = fa + 1) begin
      // never a free of a register that is not allocated, never a grant of an allocated one
      if (fr_valid_i[fa] && !fr_err_o[fa]) assert(used_q[fr_id_i[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa]) assert(!used_q[al_id_o[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa] && bank_aware_i)
        assert(al_id_o[fa*IdBits +: IdBits] % Banks == al_bank_i[fa*BankBits +: BankBits]);
      for (fb = fa + 1; fb < Ports; fb = fb + 1)
        if (al_gnt_o[fa] && al_gnt_o[fb]) assert(al_id_o[fa*IdBits +: IdBits] != al_id_o[fb*IdBits +: IdBits]);
      // the port takes the lowest row of its list's window free after the earlier ports'
      // grants; refused only when there is none
      f_view = used_q;
      for (fb = 0; fb < fa; fb = fb + 1)
        if (al_gnt_o[fb]) f_view[al_id_o[fb*IdBits +: IdBits]] = 1'b1;
      fl = bank_aware_i ? al_bank_i[fa*BankBits +: BankBits] : 0;
      fg = fl < Banks ? win_q[fl*SaBits +: SaBits] : 0;
      if (al_valid_i[fa] && fl < Banks && wok_q[fl] && f_inl(fl, fg)) begin
        f_in = 1'b0;
        for (fr = 0; fr < SaRows; fr = fr + 1) begin
          if (al_gnt_o[fa] && al_id_o[fa*IdBits +: IdBits] == regof(fg, fr)) f_in = 1'b1;
          if (!f_in && !f_view[regof(fg, fr)]) assert(al_gnt_o[fa] && al_id_o[fa*IdBits +: IdBits] == regof(fg, fr));
        end
        assert(f_in == al_gnt_o[fa]);
      end else
        assert(!al_gnt_o[fa]);
    end
  end
