// rc_props.vh: the formal properties of rc (rtl/rc.v, `ifdef FORMAL), included inside the
// module; the contract they check is stated in rc.v's header.
  reg f_init = 1'b0;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  // a dirty line whose register left it last cycle, and whether a last-use read or a
  // warp-invalidate of that register excused it
  reg [Lines-1:0]          f_lost_q, f_excused_q;
  reg [Lines*WarpBits-1:0] f_warp_q;
  reg [Lines*RegBits-1:0]  f_reg_q;
  reg                      f_ex, f_out;
  integer fa, fb, fp;
  always @(posedge clk_i) begin
    f_lost_q <= {Lines{1'b0}};
    for (fa = 0; fa < Lines; fa = fa + 1) begin
      f_warp_q[fa*WarpBits +: WarpBits] <= warp_q[fa*WarpBits +: WarpBits];
      f_reg_q[fa*RegBits +: RegBits] <= reg_q[fa*RegBits +: RegBits];
      if (rst_ni && valid_q[fa] && dirty_q[fa] &&
          (!fv[fa] || pw[fa*WarpBits +: WarpBits] != warp_q[fa*WarpBits +: WarpBits] ||
           pr[fa*RegBits +: RegBits] != reg_q[fa*RegBits +: RegBits]))
        f_lost_q[fa] <= 1'b1;
      f_ex = inv_valid_i && inv_warp_i == warp_q[fa*WarpBits +: WarpBits];
      for (fp = 0; fp < RPorts; fp = fp + 1)
        if (rd_valid_i[fp] && rd_last_i[fp] && set_ok(rd_slot_i[fp*SlotBits +: SlotBits]) &&
            rd_warp_i[fp*WarpBits +: WarpBits] == warp_q[fa*WarpBits +: WarpBits] &&
            rd_reg_i[fp*RegBits +: RegBits] == reg_q[fa*RegBits +: RegBits] &&
            in_set(fa, set_of(rd_warp_i[fp*WarpBits +: WarpBits], rd_reg_i[fp*RegBits +: RegBits],
                              rd_slot_i[fp*SlotBits +: SlotBits])))
          f_ex = 1'b1;
      f_excused_q[fa] <= f_ex;
    end
  end
  // a write done this cycle (its warp not invalidated): its register
  reg [WPorts-1:0]          f_wr_q;
  reg [WPorts*WarpBits-1:0] f_wrw_q;
  reg [WPorts*RegBits-1:0]  f_wrr_q;
  reg                       f_in;
  always @(posedge clk_i)
    for (fp = 0; fp < WPorts; fp = fp + 1) begin
      f_wr_q[fp] <= rst_ni && wr_done_o[fp] && !(inv_valid_i && inv_warp_i == wr_warp_i[fp*WarpBits +: WarpBits]);
      f_wrw_q[fp*WarpBits +: WarpBits] <= wr_warp_i[fp*WarpBits +: WarpBits];
      f_wrr_q[fp*RegBits +: RegBits] <= wr_reg_i[fp*RegBits +: RegBits];
    end
  always @* if (f_init && rst_ni)
    for (fp = 0; fp < WPorts; fp = fp + 1) begin
      // a write is done only when asked for, and its register is cached the next cycle
      if (wr_done_o[fp]) assert(wr_valid_i[fp]);
      if (wr_done_o[fp] && fl_valid_i && Partition == 1)
        assert(wr_slot_i[fp*SlotBits +: SlotBits] != fl_slot_i);
      f_in = 1'b0;
      for (fa = 0; fa < Lines; fa = fa + 1)
        if (valid_q[fa] && warp_q[fa*WarpBits +: WarpBits] == f_wrw_q[fp*WarpBits +: WarpBits] &&
            reg_q[fa*RegBits +: RegBits] == f_wrr_q[fp*RegBits +: RegBits])
          f_in = 1'b1;
      if (f_wr_q[fp]) assert(f_in);
    end
  always @* if (f_init && rst_ni) begin
    for (fa = 0; fa < Lines; fa = fa + 1) begin
      // a lost dirty register is on an eviction port unless excused
      f_out = 1'b0;
      for (fp = 0; fp < WPorts; fp = fp + 1)
        if (ev_valid_o[fp] && ev_warp_o[fp*WarpBits +: WarpBits] == f_warp_q[fa*WarpBits +: WarpBits] &&
            ev_reg_o[fp*RegBits +: RegBits] == f_reg_q[fa*RegBits +: RegBits])
          f_out = 1'b1;
      if (f_lost_q[fa]) assert(f_out || f_excused_q[fa]);
      // the ranks of a set are a permutation (the victim order is total)
      assert(lru_q[fa*WayBits +: WayBits] < Ways);
      for (fb = 0; fb < Lines; fb = fb + 1)
        if (fa < fb && fa / Ways == fb / Ways)
          assert(lru_q[fa*WayBits +: WayBits] != lru_q[fb*WayBits +: WayBits]);
      // no (warp, register) twice in a set
      for (fb = 0; fb < Lines; fb = fb + 1)
        if (fa < fb && fa / Ways == fb / Ways && valid_q[fa] && valid_q[fb])
          assert(warp_q[fa*WarpBits +: WarpBits] != warp_q[fb*WarpBits +: WarpBits] ||
                 reg_q[fa*RegBits +: RegBits] != reg_q[fb*RegBits +: RegBits]);
    end
  end
